/**
 * A fetch over a new connection per request. Each Pact interaction starts a
 * mock server on a random port and stops it afterwards; a pooled keep-alive
 * connection to a stopped server whose port a later one reuses fails the
 * next request now and then, so contract tests do not pool connections.
 */
import { request } from 'node:http';

/** Sends one request with `agent: false` (no pooling) and answers a standard Response. */
export function freshConnectionFetch(url: string, init: RequestInit): Promise<Response> {
  return new Promise((resolve, reject) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const body = typeof init.body === 'string' ? Buffer.from(init.body) : undefined;
    // Node frames a DELETE body only when told its length.
    if (body) headers['content-length'] = String(body.length);
    const outgoing = request(url, { method: init.method ?? 'GET', headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const status = incoming.statusCode ?? 500;
        const replyHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value !== undefined) replyHeaders.set(name, [value].flat().join(', '));
        }
        const content = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(content, { status, headers: replyHeaders }));
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
