/**
 * The resource routes' plain requests are answered without Hono's adapter
 * (src/http/direct-routes.ts, src/server/direct-lane.ts), and must be
 * answered exactly as the app answers them. Two servers on the same seed,
 * one with the direct routes and one without (`directRoutes: false`, every
 * request through the app), get the same random sequences of requests over
 * real sockets: good and bad tokens, bodies of every kind, ids that exist,
 * were made in the sequence or never were, and requests the direct routes
 * must leave to the app (a query, an Origin, a Prefer, a duplicated header).
 * Status, headers and body must match, and so must the journals and the
 * request logs after.
 */
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/domain/resources/index.js';
import { type RunningServer, startServer } from '../src/server/server.js';
import { requestExamples } from '../src/state/seed/examples.js';
import { loggedLines } from './helpers/lane-lines.js';
import { idsNumbered, journalText } from './helpers/shared-text.js';

interface Sent {
  method: string;
  path: string;
  /** Header lines as sent, duplicates included. */
  headers: [string, string][];
  body?: Buffer;
}

interface Answer {
  status: number;
  /** Lower-case names, without those that differ by the moment (date) or the connection. */
  headers: Record<string, string>;
  body: string;
  /** The header names as the server wrote them, in its order (both ways write the same). */
  rawNames: string[];
}

function send(url: string, sent: Sent): Promise<Answer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const flat = sent.headers.flat();
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, method: sent.method, path: sent.path, headers: flat, agent: false },
      (incoming) => {
        const parts: Buffer[] = [];
        incoming.on('data', (part: Buffer) => parts.push(part));
        incoming.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = String(value);
          }
          const rawNames = incoming.rawHeaders.filter((_, index) => index % 2 === 0);
          resolve({ status: incoming.statusCode ?? 0, headers, body: Buffer.concat(parts).toString('utf8'), rawNames });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(sent.body);
  });
}

/** Ids numbered in the order a server first showed them, and timestamps and lengths left out: what two servers can share. */
function normalizer() {
  const text = idsNumbered();
  return {
    answer: ({ status, headers, body }: Answer) => {
      const { 'content-length': _length, ...rest } = headers;
      return { status, headers: rest, body: text(body) };
    },
    text,
  };
}

/** One step of a sequence: what to send, with the record ids each server made so far (a PATCH of "the record made second"). */
type Step = (made: string[], seeded: Record<string, string>) => Sent;

const tokens = [
  'Bearer demo-token',
  'Bearer demo-token-2',
  'Bearer unknown-token',
  'Bearer  demo-token',
  'bearer demo-token',
  'Token demo-token',
  '',
];
const contentTypes = ['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json', 'text/plain', ''];
const deep = `${'['.repeat(300)}${']'.repeat(300)}`;

function bodiesOf(path: string): fc.Arbitrary<Buffer | undefined> {
  const def = resources.find((candidate) => candidate.path === path);
  const examples = def ? requestExamples(def) : { create: {}, update: {} };
  return fc.oneof(
    fc.constant(Buffer.from(JSON.stringify(examples.create))),
    fc.constant(Buffer.from(JSON.stringify(examples.update))),
    fc.constant(Buffer.from('{"name":"","unknownField":1}')),
    fc.constant(Buffer.from('{"__proto__":{"polluted":true}}')),
    // Hidden deeper, and escaped: the parser must refuse these wherever they are, on both ways.
    fc.constant(Buffer.from('{"name":"x","properties":{"topic":"string","\\u005f_proto__":{"polluted":true}}}')),
    fc.constant(Buffer.from('{"name":"x","properties":{"constructor":{"prototype":{"polluted":true}}}}')),
    fc.constant(Buffer.from('[1,2]')),
    fc.constant(Buffer.from('null')),
    fc.constant(Buffer.from('{"name":')),
    fc.constant(Buffer.from(deep)),
    fc.constant(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    fc.constant(Buffer.alloc(0)),
    fc.constant(undefined),
    fc
      .dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean()), { maxKeys: 4 })
      .map((value) => Buffer.from(JSON.stringify(value))),
  );
}

const stepArbitrary: fc.Arbitrary<Step> = fc
  .record({
    path: fc.constantFrom(...resources.map((def) => def.path)),
    method: fc.constantFrom('GET', 'GET', 'POST', 'POST', 'PATCH', 'PATCH', 'DELETE', 'PUT', 'HEAD'),
    target: fc.constantFrom('collection', 'seeded', 'made', 'made', 'unknown', 'odd'),
    made: fc.nat(6),
    token: fc.constantFrom(...tokens),
    contentType: fc.constantFrom(...contentTypes),
    extra: fc.constantFrom('none', 'none', 'none', 'none', 'none', 'none', 'query', 'origin', 'prefer', 'twice', 'slash'),
  })
  .chain((shape) => bodiesOf(shape.path).map((body) => ({ ...shape, body })))
  .map(
    (shape): Step =>
      (made, seeded) => {
        const id =
          shape.target === 'seeded'
            ? seeded[shape.path]
            : shape.target === 'made'
              ? made[shape.made % Math.max(made.length, 1)]
              : shape.target === 'unknown'
                ? '00000000-0000-4000-8000-000000000000'
                : shape.target === 'odd'
                  ? 'x.y%20z'
                  : undefined;
        let path = `/api/v1/${shape.path}${id === undefined || shape.target === 'collection' ? '' : `/${id}`}`;
        if (shape.extra === 'query') path += '?limit=1';
        if (shape.extra === 'slash') path += '/';
        const headers: [string, string][] = [['host', '127.0.0.1']];
        if (shape.token) headers.push(['authorization', shape.token]);
        if (shape.body !== undefined) {
          if (shape.contentType) headers.push(['content-type', shape.contentType]);
          headers.push(['content-length', String(shape.body.length)]);
        }
        if (shape.extra === 'origin') headers.push(['origin', 'http://localhost:5173']);
        if (shape.extra === 'prefer') headers.push(['prefer', 'code=404']);
        if (shape.extra === 'twice') headers.push(['x-trace', 'a'], ['x-trace', 'b']);
        return { method: shape.method, path, headers, ...(shape.body !== undefined ? { body: shape.body } : {}) };
      },
  );

describe('the direct routes answer as the app does', () => {
  let direct: RunningServer;
  let app: RunningServer;
  const log = { direct: loggedLines(), app: loggedLines() };
  beforeAll(async () => {
    [direct, app] = await Promise.all([
      startServer({ port: 0, journalLimit: 100_000, requestLog: log.direct }),
      startServer({ port: 0, directRoutes: false, journalLimit: 100_000, requestLog: log.app }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), app?.close()]);
  });

  /** The id of each resource's first seeded record: the same on both servers (same seed). */
  async function seededIds(url: string): Promise<Record<string, string>> {
    const ids: Record<string, string> = {};
    for (const def of resources) {
      const listed = await send(url, {
        method: 'GET',
        path: `/api/v1/${def.path}`,
        headers: [
          ['host', '127.0.0.1'],
          ['authorization', 'Bearer demo-token'],
        ],
      });
      ids[def.path] = (JSON.parse(listed.body) as { id: string }[])[0]?.id ?? 'none';
    }
    return ids;
  }

  it('gives the same answers to random sequences of requests, and the direct routes take the plain ones', async () => {
    const seeded = await seededIds(direct.url);
    expect(await seededIds(app.url)).toEqual(seeded);
    const names = { direct: normalizer(), app: normalizer() };
    const made = { direct: [] as string[], app: [] as string[] };
    let takenDirectly = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) {
          const toDirect = step(made.direct, seeded);
          const toApp = step(made.app, seeded);
          const linesBefore = log.direct.byLane.length;
          const fromDirect = await send(direct.url, toDirect);
          const fromApp = await send(app.url, toApp);
          expect(names.direct.answer(fromDirect), `${toDirect.method} ${toDirect.path}`).toEqual(names.app.answer(fromApp));
          expect(fromDirect.rawNames).toEqual(fromApp.rawNames);
          if (log.direct.byLane.length > linesBefore && log.direct.byLane.at(-1)) takenDirectly += 1;
          if (fromDirect.status === 201) {
            made.direct.push(JSON.parse(fromDirect.body).id);
            made.app.push(JSON.parse(fromApp.body).id);
          }
        }
      }),
      { numRuns: 60, seed: 41 },
    );
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    // Most plain requests are taken directly: the comparison above is of the two ways, not of the app with itself.
    expect(takenDirectly).toBeGreaterThan(80);
    expect(log.app.byLane.some(Boolean)).toBe(false);
    const fromDirect = JSON.parse(await journalText(direct.url, names.direct.text)) as unknown[];
    expect(fromDirect.length).toBeGreaterThan(100);
    expect(fromDirect).toEqual(JSON.parse(await journalText(app.url, names.app.text)));
    // The request log's lines, but for the clock and the milliseconds.
    const lines = (all: string[], normalize: ReturnType<typeof normalizer>) =>
      all.map((line) => normalize.text(line.replace(/^\d\d:\d\d:\d\d\.\d{3} /, '').replace(/ \d+(?:\.\d)? ms {2}/, ' ')));
    expect(log.direct.lines.length).toBeGreaterThan(100);
    expect(lines(log.direct.lines, names.direct)).toEqual(lines(log.app.lines, names.app));
  }, 120_000);
});
