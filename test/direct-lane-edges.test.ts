/**
 * Requests at the edges of what the direct routes (src/http/direct-routes.ts,
 * src/server/direct-lane.ts) take, sent as raw bytes over node:net so that
 * nothing normalizes them: two servers on the same seed, one with the direct
 * routes and one without, must answer them alike (status, headers, body),
 * and journal them alike.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/domain/resources/index.js';
import { type RunningServer, startServer } from '../src/server/server.js';
import { requestExamples } from '../src/state/seed/examples.js';
import { loggedLines } from './helpers/lane-lines.js';
import { idsNumbered, journalText } from './helpers/shared-text.js';

/** Writes each part in turn (after `gapMs` between them), and reads until the server closes or `waitMs` passes. */
function raw(url: string, parts: (string | Buffer)[], gapMs = 0, waitMs = 3000): Promise<string> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const got: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(got).toString('utf8'));
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk: Buffer) => got.push(chunk));
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', reject);
    socket.once('connect', async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0 && gapMs > 0) await new Promise((wait) => setTimeout(wait, gapMs));
        socket.write(part);
      }
    });
  });
}

/** The responses in a raw answer, each with its header lines lower-cased and sorted (less Date and Content-Length), ids numbered. */
function responses(text: string): string[] {
  const normal = idsNumbered();
  const out: string[] = [];
  let rest = Buffer.from(text);
  while (rest.length > 0) {
    const end = rest.indexOf('\r\n\r\n');
    if (end === -1) {
      out.push(`unparsed: ${rest}`);
      break;
    }
    const [statusLine, ...lines] = rest.subarray(0, end).toString().split('\r\n');
    const length = Number(lines.find((line) => /^content-length:/i.test(line))?.split(':')[1] ?? 0);
    const body = rest.subarray(end + 4, end + 4 + length).toString();
    const headers = lines
      .map((line) => line.toLowerCase())
      .filter((line) => !/^(date|content-length|keep-alive):/.test(line))
      .sort();
    out.push(normal([statusLine, ...headers, '', body].join('\n')));
    rest = rest.subarray(end + 4 + length);
  }
  return out;
}

const TOKEN = 'Bearer demo-token';

describe('the direct routes at the edges answer as the app does', () => {
  let direct: RunningServer;
  let app: RunningServer;
  /** The direct server's request log: how many answers the direct routes wrote (the rest went to the app). */
  const log = loggedLines();
  beforeAll(async () => {
    [direct, app] = await Promise.all([
      startServer({ port: 0, journalLimit: 10_000, requestLog: log }),
      startServer({ port: 0, directRoutes: false, journalLimit: 10_000 }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), app?.close()]);
  });

  /** The answers, compared; `direct`: how many of them the direct routes must have written (the rest went to the app). */
  async function both(parts: (string | Buffer)[], direct_: number, gapMs = 0, waitMs = 3000): Promise<string[]> {
    const before = log.byLane.length;
    const [fromDirect, fromApp] = await Promise.all([raw(direct.url, parts, gapMs, waitMs), raw(app.url, parts, gapMs, waitMs)]);
    const answers = responses(fromDirect);
    expect(answers).toEqual(responses(fromApp));
    expect(log.byLane.slice(before).filter(Boolean)).toHaveLength(direct_);
    return answers;
  }

  const close = 'Connection: close\r\n';
  const post = (body: string, headers = `Host: 127.0.0.1\r\nAuthorization: ${TOKEN}\r\nContent-Type: application/json\r\n`) =>
    `POST /api/v1/schemas HTTP/1.1\r\n${headers}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  const schema = JSON.stringify({ name: 'Edge' });

  it('pipelined requests in one write', async () => {
    const answers = await both(
      [
        `${post(schema)}${post('{"name":')}GET /api/v1/schemas/nope HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${TOKEN}\r\nConnection: close\r\n\r\n`,
      ],
      3,
    );
    expect(answers.map((answer) => answer.split('\n')[0])).toEqual([
      'HTTP/1.1 201 Created',
      'HTTP/1.1 400 Bad Request',
      'HTTP/1.1 404 Not Found',
    ]);
  });

  it('HTTP/1.0, with a Host and without', async () => {
    await both([`GET /api/v1/schemas/nope HTTP/1.0\r\nHost: 127.0.0.1\r\nAuthorization: ${TOKEN}\r\n\r\n`], 1);
    await both([`GET /api/v1/schemas/nope HTTP/1.0\r\nAuthorization: ${TOKEN}\r\n\r\n`], 0);
    await both([post(schema).replace('HTTP/1.1', 'HTTP/1.0')], 1);
    // Kept alive on request: the second request is answered on the same connection.
    const kept = `GET /api/v1/schemas/nope HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nAuthorization: ${TOKEN}\r\n\r\n`;
    await both([`${kept}${kept.replace('keep-alive', 'close')}`], 2);
  });

  it('header names and values in odd case and spacing', async () => {
    await both(
      [post(schema, `HOST: 127.0.0.1\r\nAUTHORIZATION:   ${TOKEN}  \r\nCONTENT-TYPE: APPLICATION/JSON ; Charset=UTF-8\r\n${close}`)],
      1,
    );
    await both([post(schema, `Host: 127.0.0.1\r\nAuthorization: BEARER\tdemo-token\r\nContent-Type:application/json\r\n${close}`)], 1);
    // Bytes over 0x7f in a value, which Node reads as Latin-1 and the 415 shows.
    const latin1 = post(schema, `Host: 127.0.0.1\r\nAuthorization: ${TOKEN}\r\nContent-Type: text/caf\u00e9\u0085\r\n${close}`);
    const [refused] = await both([Buffer.from(latin1, 'latin1')], 1);
    expect(refused).toMatch(/^HTTP\/1.1 415/);
    await both(
      [
        Buffer.from(
          post(schema, `Host: 127.0.0.1\r\nAuthorization: Bearer d\u00e9mo\r\nContent-Type: application/json\r\n${close}`),
          'latin1',
        ),
      ],
      1,
    );
  });

  it('a body that arrives after its headers goes to the app; a refused token is answered at once', async () => {
    const late = (token: string) => {
      const whole = post(schema, `Host: 127.0.0.1\r\nAuthorization: ${token}\r\nContent-Type: application/json\r\n${close}`);
      const split = whole.indexOf('\r\n\r\n') + 4;
      return [whole.slice(0, split), whole.slice(split, split + 3), whole.slice(split + 3)];
    };
    await both(late(TOKEN), 0, 30);
    const [refused] = await both(late('Bearer unknown-token'), 1, 30);
    expect(refused).toMatch(/^HTTP\/1.1 401/);
  });

  it('a Content-Length shorter than the body: the rest is a request Node refuses', async () => {
    const answers = await both([post(schema).replace(`Content-Length: ${schema.length}`, 'Content-Length: 3')], 1);
    expect(answers.map((answer) => answer.split('\n')[0])).toEqual(['HTTP/1.1 400 Bad Request', 'HTTP/1.1 400 Bad Request']);
  });

  it('Expect: 100-continue', async () => {
    const whole = post(
      schema,
      `Host: 127.0.0.1\r\nAuthorization: ${TOKEN}\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n${close}`,
    );
    const split = whole.indexOf('\r\n\r\n') + 4;
    await both([whole.slice(0, split), whole.slice(split)], 0, 30);
    await both([whole], 1);
  });

  it.each([
    ['LOCALHOST', 0],
    ['[::1]:4010', 0],
    ['a:65535', 1],
    ['a:99999', 0],
    ['256.1.1.1', 1],
    ['0x7f.1', 1],
    ['a:0', 1],
    ['a:', 0],
    ['', 0],
  ])('a Host the adapter may read otherwise (%j)', async (host, taken) => {
    await both([`GET /api/v1/schemas/nope HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${TOKEN}\r\n${close}\r\n`], taken);
  });

  it.each([
    ['%41bc', 0],
    ['caf%C3%A9', 0],
    ['caf\u00e9', 0],
    ['a'.repeat(8000), 1],
    ['ABC_-9', 1],
  ])('an id with escapes, unicode, or many characters (%s)', async (id, taken) => {
    await both(
      [Buffer.from(`DELETE /api/v1/schemas/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${TOKEN}\r\n${close}\r\n`, 'latin1')],
      taken,
    );
  });

  it('a DELETE or GET that carries a body', async () => {
    await both(
      [`DELETE /api/v1/schemas/nope HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${TOKEN}\r\nContent-Length: 2000000\r\n${close}\r\n{}`],
      1,
      0,
      500,
    );
    await both(
      [
        `GET /api/v1/schemas/nope HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${TOKEN}\r\nTransfer-Encoding: chunked\r\n${close}\r\n2\r\n{}\r\n0\r\n\r\n`,
      ],
      1,
    );
  });

  it('journals alike', async () => {
    expect(await journalText(direct.url)).toEqual(await journalText(app.url));
  });
});

/** Two servers with these options, one with the direct routes and one without; `run` gets their URLs and the mocks. */
async function withPair(
  options: (lane: 'direct' | 'app') => Parameters<typeof startServer>[0],
  run: (servers: { direct: RunningServer; app: RunningServer }) => Promise<void>,
): Promise<void> {
  const [direct, app] = await Promise.all([
    startServer({ port: 0, journalLimit: 10_000, ...options('direct') }),
    startServer({ port: 0, journalLimit: 10_000, ...options('app'), directRoutes: false }),
  ]);
  try {
    await run({ direct, app });
  } finally {
    await Promise.all([direct.close().catch(() => {}), app.close().catch(() => {})]);
  }
}

describe("the direct routes under the mock state's conditions answer as the app does", () => {
  const close = 'Connection: close\r\n';
  const request = (method: string, path: string, body?: string, token = TOKEN) =>
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${token}\r\n${close}${
      body === undefined ? '\r\n' : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
    }`;

  /** `scrub`: what to take out of each server's answers (its own file names, say). */
  async function compare(
    servers: { direct: RunningServer; app: RunningServer },
    parts: string[],
    scrub = (text: string, _lane: 'direct' | 'app') => text,
  ): Promise<string[]> {
    const [fromDirect, fromApp] = await Promise.all([raw(servers.direct.url, parts), raw(servers.app.url, parts)]);
    expect(responses(scrub(fromDirect, 'direct'))).toEqual(responses(scrub(fromApp, 'app')));
    return responses(fromDirect);
  }

  it('a full collection (409)', async () => {
    await withPair(
      () => ({ limits: { recordsPerKind: 1 } }),
      async (servers) => {
        const [answer] = await compare(servers, [request('POST', '/api/v1/schemas', JSON.stringify({ name: 'Full' }))]);
        expect(answer).toMatch(/^HTTP\/1.1 409/);
        expect(await journalText(servers.direct.url)).toEqual(await journalText(servers.app.url));
      },
    );
  });

  it('a write the state file cannot take (500), journaled as the client got it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'direct-lane-'));
    const folderOf = (lane: string) => join(root, lane === 'direct' ? 'lane-a' : 'lane-b');
    mkdirSync(folderOf('direct'));
    mkdirSync(folderOf('app'));
    try {
      await withPair(
        (lane) => ({ stateFile: join(folderOf(lane), 'state.json') }),
        async (servers) => {
          for (const lane of ['direct', 'app']) {
            rmSync(folderOf(lane), { recursive: true });
            writeFileSync(folderOf(lane), 'not a folder');
          }
          // The same length in both: the bodies' Content-Length stays right.
          const scrub = (text: string, lane: 'direct' | 'app') => text.replaceAll(folderOf(lane), join(root, 'lane-x'));
          const answers = await compare(servers, [request('POST', '/api/v1/schemas', JSON.stringify({ name: 'Unsaved' }))], scrub);
          expect(answers[0]).toMatch(/^HTTP\/1.1 500/);
          await compare(servers, [request('PATCH', '/api/v1/schemas/nope', JSON.stringify({ name: 'Unsaved' }))], scrub);
          await compare(servers, [request('DELETE', '/api/v1/schemas/nope')], scrub);
          expect(scrub(await journalText(servers.direct.url), 'direct')).toEqual(scrub(await journalText(servers.app.url), 'app'));
          for (const lane of ['direct', 'app']) {
            rmSync(folderOf(lane), { force: true });
            mkdirSync(folderOf(lane));
          }
        },
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('a client that goes away with its body cut or whole, unanswered', async () => {
    await withPair(
      () => ({}),
      async (servers) => {
        const whole = request('POST', '/api/v1/schemas', JSON.stringify({ name: 'Gone' })).replace(close, '');
        const cut = whole.slice(0, whole.length - 4);
        for (const { url } of [servers.direct, servers.app]) {
          for (const [text, how] of [
            [cut, 'end'],
            [cut, 'destroy'],
            [whole, 'end'],
            [whole, 'destroy'],
          ] as const) {
            await new Promise<void>((resolve) => {
              const socket = connect(Number(new URL(url).port), '127.0.0.1', () => {
                if (how === 'end') socket.end(text);
                else socket.write(text, () => socket.destroy());
              });
              socket.on('close', () => resolve());
              socket.on('error', () => resolve());
              socket.resume();
            });
          }
        }
        await new Promise((wait) => setTimeout(wait, 100));
        const journal = await journalText(servers.direct.url);
        // A whole body is taken and written though nobody waits for the answer; a cut one is a 400 (body incomplete).
        expect(journal.match(/"status":201/g)?.length).toBe(2);
        expect(journal.match(/"status":400/g)?.length).toBe(2);
        expect(journal).toEqual(await journalText(servers.app.url));
      },
    );
  });

  it('a tenancy change pipelined behind a create meets the caller the create began with (and logs alike, control API included)', async () => {
    const orgId = async (url: string) =>
      ((await (await fetch(`${url}/__mock/tenants`)).json()) as { id: string; token: string }[]).find((t) => t.token === 'demo-token')?.id;
    for (const change of ['reset-nolength', 'reset-empty', 'remove']) {
      const logged = { direct: [] as string[], app: [] as string[] };
      await withPair(
        (lane) => ({
          requestLog: { control: true, write: (line) => logged[lane].push(line.replace(/^\S+ /, '').replace(/ [\d.]+ ms /, ' ')) },
        }),
        async (servers) => {
          const id = await orgId(servers.direct.url);
          expect(await orgId(servers.app.url)).toBe(id);
          const control =
            change === 'remove'
              ? `DELETE /__mock/tenants/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`
              : change === 'reset-empty'
                ? `POST /__mock/reset HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n`
                : `POST /__mock/reset HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
          const create = request('POST', '/api/v1/schemas', JSON.stringify({ name: 'Raced' })).replace(close, '');
          const answers = await compare(servers, [`${create}${control}${request('GET', '/api/v1/schemas/nope')}`]);
          expect(answers.length, change).toBe(3);
          expect(answers[0], change).toMatch(change === 'remove' ? /^HTTP\/1.1 401/ : /^HTTP\/1.1 (409|201)/);
          expect(await journalText(servers.direct.url)).toEqual(await journalText(servers.app.url));
        },
      );
      expect(logged.direct.length).toBeGreaterThan(3);
      // The same lines; of pipelined requests, each way writes a line as its answer is made, so their order may differ.
      expect(logged.direct.sort()).toEqual(logged.app.sort());
    }
  });

  it('pipelined creates, some taken directly and some by the app, are made in the order sent', async () => {
    const log = loggedLines();
    await withPair(
      (lane) => (lane === 'direct' ? { requestLog: log } : {}),
      async (servers) => {
        const create = (name: string, extra = '') => request('POST', '/api/v1/schemas', JSON.stringify({ name })).replace(close, extra);
        // A header sent twice leaves a request to the app.
        const batch = `${create('First')}${create('Second', 'X-Trace: a\r\nX-Trace: b\r\n')}${create('Third')}${request('GET', '/api/v1/schemas')}`;
        const [fromDirect, fromApp] = await Promise.all([raw(servers.direct.url, [batch]), raw(servers.app.url, [batch])]);
        expect(log.byLane.filter(Boolean)).toHaveLength(3);
        expect(responses(fromDirect)).toEqual(responses(fromApp));
        const namesOn = async (url: string) =>
          ((await (await fetch(`${url}/api/v1/schemas`, { headers: { authorization: TOKEN } })).json()) as { name: string }[])
            .map(({ name }) => name)
            .filter((name) => ['First', 'Second', 'Third'].includes(name));
        const names = await namesOn(servers.direct.url);
        expect(names).toHaveLength(3);
        expect(names).toEqual(await namesOn(servers.app.url));
        expect(await journalText(servers.direct.url)).toEqual(await journalText(servers.app.url));
      },
    );
  });

  it('telephony faults on SIP trunks', async () => {
    await withPair(
      () => ({}),
      async (servers) => {
        for (const { url } of [servers.direct, servers.app]) {
          const added = await fetch(`${url}/__mock/faults`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ target: 'telephony', probability: 0.5 }),
          });
          expect(added.status).toBe(201);
        }
        const trunk = JSON.stringify(requestExamples(resources.find((def) => def.path === 'sip-trunks') as never).create);
        const statuses: string[] = [];
        for (let index = 0; index < 6; index += 1) {
          const [answer] = await compare(servers, [request('POST', '/api/v1/sip-trunks', trunk)]);
          statuses.push((answer as string).slice(9, 12));
        }
        expect(statuses).toContain('201');
        expect(statuses.some((status) => status !== '201')).toBe(true);
        expect(await journalText(servers.direct.url)).toEqual(await journalText(servers.app.url));
      },
    );
  });
});
