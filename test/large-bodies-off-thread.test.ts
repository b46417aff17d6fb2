/**
 * Large bodies parsed on a worker thread (src/server/off-thread-json.ts) get
 * exactly the answer they would get parsed on the event loop: the worker
 * hands back the body with its unknown keys counted and left out beyond the
 * few an answer lists, and validation counts them as it would the whole.
 * The worker is the compiled one (`npm test` builds before it runs tests).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { resources, tools } from '../src/domain/resources/index.js';
import { leaveOutUnknownKeys, parseFields } from '../src/domain/validate.js';
import type { LargeBodyParser } from '../src/http/app-env.js';
import { offThreadJson } from '../src/server/off-thread-json.js';
import { createMockState } from '../src/state/mock-state.js';
import { freshMock, TOKEN } from './helpers/client.js';
import { killAll, startWithStateFile } from './helpers/mock-process.js';

const WORKER = join(import.meta.dirname, '..', 'dist', 'src', 'server', 'json-parse-worker.js');
const MIB = 1024 * 1024;

/** `{prefix` + as many parts as fit just under 1 MiB + `suffix`, as `npm run bench:hostile` sends them. */
function underOneMiB(prefix: string, part: (index: number) => string, suffix: string): string {
  const parts: string[] = [];
  let size = prefix.length + suffix.length;
  for (let index = 0; ; index += 1) {
    const next = part(index);
    if (size + next.length + 1 > MIB - 64) break;
    parts.push(next);
    size += next.length + 1;
  }
  return `${prefix}${parts.join(',')}${suffix}`;
}

const reduced = (body: Record<string, unknown>, readable: ReadonlySet<string>) => leaveOutUnknownKeys(body, readable).body;

const judged = (parsed: ReturnType<typeof parseFields>) => ({
  value: parsed.value,
  problems: parsed.problems.problems,
  more: parsed.problems.more,
  stopped: parsed.problems.stopped,
});

describe('leaving out unknown keys', () => {
  const state = createMockState();
  const orgId = state.organizations.byToken(TOKEN)?.id ?? '';

  it.each(resources.map((def) => [def.kind, def] as const))('leaves %s bodies judged exactly as the whole', (kind, def) => {
    const readable = [...def.bodyKeys];
    const previous = state.store.list(orgId, kind).find((record) => record.isSystem !== true);
    if (!previous) throw new Error(`the demo seed has no ${kind} to patch`);
    // Keys of the resource, unknown ones (some that look like array indexes, which objects order first), in any order.
    const key = fc.oneof(fc.constantFrom(...readable), fc.string({ minLength: 1, maxLength: 6 }), fc.nat(400).map(String));
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(key, value), { minLength: 0, maxLength: 160, selector: ([name]) => name }), (entries) => {
        const body = Object.fromEntries(entries);
        const cut = reduced(body, def.bodyKeys);
        expect(judged(parseFields(def.createSchemaFor(cut), cut))).toEqual(judged(parseFields(def.createSchemaFor(body), body)));
        expect(judged(parseFields(def.updateSchemaFor(previous), cut))).toEqual(judged(parseFields(def.updateSchemaFor(previous), body)));
      }),
      { numRuns: 60 },
    );
  });

  it('keeps at most the listed unknown keys and counts the rest', () => {
    const body = Object.fromEntries(Array.from({ length: 1000 }, (_, index) => [`extra${index}`, index]));
    const { body: kept, leftOut } = leaveOutUnknownKeys({ name: 'x', ...body }, new Set(['name']));
    expect(Object.keys(kept)).toEqual(['name', ...Array.from({ length: 50 }, (_, index) => `extra${index}`)]);
    expect(leftOut).toBe(950);
  });
});

describe('the worker thread', () => {
  const worker = offThreadJson(WORKER);
  const uses: string[] = [];
  // What the app is given: the worker, with a note of what it answered.
  const parseLargeBody: LargeBodyParser = async (text, maxDepth, resource, operation) => {
    const answer = await worker.parse(text, maxDepth, resource, operation);
    uses.push(answer === undefined ? 'here' : answer.ok ? 'parsed' : 'refused');
    return answer;
  };
  afterAll(() => worker.close());

  const shortKeys = underOneMiB('{', (index) => `"${index.toString(36)}":0`, '}');
  const knownAmongUnknown = underOneMiB('{"name":"hang_up","type":"endCall",', (index) => `"x${index}":[${index}]`, ',"id":"t1"}');
  const badMap = underOneMiB('{"type":"endCall","name":"hang_up","headers":{', (index) => `"bad key ${index}!":${index}`, '}}');
  const cases = [
    { name: '120,000 short unknown keys to a create', method: 'POST', path: '/api/v1/tools', raw: shortKeys, expected: 'parsed' },
    {
      name: 'known keys among unknown ones to a create',
      method: 'POST',
      path: '/api/v1/tools',
      raw: knownAmongUnknown,
      expected: 'parsed',
    },
    { name: 'unknown keys to an update', method: 'PATCH', path: '/api/v1/sip-trunks/{id}', raw: shortKeys, expected: 'parsed' },
    { name: 'a map of 60,000 bad entries to a create', method: 'POST', path: '/api/v1/tools', raw: badMap, expected: 'parsed' },
    {
      name: 'a map of 60,000 bad entries to an update (no smaller for leaving out keys)',
      method: 'PATCH',
      path: '/api/v1/tools/{tool}',
      raw: badMap.replace('"type":"endCall",', ''),
      expected: 'here',
    },
    { name: 'malformed JSON', method: 'POST', path: '/api/v1/tools', raw: `${shortKeys.slice(0, -1)},}`, expected: 'refused' },
    {
      name: 'a "__proto__" key',
      method: 'POST',
      path: '/api/v1/tools',
      raw: `{"__proto__":{"x":1},${shortKeys.slice(1)}`,
      expected: 'refused',
    },
    {
      name: 'nesting too deep',
      method: 'POST',
      path: '/api/v1/tools',
      raw: `{"a":${'['.repeat(40)}${']'.repeat(40)},${shortKeys.slice(shortKeys.indexOf(',', 200) + 1)}`,
      expected: 'refused',
    },
  ];

  it.each(cases)('answers $name as the event loop would', async ({ method, path, raw, expected }) => {
    const onLoop = freshMock();
    const away = freshMock({ parseLargeBody });
    const id = onLoop.mockState.store.list(onLoop.orgOf(TOKEN).id, 'sipTrunks')[0]?.id ?? '';
    const tool = onLoop.mockState.store.list(onLoop.orgOf(TOKEN).id, 'tools').find((one) => one.isSystem !== true)?.id ?? '';
    const url = path.replace('{id}', id).replace('{tool}', tool);
    const headers = { 'content-type': 'application/json' };
    uses.length = 0;
    const [expectedReply, reply] = [await onLoop.call(method, url, { raw, headers }), await away.call(method, url, { raw, headers })];
    expect(uses).toEqual([expected]);
    expect(reply.status).toBe(400);
    expect({ status: reply.status, body: reply.body }).toEqual({ status: expectedReply.status, body: expectedReply.body });
  });

  it('answers a valid large body as the event loop would, parsed there', async () => {
    const onLoop = freshMock();
    const away = freshMock({ parseLargeBody });
    // A seeded assistant sent back (its server-owned keys are ignored) with its longest prompt and 50 long metadata values.
    const seeded = onLoop.mockState.store.list(onLoop.orgOf(TOKEN).id, 'assistants')[0];
    const metadata = Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`key${index}`, 'm'.repeat(1000)]));
    const body = { ...seeded, name: 'A large assistant', systemPrompt: 'p'.repeat(20_000), metadata };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
    uses.length = 0;
    const expectedReply = await onLoop.call('POST', '/api/v1/assistants', { body });
    const reply = await away.call('POST', '/api/v1/assistants', { body });
    expect(uses).toEqual(['here']);
    expect(expectedReply.status).toBe(201);
    expect(reply.status).toBe(201);
    expect(Object.keys(reply.body as object).sort()).toEqual(Object.keys(expectedReply.body as object).sort());
  });

  it('creates from a large valid body parsed there the record the event loop would', async () => {
    const onLoop = freshMock();
    const away = freshMock({ parseLargeBody });
    // Large for its white space; what the worker hands back (its fields) is small.
    const raw = `{"type":"endCall",${' '.repeat(70_000)}"name":"hang_up_padded","description":"Ends the call"}`;
    const headers = { 'content-type': 'application/json' };
    uses.length = 0;
    const expectedReply = await onLoop.call('POST', '/api/v1/tools', { raw, headers });
    const reply = await away.call('POST', '/api/v1/tools', { raw, headers });
    expect(uses).toEqual(['parsed']);
    expect(expectedReply.status).toBe(201);
    expect(reply.status).toBe(201);
    const { id, createdAt, updatedAt, ...fields } = reply.body as Record<string, unknown>;
    const { id: _id, createdAt: _created, updatedAt: _updated, ...expectedFields } = expectedReply.body as Record<string, unknown>;
    expect(fields).toEqual(expectedFields);
    expect(fields).toMatchObject({ type: 'endCall', name: 'hang_up_padded', description: 'Ends the call' });
    expect([typeof id, typeof createdAt, typeof updatedAt]).toEqual(['string', 'string', 'string']);
  });

  it('is not there when its file is not: the body is parsed on the loop', async () => {
    const missing = offThreadJson(join(import.meta.dirname, 'no-such-worker.js'));
    expect(await missing.parse(shortKeys, 32, tools, 'create')).toBeUndefined();
    await missing.close();
  });

  it('gives up, not hangs, when the worker fails: waiting bodies are parsed on the loop', async () => {
    const failing = offThreadJson(join(import.meta.dirname, 'helpers', 'failing-worker.cjs'));
    expect(await failing.parse(shortKeys, 32, tools, 'create')).toBeUndefined();
    // Not started again after a failure.
    expect(await failing.parse(shortKeys, 32, tools, 'create')).toBeUndefined();
    await failing.close();
  });
});

describe('the built command', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vcm-off-thread-'));
  afterAll(async () => {
    await killAll();
    rmSync(dir, { recursive: true, force: true });
  });
  const threadsOf = (pid: number) => Number(/^Threads:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

  it.runIf(process.platform === 'linux')('parses a large body on a thread of its own, and answers it as the loop would', async () => {
    const mock = await startWithStateFile(join(dir, 'state.json'));
    const send = (body: string) =>
      fetch(`${mock.url}/api/v1/tools`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body,
      });
    // A small write first: the state file's writes start libuv's thread pool, which must not count below.
    expect((await send(JSON.stringify({ type: 'endCall', name: 'first_small_write' }))).status).toBe(201);
    const pid = mock.child.pid ?? 0;
    const before = threadsOf(pid);
    const reply = await send(underOneMiB('{', (index) => `"${index.toString(36)}":0`, '}'));
    expect(threadsOf(pid)).toBeGreaterThan(before);
    const expected = await freshMock().call('POST', '/api/v1/tools', {
      raw: underOneMiB('{', (index) => `"${index.toString(36)}":0`, '}'),
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.status).toBe(400);
    const answer = (await reply.json()) as Record<string, unknown>;
    expect({ errors: answer.errors, moreErrors: answer.moreErrors, detail: answer.detail }).toEqual({
      errors: expected.body.errors,
      moreErrors: expected.body.moreErrors,
      detail: expected.body.detail,
    });
  });
});
