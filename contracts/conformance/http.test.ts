/** The kit's one sender: a throttled request is sent again after the wait it asks for, within a budget per target. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_ANSWER_BYTES, send, TransportError } from './target/http.js';
import type { Target } from './types.js';

/** A target at `host` whose every request `answer` handles, counting them in `counter.calls`. */
function countingTarget(host: string, answer: (call: number) => Response | Promise<Response>) {
  const counter = { calls: 0 };
  const target: Target = { baseUrl: `http://${host}`, token: 't', fetch: async () => answer(++counter.calls) };
  return { target, counter };
}

/** A target that throttles every request, asking for `retryAfter` seconds; `calls` counts what reached it. */
function throttlingTarget(retryAfter: string) {
  return countingTarget(
    'throttled.test',
    () => new Response('{}', { status: 429, headers: { 'retry-after': retryAfter, 'content-type': 'application/json' } }),
  );
}

async function sendAndWait(target: Target) {
  const pending = send(target, { method: 'GET', path: '/api/v1/schemas' });
  await vi.runAllTimersAsync();
  return (await pending).reply;
}

describe('send', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a throttled request again, three times at most, then gives the last answer', async () => {
    vi.useFakeTimers();
    const { target, counter } = throttlingTarget('0');
    expect((await sendAndWait(target)).status).toBe(429);
    expect(counter.calls).toBe(4);
  });

  it('does not wait longer than 5 s: the answer is given as it is', async () => {
    vi.useFakeTimers();
    const long = throttlingTarget('60');
    expect((await sendAndWait(long.target)).status).toBe(429);
    expect(long.counter.calls).toBe(1);
  });

  it('sends a throttled request without a token again too: a 429 is not the refusal it asks about', async () => {
    vi.useFakeTimers();
    const tokenless = throttlingTarget('0');
    const pending = send(tokenless.target, { method: 'GET', path: '/api/v1/schemas', credentials: 'none' });
    await vi.runAllTimersAsync();
    expect((await pending).reply.status).toBe(429);
    expect(tokenless.counter.calls).toBe(4);
  });

  it('waits no more than 30 s in all for one target: past that, a throttled answer is given at once', async () => {
    vi.useFakeTimers();
    const { target, counter } = throttlingTarget('5');
    // Two requests use up the budget (3 waits of 5 s each) ...
    await sendAndWait(target);
    await sendAndWait(target);
    expect(counter.calls).toBe(8);
    // ... and the third is not sent again.
    await sendAndWait(target);
    expect(counter.calls).toBe(9);
    // Another target has its own budget.
    const other = throttlingTarget('5');
    await sendAndWait(other.target);
    expect(other.counter.calls).toBe(4);
  });

  it('takes a negative Retry-After as absent: it does not give back the spent wait budget', async () => {
    vi.useFakeTimers();
    // Every answer asks for 5 s but the ninth, which asks for -100 s.
    const { target, counter } = countingTarget(
      'negative.test',
      (call) =>
        new Response('{}', { status: 429, headers: { 'retry-after': call === 9 ? '-100' : '5', 'content-type': 'application/json' } }),
    );
    await sendAndWait(target);
    await sendAndWait(target);
    expect(counter.calls).toBe(8);
    // The budget is spent: neither the negative wait nor the next 5 s one is waited for.
    await sendAndWait(target);
    await sendAndWait(target);
    expect(counter.calls).toBe(10);
  });

  it('does not send again what was answered', async () => {
    let calls = 0;
    const target: Target = {
      baseUrl: 'http://fine.test',
      token: 't',
      fetch: async () => {
        calls++;
        return new Response('[]', { status: 503, headers: { 'content-type': 'application/json' } });
      },
    };
    // A 503 without Retry-After is an answer to judge, not a request to repeat.
    expect((await send(target, { method: 'GET', path: '/api/v1/schemas' })).reply.status).toBe(503);
    expect(calls).toBe(1);
  });
});

describe('reading an answer', () => {
  /** A target whose every answer is `body`, as a stream the test can watch being read. */
  function streamingTarget(chunks: () => Iterable<Uint8Array>, headers: Record<string, string> = {}) {
    const read = { bytes: 0, cancelled: false };
    const target: Target = {
      baseUrl: 'http://endless.test',
      token: 't',
      fetch: async () => {
        const source = chunks()[Symbol.iterator]();
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            const next = source.next();
            if (next.done) return controller.close();
            read.bytes += next.value.byteLength;
            controller.enqueue(next.value);
          },
          cancel() {
            read.cancelled = true;
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...headers } });
      },
    };
    return { target, read };
  }
  const MiB = new Uint8Array(1024 * 1024).fill(0x20);

  it('stops reading an endless answer past MAX_ANSWER_BYTES and says so, instead of filling the memory', async () => {
    // Endless as far as the cap goes: a few MiB past it, so a missing cap reads it whole and the test fails instead of running out of memory.
    const { target, read } = streamingTarget(function* () {
      for (let sent = 0; sent < MAX_ANSWER_BYTES / MiB.byteLength + 4; sent++) yield MiB;
    });

    // A reply read whole is reduced to a word: printing its 68 MiB in a failed assertion would take minutes.
    const failure = await send(target, { method: 'GET', path: '/api/v1/schemas' }).then(
      () => 'read whole',
      (error: unknown) => error,
    );

    expect(failure).toBeInstanceOf(TransportError);
    expect(failure).toMatchObject({ code: 'TOO_LARGE', message: 'the answer is larger than 64 MiB; the kit read no further' });
    expect(read.cancelled).toBe(true);
    expect(read.bytes).toBeLessThan(MAX_ANSWER_BYTES + 4 * MiB.byteLength);
  });

  it('refuses at once an answer whose Content-Length is over the limit', async () => {
    const { target, read } = streamingTarget(() => [MiB], { 'content-length': String(MAX_ANSWER_BYTES + 1) });

    // Compared as a word: a failure printing a megabyte-long reply would take the diff minutes.
    const outcome = await send(target, { method: 'GET', path: '/api/v1/schemas' }).then(
      () => 'read whole',
      (error: TransportError) => error.code,
    );
    expect(outcome).toBe('TOO_LARGE');
    expect(read.bytes).toBeLessThanOrEqual(MiB.byteLength);
  });

  it('reads an answer of any size up to the limit, with bytes that are not UTF-8 replaced', async () => {
    const { target } = streamingTarget(() => [new TextEncoder().encode('["a'), new Uint8Array([0xff]), new TextEncoder().encode('"]')]);

    const { reply } = await send(target, { method: 'GET', path: '/api/v1/schemas' });

    expect(reply.body).toEqual(['a\uFFFD']);
  });

  it('reads an answer only up to the bytes a request allows (what is left of a list read), counting what it read', async () => {
    const { target, read } = streamingTarget(function* () {
      for (let sent = 0; sent < 16; sent++) yield MiB;
    });
    const failure = await send(target, { method: 'GET', path: '/api/v1/tools?page=2', maxBytes: 1.5 * MiB.byteLength }).then(
      () => 'read whole',
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 'TOO_LARGE', message: 'the answer is larger than 1.5 MiB; the kit read no further' });
    expect(read.bytes).toBeLessThanOrEqual(4 * MiB.byteLength);

    const { target: small } = streamingTarget(() => [new TextEncoder().encode('["é"]')]);
    const { reply } = await send(small, { method: 'GET', path: '/api/v1/tools', maxBytes: 1024 });
    expect(reply.bytes).toBe(6);
  });
});

describe('the exchanges the kit keeps of long answers', () => {
  it('keep the start of each answer, not the answer: 200 answers of 1 MiB, kept, fit in a heap of 48 MiB', async () => {
    // In a child process of the built kit with a capped heap: a start kept as a slice of the answer's text keeps
    // the whole text alive, and 200 MiB of them run the child out of memory.
    const http = new URL('../../dist/contracts/conformance/target/http.js', import.meta.url).href;
    const script = `
      const { send } = await import(${JSON.stringify(http)});
      const answer = JSON.stringify([{ description: 'x'.repeat(1024 * 1024) }]);
      const target = { baseUrl: 'http://long.test', token: 't', fetch: async () => new Response(answer, { headers: { 'content-type': 'application/json' } }) };
      const kept = [];
      for (let n = 0; n < 200; n++) kept.push((await send(target, { method: 'GET', path: '/api/v1/tools' })).exchange);
      console.log(kept.length, String(kept[0].received.body).length);
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--max-old-space-size=48', '--input-type=module', '-e', script]);
    expect(stdout.trim()).toBe(`200 ${2000 + '… (1048594 characters in all)'.length}`);
  });
});

describe('a kept-alive connection the server had just closed', () => {
  /** A target whose first request fails as undici fails one sent on a connection the server closed. */
  const closingOnce = () =>
    countingTarget('closing.test', (call) => {
      if (call === 1) throw new TypeError('fetch failed', { cause: { code: 'UND_ERR_SOCKET', message: 'other side closed' } });
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    });

  it('has a GET sent once more, on a new connection', async () => {
    const { target, counter } = closingOnce();

    const { reply, exchange } = await send(target, { method: 'GET', path: '/api/v1/schemas' });

    expect([reply.status, counter.calls]).toEqual([200, 2]);
    expect(exchange.note).toBe('sent a second time: the connection of the first was reset (UND_ERR_SOCKET)');
  });

  it('fails any other method at once: it may have been carried out', async () => {
    const { target, counter } = closingOnce();

    await expect(send(target, { method: 'POST', path: '/api/v1/schemas', body: {} })).rejects.toMatchObject({ code: 'UND_ERR_SOCKET' });
    expect(counter.calls).toBe(1);
  });
});
