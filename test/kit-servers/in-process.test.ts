/**
 * The in-process fetch the kit's tests reach their servers with answers as the same server does over 127.0.0.1:
 * the method, headers and body arrive; status, headers and bytes come back; no body for HEAD and 204; an aborted
 * signal rejects instead of waiting for a server that never answers.
 */
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { inProcessFetch } from './in-process.js';

const echo: RequestListener = async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (req.url === '/never') return; // answers nothing, ever
  const status = req.url === '/empty' ? 204 : req.method === 'POST' ? 201 : 200;
  const body = JSON.stringify({
    method: req.method,
    url: req.url,
    auth: req.headers.authorization,
    body: Buffer.concat(chunks).toString(),
  });
  res.writeHead(status, { 'content-type': 'application/json', 'x-one': 'a', 'set-cookie': ['k=1', 'l=2'] });
  res.end(status === 204 ? undefined : body);
};

const server = createServer(echo);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const inProcess = inProcessFetch(echo);
const seen = async (res: Response) => ({
  status: res.status,
  type: res.headers.get('content-type'),
  one: res.headers.get('x-one'),
  cookies: res.headers.getSetCookie(),
  text: await res.text(),
});

describe('inProcessFetch', () => {
  it.each([
    ['POST with a body and a token', '/api/v1/tools?x=1', { method: 'POST', headers: { authorization: 'Bearer t' }, body: '{"name":"n"}' }],
    ['GET', '/api/v1/tools', {}],
    ['HEAD', '/api/v1/tools', { method: 'HEAD' }],
    ['a 204', '/empty', { method: 'DELETE' }],
  ] as const)('answers %s as the server does over HTTP', async (_, path, init) => {
    const overHttp = await seen(await fetch(`${base}${path}`, init));
    const inMemory = await seen(await inProcess(`${base}${path}`, init));
    expect(inMemory).toEqual(overHttp);
  });

  it('hands the listener the method, path, token and body sent', async () => {
    const init = { method: 'POST', headers: { authorization: 'Bearer t' }, body: '{"name":"n"}' };
    const res = await inProcess(`${base}/api/v1/tools?x=1`, init);
    expect(await res.json()).toEqual({ method: 'POST', url: '/api/v1/tools?x=1', auth: 'Bearer t', body: '{"name":"n"}' });
  });

  it('rejects as fetch does when its signal aborts, though the server never answers', async () => {
    const error = await inProcess(`${base}/never`, { signal: AbortSignal.timeout(50) }).catch((thrown: unknown) => thrown);
    expect((error as Error).name).toBe('TimeoutError');
  });
});
