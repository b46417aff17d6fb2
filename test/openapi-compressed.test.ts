/** /openapi.json leaves the server compressed like the reference page's assets, as each client's Accept-Encoding allows. */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { type RunningServer, startServer } from '../src/server/server.js';

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and undo the coding). */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.once('error', reject);
    req.end();
  });
}

describe('/openapi.json over HTTP', () => {
  let server: RunningServer;
  let document: string;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
    document = await (await createApp().request('/openapi.json')).text();
  });
  afterAll(() => server.close());

  it('is sent with brotli, gzip or as it is, per Accept-Encoding, the same document each way', async () => {
    const br = await get(`${server.url}/openapi.json`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(document.length / 5);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(document);
    const gz = await get(`${server.url}/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString('utf8')).toBe(document);
    const plain = await get(`${server.url}/openapi.json`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json');
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.body.toString('utf8')).toBe(document);
    // Asked again on each load, answered 304 while it is the same document.
    const again = await get(`${server.url}/openapi.json`, { 'if-none-match': String(plain.headers.etag) });
    expect(again.status).toBe(304);
  });
});
