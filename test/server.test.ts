/**
 * The mock over real HTTP: startServer() in-process, and the built CLI
 * (dist/voice-config-mock.cjs, built by `npm test` before vitest runs) as a child
 * process, with its output, flags, PORT variable and clean shutdown.
 * Every child process is killed after its test, whatever happened.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hostHeaderOf, type RunningServer, startServer } from '../src/server/server.js';
import { createMockState } from '../src/state/mock-state.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = 'dist/voice-config-mock.cjs';
const AUTH = { authorization: 'Bearer demo-token' };
const STACK_FRAME = /^\s+at .+[:(]\d+:\d+\)?$/m;

describe('startServer', () => {
  let server: RunningServer | undefined;
  afterEach(async () => {
    await server?.close().catch(() => undefined);
    server = undefined;
  });

  /**
   * The one raw-socket client of these tests: writes raw HTTP in pieces, `pauseMs` apart (after the last one too), and
   * gives back everything answered once `until` holds, then closes the socket. A number waits for that many status
   * lines (0: for none, so the socket closes right after the last pause), a pattern for the whole answer to match.
   */
  async function rawExchange(pieces: string[], until: number | RegExp, pauseMs = 0): Promise<string> {
    const socket = connect(Number(new URL(server?.url ?? '').port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    for (const piece of pieces) {
      socket.write(piece);
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    await vi.waitFor(() =>
      typeof until === 'number' ? expect(answer.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0).toBe(until) : expect(answer).toMatch(until),
    );
    socket.destroy();
    return answer;
  }

  it('serves the api over http on 127.0.0.1', async () => {
    server = await startServer({ port: 0 });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/api/v1/schemas`, { headers: AUTH });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as unknown[];
    expect(Array.isArray(body)).toBe(true);
    expect(body.length).toBeGreaterThanOrEqual(3);
  });

  it('records a body cut off by the client as incomplete, not as a failure of the mock', async () => {
    server = await startServer({ port: 0 });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      // 12 of the 1000 bytes promised, then the socket is closed: no answer is awaited, none can come.
      const answer = await rawExchange(
        [
          'POST /api/v1/schemas HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer demo-token\r\n',
          'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"name":"cut',
        ],
        0,
        100,
      );
      expect(answer).toBe('');
      const journal = async () =>
        ((await (await fetch(`${server?.url}/__mock/journal`)).json()) as { entries: { method: string; status: number }[] }).entries;
      await vi.waitFor(async () => expect((await journal()).filter((entry) => entry.method === 'POST')).toHaveLength(1));
      expect((await journal()).find((entry) => entry.method === 'POST')?.status).toBe(400);
      expect(errors).not.toHaveBeenCalled();
      expect((await fetch(`${server.url}/api/v1/schemas`, { headers: AUTH })).status).toBe(200);
    } finally {
      errors.mockRestore();
    }
  });

  it("with a state file, still calls the caller's own afterWrite, and saves the write", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vcm-after-write-'));
    try {
      const noted: number[] = [];
      server = await startServer({ port: 0, stateFile: join(dir, 'state.json'), afterWrite: () => noted.push(Date.now()) });
      const res = await fetch(`${server.url}/api/v1/schemas`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Noted and saved', properties: { topic: 'string' } }),
      });
      expect(res.status).toBe(201);
      expect(noted).toHaveLength(1);
      await server.close();
      server = undefined;
      expect(readFileSync(join(dir, 'state.json'), 'utf8')).toContain('"name":"Noted and saved"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['a request timeout of 0', { requestTimeoutMs: 0 }],
    ['a port out of range', { port: 70000 }],
    ['an empty control token', { controlToken: '' }],
  ])('lets the state file go when it refuses %s, so a second start on the file succeeds', async (_, refused) => {
    const dir = mkdtempSync(join(tmpdir(), 'vcm-refused-'));
    const stateFile = join(dir, 'state.json');
    try {
      await expect(startServer({ port: 0, stateFile, ...refused })).rejects.toThrow();
      server = await startServer({ port: 0, stateFile });
      expect((await fetch(`${server.url}/api/v1/schemas`, { headers: AUTH })).status).toBe(200);
      await server.close();
      server = undefined;
      expect(existsSync(`${stateFile}.lock`)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const createRequest = (name: string) => {
    const body = JSON.stringify({ name, properties: { topic: 'string' } });
    return `POST /api/v1/schemas HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer demo-token\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  };

  it('reads a body that arrives in pieces, several turns of the event loop after its headers', async () => {
    server = await startServer({ port: 0 });
    const request = createRequest('Arrived in pieces');
    const headEnd = request.indexOf('\r\n\r\n') + 4;
    const body = request.slice(headEnd);
    const answer = await rawExchange([request.slice(0, headEnd), body.slice(0, 5), body.slice(5, 20), body.slice(20)], 1, 30);
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(answer).toContain('"name":"Arrived in pieces"');
  });

  it('reads each body of requests pipelined in one write', async () => {
    server = await startServer({ port: 0 });
    const answer = await rawExchange([createRequest('Pipelined one') + createRequest('Pipelined two')], 2);
    expect(answer.match(/HTTP\/1\.1 201 /g)).toHaveLength(2);
    expect(answer.indexOf('"name":"Pipelined one"')).toBeGreaterThan(0);
    expect(answer.indexOf('"name":"Pipelined two"')).toBeGreaterThan(answer.indexOf('"name":"Pipelined one"'));
  });

  it.each([
    { name: 'an unknown method', request: 'FOO / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', status: 400, kind: 'bad-request' },
    {
      name: 'headers over 16 KB',
      request: `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      status: 431,
      kind: 'headers-too-large',
    },
    {
      name: 'an Expect it cannot meet',
      request: 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: foo\r\n\r\n',
      status: 417,
      kind: 'expectation-failed',
    },
    {
      name: 'a request target that is not a path',
      request: 'OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      status: 400,
      kind: 'bad-request',
    },
    {
      name: 'a Host that is no host name',
      request: 'GET /api/v1/schemas HTTP/1.1\r\nHost: [evil.example]\r\n\r\n',
      status: 400,
      kind: 'bad-request',
    },
    {
      name: 'an unknown path addressed to an IPv4-like Host that is no address',
      request: 'GET /api/v1/nope HTTP/1.1\r\nHost: 256.1.1.1\r\nAuthorization: Bearer demo-token\r\n\r\n',
      status: 404,
      kind: 'not-found',
    },
    {
      name: 'the control API asked in absolute form for another Host (DNS rebinding)',
      request: 'GET http://127.0.0.1/__mock/tenants HTTP/1.1\r\nHost: evil.example\r\n\r\n',
      status: 403,
      kind: 'forbidden',
    },
    {
      name: 'an HTTP/1.1 request without Host',
      request: 'GET /api/v1/schemas HTTP/1.1\r\nAuthorization: Bearer demo-token\r\n\r\n',
      status: 400,
      kind: 'bad-request',
    },
    {
      name: 'a CONNECT, which asks for a tunnel',
      request: 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n',
      status: 400,
      kind: 'bad-request',
    },
    {
      name: 'the control API addressed to an IPv4-like Host that is no address',
      request: 'GET /__mock/tenants HTTP/1.1\r\nHost: 999.999.999.999\r\n\r\n',
      status: 400,
      kind: 'bad-request',
    },
  ])("answers $name, before the app's routes, in the problem shape", async ({ request, status, kind }) => {
    server = await startServer({ port: 0 });
    // Until the whole problem body is in, not just the status line.
    const answer = await rawExchange([request], /\r\n\r\n\{.*\}$/s);
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(head.toLowerCase()).toContain('content-type: application/problem+json');
    expect(JSON.parse(body)).toMatchObject({ type: `urn:voice-config-mock:problem:${kind}`, status, detail: expect.any(String) });
  });

  it('refuses a request without a token over http', async () => {
    server = await startServer({ port: 0 });
    const res = await fetch(`${server.url}/api/v1/schemas`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });

  it('answers a cors preflight with access-control-allow-origin', async () => {
    server = await startServer({ port: 0 });
    const res = await fetch(`${server.url}/api/v1/schemas`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods') ?? '').toMatch(/POST/);
    expect((res.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('authorization');
  });

  it('adds access-control-allow-origin to a cross-origin get', async () => {
    server = await startServer({ port: 0 });
    const res = await fetch(`${server.url}/api/v1/schemas`, { headers: { ...AUTH, origin: 'http://app.example.test' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // A page reads a 401's challenge and a 405's Allow only when they are exposed to it.
    const refused = await fetch(`${server.url}/api/v1/schemas`, { headers: { origin: 'http://app.example.test' } });
    expect(refused.status).toBe(401);
    const exposed = (refused.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['www-authenticate', 'allow']));
  });

  it('refuses a body over the limit before the client sends it, when the client asks first (Expect: 100-continue)', async () => {
    server = await startServer({ port: 0 });
    const head = (length: number) =>
      `POST /api/v1/schemas HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer demo-token\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\n\r\n`;
    const refused = await rawExchange([head(2 * 1024 * 1024)], /\r\n\r\n\{.*\}$/s);
    expect(refused).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused).not.toContain('100 Continue');
    expect(JSON.parse(refused.split('\r\n\r\n')[1] ?? '')).toMatchObject({ type: 'urn:voice-config-mock:problem:payload-too-large' });
    const body = JSON.stringify({ name: 'Asked first', properties: {} });
    const taken = await rawExchange([head(body.length), body], /HTTP\/1\.1 201 [\s\S]*\}$/, 50);
    expect(taken).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
    expect(taken).toContain('"name":"Asked first"');
    // Where the app takes more (a snapshot, however its path is written) or reads no body at all, the client goes on.
    const ask = (target: string, method: string) =>
      rawExchange(
        [
          `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`,
        ],
        /100 Continue\r\n\r\n/,
      );
    await ask(`${server.url}/__mock/state`, 'PUT');
    await ask('/__mock/%73tate', 'PUT');
    await ask('/api/v1/schemas/x', 'DELETE');
    // An encoded slash stays encoded, as the app routes it: this is no path under /api/v1/ (the app answers 404).
    await ask('/api/v1%2Fschemas', 'POST');
  });

  it('answers every request in full before refusing the bytes that follow them and do not parse', async () => {
    server = await startServer({ port: 0 });
    // The first is slowed down, so the others wait their turn behind it, answered but not yet written.
    server.mockState.faults.add({ method: 'POST', path: '/api/v1/schemas', latencyMs: 200, times: 1 });
    const names = ['Before garbage', 'Second', 'Third', 'Fourth'];
    const answer = await rawExchange([`${names.map(createRequest).join('')}GARBAGE\r\n\r\n`], 5);
    expect(answer.match(/HTTP\/1\.1 \d{3} /g)).toEqual([...names.map(() => 'HTTP/1.1 201 '), 'HTTP/1.1 400 ']);
    expect(names.map((name) => answer.indexOf(`"name":"${name}"`))).toEqual(
      names.map((name) => answer.indexOf(`"name":"${name}"`)).sort((a, b) => a - b),
    );
    const org = server.mockState.organizations.byToken('demo-token')!;
    expect(server.mockState.store.list(org.id, 'schemas').map((schema) => schema.name)).toEqual(expect.arrayContaining(names));
  });

  it('refuses once, however many more bytes come after the ones that did not parse', async () => {
    server = await startServer({ port: 0 });
    // The create is slowed down, so the garbage after it keeps arriving while it is answered.
    server.mockState.faults.add({ method: 'POST', path: '/api/v1/schemas', latencyMs: 300 });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const answer = await rawExchange(
        [createRequest('Slow'), ...Array.from({ length: 15 }, () => 'GARBAGE\r\n')],
        /HTTP\/1\.1 400 [\s\S]*\}$/,
        10,
      );
      expect(answer.match(/HTTP\/1\.1 \d{3} /g)).toEqual(['HTTP/1.1 201 ', 'HTTP/1.1 400 ']);
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('takes an HTTP/1.0 request without Host to name the listening address, an IPv6 one in brackets', () => {
    expect(hostHeaderOf('127.0.0.1')).toBe('127.0.0.1');
    expect(hostHeaderOf('::1')).toBe('[::1]');
    expect(URL.canParse(`http://${hostHeaderOf('::1')}/api/v1/schemas`)).toBe(true);
  });

  it('serves an HTTP/1.0 request that names no Host', async () => {
    server = await startServer({ port: 0 });
    const answer = await rawExchange(['GET /api/v1/schemas HTTP/1.0\r\nAuthorization: Bearer demo-token\r\n\r\n'], /\]$/);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  /** Sends a tool create whose body arrives in two parts, `meanwhile` running between them; resolves the whole answer. */
  async function createAround(url: string, token: string, name: string, meanwhile: () => Promise<void>): Promise<string> {
    const body = JSON.stringify({ name, type: 'endCall' });
    const head = `POST /api/v1/tools HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => {
      answer += chunk;
    });
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(head + body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await meanwhile();
    socket.write(body.slice(5));
    await vi.waitFor(() => expect(answer).toMatch(/\r\n\r\n\{.*\}$/s));
    socket.destroy();
    return answer;
  }

  it('writes nothing for an organization removed while its request was arriving, and says so', async () => {
    server = await startServer({ port: 0 });
    const { url } = server;
    const tenant = (await (await fetch(`${url}/__mock/tenants`, { method: 'POST' })).json()) as { id: string; token: string };
    const answer = await createAround(url, tenant.token, 'Orphan', async () => {
      expect((await fetch(`${url}/__mock/tenants/${tenant.id}`, { method: 'DELETE' })).status).toBe(200);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('www-authenticate: bearer realm="voice-config-mock", error="invalid_token"');
    expect(answer).toContain('removed while the request was under way');
    expect(server.mockState.store.list(tenant.id, 'tools')).toEqual([]);
  });

  it('writes nothing for an organization reset while its request was arriving, and asks for it again (its token still works)', async () => {
    server = await startServer({ port: 0 });
    const { url } = server;
    const orgId = server.mockState.organizations.byToken('demo-token')?.id ?? '';
    const answer = await createAround(url, 'demo-token', 'Lost in the reset', async () => {
      const reset = await fetch(`${url}/__mock/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orgId }),
      });
      expect(reset.status).toBe(200);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 409 /);
    expect(answer).toContain('reset or replaced through the control API');
    expect(server.mockState.store.list(orgId, 'tools').map((tool) => tool.name)).not.toContain('Lost in the reset');
  });

  it('closes within its grace when a client never finishes its request, cutting that connection', async () => {
    const running = await startServer({ port: 0, closeGraceMs: 200 });
    const socket = connect(Number(new URL(running.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/v1/schemas HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer demo-token\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
    );
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await running.close();
    await closed;
    // Not a timing assertion of the mock's speed: without the grace, close() waited for as long as the client stayed.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('closes a kept-alive connection as soon as its request in flight is answered, without waiting out its keep-alive', async () => {
    // A grace far longer than the wait below: only closing idle connections as they become idle ends close() in time.
    const running = await startServer({ port: 0, closeGraceMs: 30_000 });
    running.mockState.faults.add({ path: '/api/v1/schemas', latencyMs: 300 });
    const socket = connect(Number(new URL(running.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET /api/v1/schemas HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer demo-token\r\nConnection: keep-alive\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await running.close();
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    // Node keeps an idle connection 5 s; the request takes 300 ms.
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('closes at once a connection on which the client has not sent a byte (a browser opens spare ones)', async () => {
    const running = await startServer({ port: 0, closeGraceMs: 30_000 });
    const socket = connect(Number(new URL(running.url).port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const started = Date.now();
    await running.close();
    await closed;
    // Not a timing assertion of the mock's speed: without it, close() waited out the whole grace (30 s here).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops answering after close()', async () => {
    const running = await startServer({ port: 0 });
    const ok = await fetch(`${running.url}/api/v1/schemas`, { headers: AUTH });
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    await running.close();
    await expect(fetch(`${running.url}/api/v1/schemas`, { headers: AUTH })).rejects.toThrow();
  });
});

/** A CLI child process with its output so far and promises for its milestones. */
interface Cli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the listening URL once the CLI prints it. */
  listening: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];

function runCli(args: string[], env: Record<string, string | undefined> = {}): Cli {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  if (!('PORT' in env)) delete childEnv.PORT;
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const listening = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 10 s; stdout: ${out}; stderr: ${err}`)), 10_000);
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr?.on('data', (chunk: string) => {
      err += chunk;
    });
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before listening; stderr: ${err}`));
    });
  });
  listening.catch(() => undefined);
  return { child, stdout: () => out, stderr: () => err, listening, exited };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function schemaIds(url: string): Promise<string[]> {
  const res = await fetch(`${url}/api/v1/schemas`, { headers: AUTH });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return ((await res.json()) as { id: string }[]).map((schema) => schema.id);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe('cli', () => {
  beforeAll(() => {
    expect(existsSync(new URL(`../${CLI}`, import.meta.url)), `${CLI} is missing: run npm run build (npm test does)`).toBe(true);
  });

  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await gone;
      }
    }
  });

  it('prints its url, the tokens and how to stop, then serves the schemas', async () => {
    const cli = runCli(['--port', '0']);
    const url = await cli.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // The rest of the banner is written in the same write as the listening line.
    const out = cli.stdout();
    expect(out).toContain('demo-token ');
    expect(out).toContain('demo-token-2');
    expect(out).toContain('Ctrl+C');
    expect(out).toContain('seed 1');

    const ids = await schemaIds(url);
    expect(ids.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps serving when the program reading its output has gone', async () => {
    const port = await freePort();
    const cli = runCli(['--port', String(port)]);
    // As `voice-config-mock | head -3` would, once head has its lines: nobody reads the banner.
    cli.child.stdout?.destroy();
    const url = `http://127.0.0.1:${port}`;
    let ids: string[] = [];
    for (let tries = 0; tries < 100 && ids.length === 0; tries++) {
      ids = await schemaIds(url).catch(() => new Promise<string[]>((resolve) => setTimeout(() => resolve([]), 100)));
    }
    expect(ids.length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cli.child.exitCode).toBeNull();
    expect(cli.stderr()).not.toMatch(STACK_FRAME);
  });

  it('exits with code 0 soon after sigterm', async () => {
    const cli = runCli(['--port', '0']);
    const url = await cli.listening;
    expect((await schemaIds(url)).length).toBeGreaterThan(0);
    cli.child.kill('SIGTERM');
    const { code, signal } = await withTimeout(cli.exited, 5_000, 'exit after SIGTERM');
    expect(signal).toBeNull();
    expect(code).toBe(0);
    await expect(fetch(`${url}/api/v1/schemas`, { headers: AUTH })).rejects.toThrow();
  });

  it('uses --seed for the data: seed 5 prints seed 5 and gives other ids than the default seed', async () => {
    const seeded = runCli(['--port', '0', '--seed', '5']);
    const plain = runCli(['--port', '0']);
    const [seededUrl, plainUrl] = await Promise.all([seeded.listening, plain.listening]);
    expect(seeded.stdout()).toMatch(/seed 5\b/);

    const fromSeed5 = await schemaIds(seededUrl);
    const fromDefault = new Set(await schemaIds(plainUrl));
    expect(fromSeed5.length).toBeGreaterThan(0);
    expect(fromSeed5.filter((id) => fromDefault.has(id))).toEqual([]);
    // The CLI's seed is the library's seed: same ids as createMockState({ seed: 5 }).
    const mockState = createMockState({ seed: 5 });
    const org = mockState.organizations.byToken('demo-token');
    expect(fromSeed5).toEqual(org ? mockState.store.list(org.id, 'schemas').map((schema) => schema.id) : []);
  });

  it('keeps as many requests in the journal as --journal-size says', async () => {
    const cli = runCli(['--port', '0', '--journal-size', '2']);
    const url = await cli.listening;
    for (const query of ['?a', '?b', '?c']) await fetch(`${url}/api/v1/schemas${query}`, { headers: AUTH });
    const journal = (await (await fetch(`${url}/__mock/journal`)).json()) as { entries: { query: string }[] };
    expect(journal.entries.map((entry) => entry.query)).toEqual(['?b', '?c']);
  });

  it('refuses creates past --max-records of a kind, counting the seeded records', async () => {
    const cli = runCli(['--port', '0', '--max-records', '6']);
    const url = await cli.listening;
    const seeded = (await schemaIds(url)).length;
    expect(seeded).toBe(5);
    const create = () =>
      fetch(`${url}/api/v1/schemas`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'One more' }),
      });
    expect((await create()).status).toBe(201);
    const refused = await create();
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ title: 'Record Limit Reached' });
  });

  it('listens on the PORT environment variable when --port is absent', async () => {
    const port = await freePort();
    const cli = runCli([], { PORT: String(port) });
    const url = await cli.listening;
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect((await schemaIds(url)).length).toBeGreaterThan(0);
  });

  it('names PORT, not --port, when the PORT environment variable is not a port', async () => {
    const cli = runCli([], { PORT: 'abc' });
    const { code } = await withTimeout(cli.exited, 5_000, 'exit for PORT=abc');
    expect(code).toBe(2);
    expect(cli.stderr()).toContain('PORT must be a whole number from 0 to 65535 (got "abc")');
    expect(cli.stderr()).not.toContain('--port must');
  });

  it('takes an empty PORT as unset and uses the default port', async () => {
    const cli = runCli([], { PORT: '' });
    // The default port may be taken on this machine (a mock left running from the quick start): then it says so,
    // naming that port. `listening` rejects as the process exits, so that case is taken from its rejection.
    const outcome = await cli.listening.catch(async () => {
      await cli.exited;
      return cli.stderr();
    });
    expect(outcome).toContain('4010');
  });

  it('prefers --port over the PORT environment variable', async () => {
    const port = await freePort();
    const cli = runCli(['--port', '0'], { PORT: String(port) });
    const url = await cli.listening;
    expect(url).not.toBe(`http://127.0.0.1:${port}`);
  });

  it.each([
    { args: ['--port', 'abc'], names: ['--port', 'abc'] },
    { args: ['--port', '70000'], names: ['--port', '70000'] },
    { args: ['--seed', '-1'], names: ['--seed'] },
    { args: ['--seed=-1'], names: ['--seed', '-1'] },
    { args: ['--scenario', 'nope'], names: ['scenario', 'nope'] },
    // A name every object inherits is no scenario either.
    { args: ['--scenario', 'constructor'], names: ['unknown scenario', 'constructor'] },
    { args: ['--control-token', ''], names: ['--control-token', 'non-empty'] },
    { args: ['--control-token', '  '], names: ['--control-token', 'non-empty'] },
    { args: ['--journal-size', '-1'], names: ['--journal-size'] },
    { args: ['--journal-size', '100001'], names: ['--journal-size', '100001'] },
    { args: ['--journal-mib', '0'], names: ['--journal-mib', '"0"'] },
    { args: ['--bogus'], names: ['unknown option --bogus'] },
    { args: ['--port'], names: ['--port needs a value'] },
    { args: ['--port', '-1'], names: ['--port needs a value', '--port=-'] },
    { args: ['serve', 'extra'], names: ['unexpected argument "extra"'] },
    { args: ['nope'], names: ['unknown command "nope"', 'verify'] },
    // What `npm start 5113` and `npm start --port 5113` pass on (npm keeps flags before -- for itself).
    { args: ['5113'], names: ['unknown command "5113"', 'did you mean `npm start -- --port 5113`?'] },
  ])('exits with code 2 and names the problem for $args', async ({ args, names }) => {
    const cli = runCli(args);
    const { code } = await withTimeout(cli.exited, 5_000, `exit for ${args.join(' ')}`);
    expect(code).toBe(2);
    const err = cli.stderr();
    for (const name of names) expect(err).toContain(name);
    expect(err).not.toMatch(STACK_FRAME);
    expect(err).not.toMatch(/\b(TypeError|Error):/);
    // One line of problem and a pointer to --help, not the whole usage, nor Node's words about positionals.
    expect(err).toContain('voice-config-mock --help');
    expect(err).not.toContain('positional');
    expect(err).not.toContain('Options:');
    expect(cli.stdout()).not.toContain('listening on');
  });

  it('says a port is in use in one line, without pointing to the flags, with the command in the form the mock was started', async () => {
    const first = runCli(['--port', '0']);
    const url = await first.listening;
    try {
      const port = Number(new URL(url).port);
      const next = port === 65535 ? 4011 : port + 1;
      // npm tells its child how it was run: `npm start` sets npm_lifecycle_event, `npx` sets npm_command=exec.
      const forms: [Record<string, string | undefined>, string][] = [
        [{ npm_lifecycle_event: 'start', npm_command: 'start' }, `npm start -- --port ${next}`],
        [{ npm_lifecycle_event: 'npx', npm_command: 'exec' }, `npx voice-config-mock --port ${next}`],
        [{ npm_lifecycle_event: undefined, npm_command: undefined }, `voice-config-mock --port ${next}`],
      ];
      for (const [env, command] of forms) {
        const second = runCli(['--port', String(port)], env);
        const { code } = await withTimeout(second.exited, 5_000, 'exit for a port in use');
        expect(code).toBe(2);
        expect(second.stderr()).toBe(
          `voice-config-mock: port ${port} is in use (is another mock running?); pick another: \`${command}\` (or --port 0 for any free one)\n`,
        );
      }
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });
});
