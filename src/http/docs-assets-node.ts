/**
 * Reads the reference page's assets from the installed swagger-ui-dist
 * package. Node only: the server passes it to `createApp`, so the app itself
 * (which also runs in browsers) never imports Node's modules.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function readSwaggerAsset(file: string): Promise<string> {
  return readFile(require.resolve(`swagger-ui-dist/${file}`), 'utf8');
}
