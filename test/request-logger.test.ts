/**
 * The request log apart from the CLI: the framework-free logger (the line any server makes, Hono's middleware or
 * not) and the writer's batches (order, and the bound while nobody reads).
 */
import { PassThrough, Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { batchedWriter, FLUSH_MS } from '../src/cli/terminal.js';
import { createApp } from '../src/http/app.js';
import { createRequestLogger, type RequestLogEntry, type RequestLogger } from '../src/http/request-logger.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the framework-free request logger', () => {
  // 2026-11-28 09:14:03.512 in the machine's time zone, as the line shows it.
  const AT = new Date(2026, 10, 28, 9, 4, 3, 12).getTime();
  const entry = (over: Partial<RequestLogEntry> = {}): RequestLogEntry => ({
    method: 'GET',
    sentPath: '/api/v1/tools?limit=1',
    status: 200,
    ms: 0.44,
    org: { name: 'Demo Org' },
    problemTitle: undefined,
    ...over,
  });
  const linesOf = (entries: RequestLogEntry[], color = false) => {
    const lines: string[] = [];
    const logger = createRequestLogger({ write: (line) => lines.push(line), color });
    for (const one of entries) logger.line(one);
    return lines;
  };

  it('formats time, method, path as sent, status, milliseconds, organization and a 4xx title', () => {
    vi.spyOn(Date, 'now').mockReturnValue(AT);
    expect(
      linesOf([
        entry(),
        entry({ method: 'DELETE', sentPath: '/api/v1/assistants/a%20b', status: 403, ms: 12.6, problemTitle: 'Forbidden Error' }),
        entry({ status: 401, ms: 9.96, org: undefined, problemTitle: 'Unauthorized' }),
        // A 5xx's title is not shown, nor a 2xx's.
        entry({ status: 500, ms: 0, problemTitle: 'Internal Server Error' }),
        entry({ problemTitle: 'ignored' }),
        // A whole URL loses its scheme and host; C1 controls and long paths are escaped and cut.
        entry({ sentPath: 'http://localhost/x\u009b2J' }),
        entry({ sentPath: `/${'p'.repeat(300)}`, org: { name: 'Evil\x1b[2J' } }),
      ]),
    ).toEqual([
      '09:04:03.012 GET /api/v1/tools?limit=1 200 0.4 ms  Demo Org\n',
      '09:04:03.012 DELETE /api/v1/assistants/a%20b 403 13 ms  Demo Org  Forbidden Error\n',
      '09:04:03.012 GET /api/v1/tools?limit=1 401 10.0 ms  -  Unauthorized\n',
      '09:04:03.012 GET /api/v1/tools?limit=1 500 0.0 ms  Demo Org\n',
      '09:04:03.012 GET /api/v1/tools?limit=1 200 0.4 ms  Demo Org\n',
      '09:04:03.012 GET /x\\u009B2J 200 0.4 ms  Demo Org\n',
      `09:04:03.012 GET /${'p'.repeat(198)}… 200 0.4 ms  Evil\\u001B[2J\n`,
    ]);
  });

  it('colours status, time and title for a terminal', () => {
    vi.spyOn(Date, 'now').mockReturnValue(AT + 13 * 3_600_000 + 500);
    expect(linesOf([entry({ status: 404, problemTitle: 'Not Found Error' }), entry({ status: 302 })], true)).toEqual([
      '\x1b[2m22:04:03.512\x1b[0m GET /api/v1/tools?limit=1 \x1b[33m404\x1b[0m \x1b[2m0.4 ms\x1b[0m  Demo Org  \x1b[33mNot Found Error\x1b[0m\n',
      '\x1b[2m22:04:03.512\x1b[0m GET /api/v1/tools?limit=1 \x1b[36m302\x1b[0m \x1b[2m0.4 ms\x1b[0m  Demo Org\n',
    ]);
  });

  it('leaves the control API out unless asked', () => {
    const quiet = createRequestLogger({ write: () => {} });
    const all = createRequestLogger({ write: () => {}, control: true });
    expect([quiet.enabled('/api/v1/tools'), quiet.enabled('/__mock/tenants'), all.enabled('/__mock/tenants')]).toEqual([true, false, true]);
  });

  it('makes the line the Hono middleware makes from the same request', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(AT);
    const fromApp: string[] = [];
    const seen: RequestLogEntry[] = [];
    const inner = createRequestLogger({ write: (line) => fromApp.push(line) });
    // The app takes a logger too (as a server that also answers without Hono shares one): this one notes what it is given.
    const noting: RequestLogger = {
      enabled: inner.enabled,
      line(one) {
        seen.push(one);
        inner.line(one);
      },
    };
    const app = createApp({ requestLog: noting });
    await app.request('/api/v1/tools?limit=1&q=a%2Fb', { headers: { authorization: 'Bearer demo-token' } });
    await app.request('/api/v1/schemas/nope', { headers: { authorization: 'Bearer demo-token' } });
    await app.request('/api/v1/webhooks');
    await app.request('/__mock/tenants');
    // What a server answering without Hono knows: the method, Node's request target, the status, its own timing.
    const byHand = linesOf(
      seen.map((one, i) => ({
        method: 'GET',
        sentPath: ['/api/v1/tools?limit=1&q=a%2Fb', '/api/v1/schemas/nope', '/api/v1/webhooks'][i] as string,
        status: one.status,
        ms: one.ms,
        org: one.org,
        problemTitle: one.problemTitle,
      })),
    );
    expect(fromApp).toHaveLength(3);
    expect(byHand).toEqual(fromApp);
    expect(fromApp[0]).toMatch(/^09:04:03\.012 GET \/api\/v1\/tools\?limit=1&q=a%2Fb 200 \d+(\.\d)? ms {2}\S/);
    expect(fromApp[1]).toMatch(/ 404 .* {2}Not Found Error\n$/);
    expect(fromApp[2]).toMatch(/ 401 .* {2}- {2}Unauthorized\n$/);
  });
});

/** A stream that takes every write at once and keeps what it was given, write by write. */
function recorder() {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString());
      done();
    },
  });
  return { stream, writes };
}

describe('the request log writer', () => {
  it('writes a batch when its time is up, whatever turns its lines came in, and one past the batch size at once, losing and reordering nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { stream, writes } = recorder();
    const write = batchedWriter(stream, 1000, 5);
    const sent: string[] = [];
    const log = (n: number) => {
      const line = `line ${String(n).padStart(5, '0')} ${'.'.repeat(n % 90)}\n`;
      sent.push(line);
      write(line);
    };
    // Three lines in three turns: held until the first has waited its 5 ms, then one write.
    for (let i = 0; i < 3; i++) {
      log(i);
      await turn();
    }
    vi.advanceTimersByTime(4);
    expect(writes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(writes).toEqual([sent.join('')]);
    // 5,000 lines in one turn: batches of about 1,000 characters as they fill, not one write of 250 kB.
    for (let i = 3; i < 5_003; i++) log(i);
    expect(writes.join('')).toBe(sent.join('').slice(0, writes.join('').length));
    expect(writes.length).toBeGreaterThan(200);
    vi.advanceTimersByTime(5);
    for (let i = 5_003; i < 5_010; i++) log(i);
    vi.advanceTimersByTime(5);
    expect(writes.join('')).toBe(sent.join(''));
    expect(Math.max(...writes.map((text) => text.length))).toBeLessThan(1_000 + 100);
    // Nothing left waiting: no timer and no empty write.
    const count = writes.length;
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(100);
    expect(writes.length).toBe(count);
  });

  it('writes a full batch without waiting for its timer, and the timer then writes nothing', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { stream, writes } = recorder();
    const write = batchedWriter(stream, 100, 5);
    const line = `${'a'.repeat(49)}\n`;
    write(line);
    expect(vi.getTimerCount()).toBe(1);
    write(line);
    // 100 characters: written now, its timer cleared.
    expect(writes).toEqual([line + line]);
    expect(vi.getTimerCount()).toBe(0);
    write('b\n');
    vi.advanceTimersByTime(5);
    expect(writes).toEqual([line + line, 'b\n']);
  });

  it('does not hold the process open: its timer is unreferenced, and the exit writes what is left', () => {
    const { stream, writes } = recorder();
    const exits = process.listeners('exit').length;
    const write = batchedWriter(stream, 1000, 60_000);
    const flushOnExit = process.listeners('exit')[exits] as () => void;
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const held = timers();
    write('last\n');
    expect(writes).toEqual([]);
    expect(timers()).toBe(held);
    // What the exit does (the event itself would end the test's process).
    flushOnExit();
    process.removeListener('exit', flushOnExit);
    expect(writes).toEqual(['last\n']);
  });

  it('holds at most the high-water mark and two batches while a reader is stuck, within one turn too', async () => {
    const stream = new PassThrough({ highWaterMark: 16 * 1024 });
    const write = batchedWriter(stream, 4096);
    const line = `${'z'.repeat(99)}\n`;
    let most = 0;
    // 100,000 lines (10 MB) in one turn and then over 100 turns; nobody reads.
    for (let i = 0; i < 100_000; i++) {
      write(line);
      most = Math.max(most, stream.writableLength);
    }
    for (let round = 0; round < 100; round++) {
      for (let i = 0; i < 1_000; i++) write(line);
      await turn();
      most = Math.max(most, stream.writableLength);
    }
    expect(most).toBeLessThanOrEqual(16 * 1024 + 2 * (4096 + line.length));
    let read = '';
    stream.on('data', (chunk: Buffer) => {
      read += chunk.toString();
    });
    await new Promise((resolve) => stream.once('drain', resolve));
    await turn();
    const dropped = Number(/(\d+) request log lines dropped/.exec(read)?.[1]);
    expect(read.split('\n').filter((text) => text.startsWith('z')).length + dropped).toBe(200_000);
  });

  it('drops every line once the reader is gone, holding nothing', async () => {
    const stream = new PassThrough();
    stream.on('error', () => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const write = batchedWriter(stream, 4096);
    write('before\n');
    vi.advanceTimersByTime(FLUSH_MS);
    expect(stream.read()?.toString()).toBe('before\n');
    stream.destroy();
    for (let i = 0; i < 10_000; i++) write(`${'w'.repeat(99)}\n`);
    await turn();
    expect(stream.writableLength).toBeLessThan(4096 + 100);
  });
});
