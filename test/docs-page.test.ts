/**
 * The reference page is light and whole: /docs and /docs/ answer, the
 * browser's favicon is served, and the Swagger assets travel compressed
 * (brotli or gzip, as the client takes) with caching headers, so the page
 * and its scripts and styles transfer under 700 KB.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { readSwaggerAsset } from '../src/server/docs-assets-node.js';

const BUDGET_BYTES = 700 * 1024;
/** What Chromium sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

function docsApp() {
  return createApp({ docsAssets: readSwaggerAsset });
}

/** The page, then each script, style and icon it names, with their bytes as sent. */
async function transfer(app: ReturnType<typeof docsApp>, path: string, acceptEncoding: string) {
  const headers = { 'accept-encoding': acceptEncoding };
  const res = await app.request(path, { headers });
  const html = await res.text();
  const sizes = [{ path, status: res.status, bytes: new TextEncoder().encode(html).length, encoding: null as string | null }];
  for (const [, asset] of html.matchAll(/(?:src|href)="(\/[^"]+)"/g)) {
    const answer = await app.request(asset ?? '', { headers });
    sizes.push({
      path: asset ?? '',
      status: answer.status,
      bytes: (await answer.arrayBuffer()).byteLength,
      encoding: answer.headers.get('content-encoding'),
    });
  }
  return sizes;
}

describe('the reference page', () => {
  it.each(['/docs', '/docs/'])('answers %s with the page', async (path) => {
    const res = await docsApp().request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('SwaggerUIBundle');
  });

  it('serves a favicon, at /favicon.ico and where the page names it', async () => {
    const app = docsApp();
    const html = await (await app.request('/docs')).text();
    const icon = /<link rel="icon"[^>]* href="([^"]+)"/.exec(html)?.[1] ?? '';
    for (const path of [icon, '/favicon.ico']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      // The PNG signature.
      expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    }
  });

  it.each([
    { accept: 'br', encoding: 'br', decode: brotliDecompressSync },
    { accept: 'gzip, deflate', encoding: 'gzip', decode: gunzipSync },
    { accept: BROWSER_ENCODINGS, encoding: 'br', decode: brotliDecompressSync },
    { accept: 'br;q=0, gzip', encoding: 'gzip', decode: gunzipSync },
  ])('sends the bundle compressed as $encoding to a client taking "$accept"', async ({ accept, encoding, decode }) => {
    const app = docsApp();
    const plain = new Uint8Array(await (await app.request('/docs/assets/swagger-ui-bundle.js')).arrayBuffer());
    const res = await app.request('/docs/assets/swagger-ui-bundle.js', { headers: { 'accept-encoding': accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const sent = new Uint8Array(await res.arrayBuffer());
    expect(sent.length).toBeLessThan(plain.length / 3);
    expect(Buffer.from(decode(sent)).equals(Buffer.from(plain))).toBe(true);
  });

  it.each(['', 'identity', 'gzip;q=0, br;q=0'])('sends the bytes as they are to a client taking "%s"', async (accept) => {
    const res = await docsApp().request('/docs/assets/swagger-ui.css', { headers: { 'accept-encoding': accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toContain('.swagger-ui');
  });

  it('lets browsers keep the assets, and answers 304 to a copy still current', async () => {
    const app = docsApp();
    const first = await app.request('/docs/assets/swagger-ui.css');
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d{4,}/);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await app.request('/docs/assets/swagger-ui.css', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await app.request('/docs/assets/swagger-ui.css', { headers: { 'if-none-match': '"other"' } });
    expect(stale.status).toBe(200);
  });

  it.each([BROWSER_ENCODINGS, 'gzip'])('transfers the page, its scripts and its styles in under 700 KB (accepting %s)', async (accept) => {
    const sizes = await transfer(docsApp(), '/docs/', accept);
    expect(sizes.map((size) => size.status)).toEqual(sizes.map(() => 200));
    expect(sizes.map((size) => size.path)).toEqual(
      expect.arrayContaining(['/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css']),
    );
    const total = sizes.reduce((sum, size) => sum + size.bytes, 0);
    expect(total, JSON.stringify(sizes)).toBeLessThan(BUDGET_BYTES);
  });
});
