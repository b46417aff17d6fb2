/**
 * Answers to hostile bodies stay small: a body of a megabyte of unknown keys
 * (or a snapshot of many broken records) gets at most 50 listed problems and
 * the count of the rest, never an answer that grows with the body (issue 24,
 * item 1: such a body once got a 20 MB answer).
 */
import { describe, expect, it } from 'vitest';
import { resources } from '../src/domain/resources/index.js';
import { largeBodyTurn } from '../src/http/large-bodies.js';
import { MAX_PROBLEM_BYTES, problemBody } from '../src/http/problem.js';
import { freshMock, type Reply } from './helpers/client.js';

const ANSWER_BOUND = 64 * 1024;
const BODY_LIMIT = 1024 * 1024;

/** An object of unknown keys whose JSON text is just under `bytes`, and how many keys it has. */
function unknownKeys(bytes: number, prefix = 'unknownField'): { fields: Record<string, number>; count: number } {
  const fields: Record<string, number> = {};
  let size = 2;
  let count = 0;
  for (;;) {
    const key = `${prefix}${count}`;
    const added = key.length + 5;
    if (size + added > bytes - 1024) break;
    fields[key] = 1;
    size += added;
    count += 1;
  }
  return { fields, count };
}

const answerBytes = (reply: Reply) => Buffer.byteLength(JSON.stringify(reply.body));

function expectBoundedProblem(reply: Reply, found: number): void {
  expect(reply.status).toBe(400);
  expect(reply.contentType).toMatch(/^application\/problem\+json/);
  expect(answerBytes(reply)).toBeLessThan(ANSWER_BOUND);
  expect(reply.body.errors).toHaveLength(50);
  expect(reply.body.moreErrors).toBe(found - 50);
  expect(reply.body.detail).toContain(`${found} problems, the first 50 listed in errors`);
}

describe('a megabyte of unknown keys', () => {
  const { fields, count } = unknownKeys(BODY_LIMIT);

  it.each(resources.map((def) => [def.path]))('to a create of %s answers 400 under 64 KiB, with the count of the rest', async (path) => {
    const { call } = freshMock();
    const reply = await call('POST', `/api/v1/${path}`, { body: fields });
    // Every unknown key is one problem, and the missing required fields come on top.
    expect(reply.body.moreErrors).toBeGreaterThanOrEqual(count - 50);
    expectBoundedProblem(reply, reply.body.moreErrors + 50);
    const hinted = reply.body.errors.filter((entry: { message: string }) => entry.message.includes('Fields you can send'));
    expect(hinted).toHaveLength(1);
  });

  it.each(resources.map((def) => [def.path, def.kind] as const))(
    'to an update of %s answers 400 under 64 KiB, counting every key',
    async (path, kind) => {
      const { call, mockState, orgOf } = freshMock();
      const [record] = mockState.store.list(orgOf('demo-token').id, kind).filter((one) => one.isSystem !== true);
      const reply = await call('PATCH', `/api/v1/${path}/${record?.id}`, { body: fields });
      expectBoundedProblem(reply, count);
    },
  );

  it('one key of almost a megabyte is named cut short', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/tools', { body: { ['k'.repeat(BODY_LIMIT - 100)]: 1 } });
    expect(reply.status).toBe(400);
    expect(answerBytes(reply)).toBeLessThan(ANSWER_BOUND);
    const messages = reply.body.errors.map((entry: { message: string }) => entry.message);
    expect(messages).toContainEqual(expect.stringMatching(/^Unknown field "k{100}…"/));
  });
});

describe('the control API', () => {
  const snapshotOf = (trunks: unknown[], extra: Record<string, unknown> = {}) => ({
    format: 'voice-config-mock/state',
    version: 1,
    organizations: [{ id: 'org_hostile', name: 'Hostile', token: 'hostile-token', records: { sipTrunks: trunks } }],
    ...extra,
  });

  it('answers a snapshot whose trunk is a megabyte of unknown keys under 64 KiB, with the count of the rest', async () => {
    const { call } = freshMock();
    const { fields, count } = unknownKeys(BODY_LIMIT);
    const reply = await call('PUT', '/__mock/state', { body: snapshotOf([fields]) });
    // The trunk's required fields (name, host, ...) are missing too.
    expect(reply.body.moreErrors).toBeGreaterThanOrEqual(count - 50);
    expectBoundedProblem(reply, reply.body.moreErrors + 50);
  });

  it('answers a snapshot with a megabyte of unknown keys beside its state under 64 KiB', async () => {
    const { call } = freshMock();
    const reply = await call('PUT', '/__mock/state', { body: { ...unknownKeys(BODY_LIMIT).fields, format: 'nope' } });
    expect(reply.status).toBe(400);
    expect(answerBytes(reply)).toBeLessThan(ANSWER_BOUND);
  });

  it('stops checking a snapshot of 100,000 empty trunks once it has 50 problems, and says so', async () => {
    const { call, mockState } = freshMock();
    const before = JSON.stringify(mockState.organizations.list());
    const reply = await call('PUT', '/__mock/state', { body: snapshotOf(Array.from({ length: 100_000 }, () => ({}))) });
    expect(reply.status).toBe(400);
    expect(answerBytes(reply)).toBeLessThan(ANSWER_BOUND);
    expect(reply.body.errors).toHaveLength(50);
    expect(reply.body.checkStopped).toBe(true);
    expect(reply.body.detail).toMatch(/at least \d+ problems \(the check stopped there\)/);
    // Nothing changed.
    expect(JSON.stringify(mockState.organizations.list())).toBe(before);
  });

  it('answers an injected record of a megabyte of unknown keys under 64 KiB', async () => {
    const { call, orgOf } = freshMock();
    const { fields, count } = unknownKeys(BODY_LIMIT - 200);
    const reply = await call('POST', '/__mock/records', { body: { orgId: orgOf('demo-token').id, kind: 'tools', record: fields } });
    expect(reply.body.moreErrors).toBeGreaterThanOrEqual(count - 50);
    expectBoundedProblem(reply, reply.body.moreErrors + 50);
  });

  it('answers an injection envelope of a megabyte of unknown keys under 64 KiB, counting every key', async () => {
    const { call } = freshMock();
    const { fields, count } = unknownKeys(BODY_LIMIT);
    const reply = await call('POST', '/__mock/records', { body: fields });
    // The envelope's three fields are missing too.
    expectBoundedProblem(reply, count + 3);
  });
});

describe('the problem renderer', () => {
  it('keeps any list of problems under 64 KiB, counting what it leaves out', () => {
    // Control characters take six bytes each once escaped: 50 such messages of 500 characters would make 150 KB.
    const problems = Array.from({ length: 80 }, (_, index) => ({ path: ['\u0001'.repeat(600), index], message: '\u0001'.repeat(600) }));
    const body = problemBody('validation', 'x'.repeat(10_000), problems);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThan(MAX_PROBLEM_BYTES);
    expect((body.errors?.length ?? 0) + (body.moreErrors ?? 0)).toBe(80);
    expect(body.errors?.length).toBeGreaterThan(0);
  });
});

describe('large bodies', () => {
  it('take turns: a second one in the same turn of the event loop waits for the next turn', async () => {
    let turnsPassed = 0;
    setImmediate(() => {
      turnsPassed += 1;
    });
    await largeBodyTurn();
    expect(turnsPassed).toBe(0);
    await largeBodyTurn();
    // The loop went round (and polled for other requests) before the second body's turn.
    expect(turnsPassed).toBe(1);
  });

  it.each([
    ['an api', '/api/v1/schemas'],
    ['a control', '/__mock/records'],
  ])('take turns when sent to %s route: the loop goes round between two sent at once', async (_, path) => {
    const { call } = freshMock();
    // Counts the turns of the event loop while the two requests are handled.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const { fields } = unknownKeys(200 * 1024);
    const answeredAt: number[] = [];
    const send = async () => {
      const reply = await call('POST', path, { body: fields });
      answeredAt.push(turns);
      return reply;
    };
    const replies = await Promise.all([send(), send()]);
    counting = false;
    expect(replies.map(({ status }) => status)).toEqual([400, 400]);
    expect(answeredAt[1]).toBeGreaterThan(answeredAt[0] as number);
  });
});
