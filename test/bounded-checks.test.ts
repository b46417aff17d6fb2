/**
 * What a hostile body can cost is bounded by the schema's own limits
 * (issue 30): lists and maps over their bound are refused with one problem
 * before any entry is parsed; a snapshot's lists are counted, then checked
 * one element at a time up to 50 problems; large bodies in flight share a
 * budget of bytes; and the journal records the answer a client got.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resourceByKind } from '../src/domain/resources/index.js';
import { parseFields } from '../src/domain/validate.js';
import { createApp } from '../src/http/app.js';
import { budgetedBodies } from '../src/server/body-budget.js';
import { startServer } from '../src/server/server.js';
import { freshMock } from './helpers/client.js';

const MIB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'vcm-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A map of `count` entries whose keys break every key rule (and whose values are wrong too). */
const badMap = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`bad key ${index}!`, index]));

/** A proxy of `target` that counts reads of its entries: counting keys (Object.keys) reads none. */
function watched<T extends object>(target: T): { value: T; reads: () => number } {
  let reads = 0;
  const value = new Proxy(target, {
    get(object, key, receiver) {
      if (typeof key === 'string' && key !== 'length' && key !== 'constructor' && key !== 'toJSON') reads += 1;
      return Reflect.get(object, key, receiver);
    },
  });
  return { value, reads: () => reads };
}

/** Where in a body of each kind a bounded map or list sits, and a body around it. */
const bounded = [
  { kind: 'tools', where: ['headers'], body: (at: unknown) => ({ type: 'endCall', name: 'hang_up', headers: at }), list: false },
  {
    kind: 'tools',
    where: ['parameters', 'properties'],
    body: (at: unknown) => ({ type: 'endCall', name: 'hang_up', parameters: { type: 'object', properties: at } }),
    list: false,
  },
  { kind: 'schemas', where: ['properties'], body: (at: unknown) => ({ name: 'Order', properties: at }), list: false },
  { kind: 'assistants', where: ['metadata'], body: (at: unknown) => ({ name: 'Desk', metadata: at }), list: false },
  {
    kind: 'tools',
    where: ['parameters', 'required'],
    body: (at: unknown) => ({ type: 'endCall', name: 'hang_up', parameters: { type: 'object', required: at } }),
    list: true,
  },
  { kind: 'assistants', where: ['toolIds'], body: (at: unknown) => ({ name: 'Desk', toolIds: at }), list: true },
  {
    kind: 'sipTrunks',
    where: ['phoneNumbers'],
    body: (at: unknown) => ({ name: 'T', host: 'sip.example.com', phoneNumbers: at }),
    list: true,
  },
] as const;

describe('bounded maps and lists', () => {
  it.each(bounded.map((entry) => [`${entry.kind} /${entry.where.join('/')}`, entry] as const))(
    '%s over its bound: one problem, and no entry read',
    (_, { kind, where, body, list }) => {
      const entries = 100_000;
      const { value, reads } = watched(list ? Array.from({ length: entries }, (_, index) => index) : badMap(entries));
      const def = resourceByKind[kind];
      const fields = body(value) as Record<string, unknown>;
      const { problems } = parseFields(def.createSchemaFor(fields), fields);
      const here = problems.problems.filter((problem) => problem.path.join('/') === where.join('/'));
      expect(here).toHaveLength(1);
      expect(here[0]?.message).toMatch(new RegExp(`at most \\d+ .*\\(got ${entries}\\)\\.$`, 'i'));
      // Nothing else was said about the entries: no problem inside the map or list.
      expect(problems.problems.filter((problem) => problem.path.length > where.length)).toEqual([]);
      expect(reads()).toBe(0);
    },
  );

  it('answers a 1 MiB body of bad map entries with one problem, over HTTP', async () => {
    const { call } = freshMock();
    const headers = badMap(45_000);
    const body = { type: 'endCall', name: 'hang_up', headers };
    expect(JSON.stringify(body).length).toBeGreaterThan(MIB * 0.9);
    expect(JSON.stringify(body).length).toBeLessThan(MIB);
    const reply = await call('POST', '/api/v1/tools', { body });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ pointer: '/headers', message: 'At most 30 headers (got 45000).' }]);
  });

  it('still checks each entry of a map within its bound', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'hang_up', headers: { 'bad key': 'x' } } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].pointer).toBe('/headers/bad key');
  });
});

const STATE = { format: 'voice-config-mock/state', version: 1 };

describe('snapshots of hostile lists', () => {
  it('refuses a list over its bound with one problem, whatever it holds', async () => {
    const { call } = freshMock();
    const organizations = new Array(1_000_001).fill(0);
    const reply = await call('PUT', '/__mock/state', { body: { ...STATE, organizations } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ pointer: '/organizations', message: 'At most 1000000 organizations (got 1000001).' }]);
  });

  it.each(['organizations', 'telephony'])('checks a list of zeros in %s element by element, stopping at 50 problems', async (list) => {
    const { call, mockState } = freshMock();
    const before = mockState.organizations.list().length;
    const zeros = new Array(500_000).fill(0);
    const reply = await call('PUT', '/__mock/state', { body: { ...STATE, organizations: [], [list]: zeros } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toHaveLength(50);
    expect(reply.body.checkStopped).toBe(true);
    expect(reply.body.errors[0].pointer).toBe(`/${list}/0`);
    expect(mockState.organizations.list()).toHaveLength(before);
  });

  it('stops at 50 problems in the records of one kind', async () => {
    const { call } = freshMock();
    const organization = { id: 'org-1', name: 'One', token: 'one-token', records: { schemas: new Array(100_000).fill(0) } };
    const reply = await call('PUT', '/__mock/state', { body: { ...STATE, organizations: [organization] } });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toHaveLength(50);
    expect(reply.body.checkStopped).toBe(true);
  });

  it('answers a 64 MiB PUT /__mock/state of zeros with 400, and keeps serving', async () => {
    const server = await startServer({ port: 0 });
    try {
      const parts = ['{"format":"voice-config-mock/state","version":1,"organizations":[0'];
      const zeros = ',0'.repeat(MIB / 2);
      for (let size = parts[0]!.length; size < 64 * MIB - MIB; size += zeros.length) parts.push(zeros);
      parts.push(']}');
      const body = Buffer.from(parts.join(''));
      expect(body.length).toBeGreaterThan(63 * MIB);
      const reply = await send(server.url, 'PUT', '/__mock/state', body);
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.text).errors).toHaveLength(1);
      const read = await fetch(`${server.url}/api/v1/schemas`, { headers: { authorization: 'Bearer demo-token' } });
      expect(read.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

function send(
  url: string,
  method: string,
  path: string,
  body: Buffer,
): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method, headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: 'Bearer demo-token' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, headers: res.headers }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/** Sends the head of a request and `sent` bytes of its body on a raw socket; `finish` sends the rest and resolves the answer. */
function partly(url: string, length: number, sent: number): { socket: Socket; finish(): Promise<string> } {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(answer)));
  socket.write(
    `POST /api/v1/schemas HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer demo-token\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`,
  );
  socket.write(' '.repeat(sent));
  return {
    socket,
    finish: () => {
      socket.write(' '.repeat(length - sent - 2));
      socket.write('{}');
      return ended;
    },
  };
}

describe('the budget of bodies in flight', () => {
  it('holds a large body past the budget unread, answers 503 with Retry-After if no room comes, and takes the next one once room comes', async () => {
    // A wait of at most 3 s (half the request timeout).
    const server = await startServer({ port: 0, bodyBudgetBytes: 300 * 1024, requestTimeoutMs: 6000 });
    try {
      const large = 200 * 1024;
      const first = partly(server.url, large, 1024);
      // The first body is taken (the budget was empty) and is still arriving; the second does not fit beside it.
      const refused = await send(server.url, 'POST', '/api/v1/schemas', Buffer.from(`${' '.repeat(large - 2)}{}`));
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBe('3');
      expect(JSON.parse(refused.text)).toMatchObject({ status: 503, title: 'Service Unavailable' });
      // Journaled as the client got it.
      const journal = (await (await fetch(`${server.url}/__mock/journal?method=POST`)).json()) as {
        entries: { status: number; path: string; orgId: string | null }[];
      };
      expect(journal.entries[0]).toMatchObject({ status: 503, path: '/api/v1/schemas', orgId: expect.any(String) });
      // A third one waits, and is taken once the first is answered.
      const third = send(server.url, 'POST', '/api/v1/schemas', Buffer.from(`${' '.repeat(large - 2)}{}`));
      const firstAnswer = await first.finish();
      expect(firstAnswer).toMatch(/^HTTP\/1\.1 400 /);
      expect((await third).status).toBe(400);
    } finally {
      await server.close();
    }
  });

  it('never holds a small body or a read', async () => {
    const server = await startServer({ port: 0, bodyBudgetBytes: 1, requestTimeoutMs: 6000 });
    try {
      const first = partly(server.url, 200 * 1024, 1024);
      const small = await send(server.url, 'POST', '/api/v1/schemas', Buffer.from(JSON.stringify({ name: 'Small' })));
      expect(small.status).toBe(201);
      expect((await fetch(`${server.url}/api/v1/schemas`, { headers: { authorization: 'Bearer demo-token' } })).status).toBe(200);
      await first.finish();
    } finally {
      await server.close();
    }
  });
});

describe('the budget goes to requests that may use it', () => {
  it('gives an unauthenticated slow upload no room: authenticated large bodies do not wait behind it', async () => {
    const server = await startServer({ port: 0, controlToken: 'ctl-secret', bodyBudgetBytes: 300 * 1024, requestTimeoutMs: 20_000 });
    const { hostname, port } = new URL(server.url);
    const trickles: Socket[] = [];
    try {
      // Chunked PUTs of a state, without the control token, and creates with an unknown token, each sent in part.
      for (const head of [
        'PUT /__mock/state HTTP/1.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n',
        'POST /api/v1/schemas HTTP/1.1\r\nAuthorization: Bearer not-a-token\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n',
      ]) {
        const socket = connect(Number(port), hostname);
        socket.on('data', () => {});
        socket.on('error', () => {});
        socket.write(`${head}Host: ${hostname}\r\n\r\n${head.includes('chunked') ? '1\r\n{\r\n' : '{'}`);
        trickles.push(socket);
      }
      // Three bodies of 200 KiB one after another with the demo token: each taken at once (400: no name), none 503.
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        const answer = await send(server.url, 'POST', '/api/v1/schemas', Buffer.from(`${' '.repeat(200 * 1024 - 2)}{}`));
        expect(answer.status).toBe(400);
        expect(performance.now() - started).toBeLessThan(2_000);
      }
    } finally {
      for (const socket of trickles) socket.destroy();
      await server.close();
    }
  });

  it('cuts a body that holds room but arrives too slowly with 408, and gives its room to the next', async () => {
    const bodies: number[] = [];
    const listener = (request: IncomingMessage, response: ServerResponse) => {
      let bytes = 0;
      request.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      request.on('end', () => {
        bodies.push(bytes);
        response.end('taken');
      });
    };
    const budgeted = budgetedBodies(listener, {
      budgetBytes: 300 * 1024,
      waitMs: 5_000,
      limitFor: () => 1024 * 1024,
      minBytesPerSecond: 10 * 1024 * 1024,
      graceMs: 200,
    });
    const server = createServer(budgeted);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // 1 KiB of 200 KiB, then nothing more.
      const slow = connect(Number(new URL(url).port), '127.0.0.1');
      let answer = '';
      slow.on('data', (chunk) => {
        answer += chunk;
      });
      slow.on('error', () => {});
      slow.write(`POST /api/v1/schemas HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${200 * 1024}\r\n\r\n${' '.repeat(1024)}`);
      await new Promise((resolve) => slow.once('close', resolve));
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer).toContain('arrived too slowly');
      // The room is free again: a whole body of the same size is taken at once.
      const next = await send(url, 'POST', '/api/v1/schemas', Buffer.from(' '.repeat(200 * 1024)));
      expect(next.text).toBe('taken');
      expect(bodies).toEqual([200 * 1024]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the journal', () => {
  it('records the 500 a client got for a write that could not be saved', async () => {
    const folder = join(dir, 'unsaved');
    mkdirSync(folder);
    const server = await startServer({ port: 0, stateFile: join(folder, 'state.json') });
    try {
      // The folder goes, and a file takes its name: the state file cannot be written again.
      rmSync(folder, { recursive: true });
      writeFileSync(folder, 'not a folder');
      const reply = await send(server.url, 'POST', '/api/v1/schemas', Buffer.from(JSON.stringify({ name: 'Unsaved' })));
      expect(reply.status).toBe(500);
      expect(reply.text).toContain('could not be saved');
      const journal = (await (await fetch(`${server.url}/__mock/journal?method=POST`)).json()) as { entries: { status: number }[] };
      expect(journal.entries[0]?.status).toBe(500);
    } finally {
      rmSync(folder, { force: true });
      mkdirSync(folder);
      await server.close().catch(() => {});
    }
  });
});

describe('control tokens a header cannot carry', () => {
  it.each([' token', 'token\n', 'to ken', 'tök', 'to\u0007ken'])('are refused when the app is made (%j)', (token) => {
    expect(() => createApp({ controlToken: token })).toThrow(/controlToken may hold only visible ASCII characters/);
  });

  it('takes one of visible ASCII', () => {
    expect(() => createApp({ controlToken: 'S3cr3t-_.~!' })).not.toThrow();
  });
});
