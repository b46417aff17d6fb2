/**
 * Reads the reference page's assets from the installed swagger-ui-dist
 * package and compresses them once (brotli and gzip), off the event loop.
 * Node only: the server passes it to `createApp`, so the app itself (which
 * also runs in browsers) never imports Node's modules.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { DocsAsset } from '../http/docs-page.js';

const require = createRequire(import.meta.url);
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Brotli at quality 9: within a few percent of 11 for the 1.7 MB bundle, in a tenth of a second instead of seconds. */
const BROTLI_QUALITY = 9;

export async function readSwaggerAsset(file: string): Promise<DocsAsset> {
  const body = await readFile(require.resolve(`swagger-ui-dist/${file}`));
  // A PNG is compressed already.
  if (file.endsWith('.png')) return { body, etag: etagOf(body) };
  return compressAsset(body);
}

const etagOf = (body: Uint8Array) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** The bytes with their brotli and gzip forms and an ETag (the OpenAPI document is served this way too). */
export async function compressAsset(body: Uint8Array): Promise<DocsAsset> {
  const etag = etagOf(body);
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipped(body, { level: 9 }),
  ]);
  return { body, br, gzip: gz, etag };
}
