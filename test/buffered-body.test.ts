/**
 * The fast path for a body Node's parser already holds whole: it is taken
 * with one read when the request came with a Content-Length and has been
 * parsed by the next turn of the event loop; anything else is left to
 * @hono/node-server's reader (undefined). The Node request is a stand-in
 * with the fields the reader looks at; over a real port the same paths are
 * driven by test/server.test.ts.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { bufferedBody } from '../src/server/buffered-body.js';
import { createMockState } from '../src/state/mock-state.js';

interface StandIn {
  complete: boolean;
  destroyed: boolean;
  readableDidRead: boolean;
  readableEncoding: string | null;
  headers: Record<string, string>;
  reads: number;
  read(): Uint8Array | null;
}

function standIn(body: string | null, overrides: Partial<StandIn> = {}): StandIn {
  const bytes = body === null ? null : new TextEncoder().encode(body);
  return {
    complete: true,
    destroyed: false,
    readableDidRead: false,
    readableEncoding: null,
    headers: { 'content-length': String(bytes?.length ?? 0) },
    reads: 0,
    read() {
      this.reads += 1;
      return bytes;
    },
    ...overrides,
  };
}

async function readWith(incoming: StandIn | undefined): Promise<string | undefined> {
  const app = new Hono().post('/', async (c) => {
    const bytes = await bufferedBody(c);
    return c.json({ text: bytes === undefined ? null : new TextDecoder().decode(bytes) });
  });
  const res = await app.request('/', { method: 'POST', body: '{}' }, incoming === undefined ? undefined : { incoming });
  const { text } = (await res.json()) as { text: string | null };
  return text ?? undefined;
}

describe('bufferedBody', () => {
  it('takes a complete body with one read', async () => {
    const incoming = standIn('{"name":"Intake"}');
    expect(await readWith(incoming)).toBe('{"name":"Intake"}');
    expect(incoming.reads).toBe(1);
  });

  it('gives an empty body for a complete request with nothing buffered', async () => {
    expect(await readWith(standIn(null))).toBe('');
  });

  it('waits one turn of the event loop for the parser to finish the body', async () => {
    const incoming = standIn('{"name":"Later"}', { complete: false });
    setImmediate(() => {
      incoming.complete = true;
    });
    expect(await readWith(incoming)).toBe('{"name":"Later"}');
  });

  it.each([
    ['the request came from app.request, not Node', undefined],
    ['the body is chunked (no Content-Length)', standIn('{}', { headers: {} })],
    ['the body is still arriving after a turn', standIn('{}', { complete: false })],
    ['the connection is closed', standIn('{}', { destroyed: true })],
    ['the body has been read already', standIn('{}', { readableDidRead: true })],
    ['the stream decodes to strings', standIn('{}', { readableEncoding: 'utf8' })],
  ])('leaves the body to the stream reader when %s', async (_, incoming) => {
    expect(await readWith(incoming)).toBeUndefined();
    expect(incoming?.reads ?? 0).toBe(0);
  });
});

describe('the app with a runtime body reader (AppOptions.bodyBytes)', () => {
  it('creates from the bytes the reader gives, and reads the Request when it gives none', async () => {
    const given: string[] = [];
    const app = createApp({
      mockState: createMockState({ scenario: 'empty' }),
      bodyBytes: async (c) => {
        given.push(c.req.method);
        return c.req.header('x-from-reader')
          ? new TextEncoder().encode('{"name":"From the reader","type":"Free","properties":{"a":"string"}}')
          : undefined;
      },
    });
    const body = '{"name":"From the request","type":"Free","properties":{"a":"string"}}';
    // A body judged by its Content-Length is the one the runtime may hold whole.
    const post = (headers: Record<string, string>) =>
      app.request('/api/v1/schemas', {
        method: 'POST',
        headers: {
          authorization: 'Bearer demo-token',
          'content-type': 'application/json',
          'content-length': String(body.length),
          ...headers,
        },
        body,
      });
    expect(((await (await post({ 'x-from-reader': '1' })).json()) as { name: string }).name).toBe('From the reader');
    expect(((await (await post({})).json()) as { name: string }).name).toBe('From the request');
    expect(given).toEqual(['POST', 'POST']);
  });
});
