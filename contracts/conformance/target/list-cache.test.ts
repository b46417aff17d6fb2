/**
 * A list the run read before is given again only while the kit has sent no write since: every read after a write,
 * answered or not, in flight during the read or not, is sent to the target, and a read given again carries its
 * requests, noted, as evidence.
 */
import { describe, expect, it } from 'vitest';
import { ProbeRun, type SuiteContext } from '../checks/probe.js';
import type { Target } from '../types.js';
import { TargetAdapter } from './adapter.js';
import { REUSED_NOTE } from './list-cache.js';

/** A target of one tool list per token, that adds a tool on each POST and answers 500 to every PATCH (changing the list even so). */
function toolsTarget(options: { slowListMs?: number } = {}) {
  const lists: Record<string, { id: string }[]> = { 'Bearer a': [], 'Bearer b': [] };
  const seen: string[] = [];
  const target: Target = {
    baseUrl: 'http://tools.test',
    token: 'a',
    token2: 'b',
    fetch: async (url, init) => {
      const request = new Request(url, init);
      const auth = request.headers.get('authorization') ?? '';
      seen.push(`${request.method} ${new URL(request.url).pathname} ${auth}`);
      const list = lists[auth];
      if (list === undefined) return Response.json({ message: 'no token' }, { status: 401 });
      if (request.method === 'GET') {
        const answer = Response.json([...list]);
        if (options.slowListMs) await new Promise((resolve) => setTimeout(resolve, options.slowListMs));
        return answer;
      }
      list.push({ id: crypto.randomUUID() });
      return request.method === 'PATCH'
        ? Response.json({ message: 'broke' }, { status: 500 })
        : Response.json(list.at(-1), { status: 201 });
    },
  };
  return { target, seen, lists, gets: () => seen.filter((line) => line.startsWith('GET')).length };
}

function probeRun(target: Target): ProbeRun {
  const ctx = {
    target,
    adapter: new TargetAdapter(target, () => [], new Set()),
    signal: new AbortController().signal,
    unanswered: 0,
  } as unknown as SuiteContext;
  const check = { id: 'tools.listed', source: 'assumed', title: 'the tools are listed', expected: 'a list', basis: 'a test' } as const;
  return new ProbeRun(ctx, { name: 'lists', readOnly: false, checks: [check], run: async () => undefined });
}

/** The exchanges a verdict of the probe shows as its evidence. */
function exchangesOf(t: ProbeRun) {
  t.verdict('tools.listed', true, '');
  return t.finish()[0]?.exchanges ?? [];
}

const PATH = '/api/v1/tools';

describe('lists read in a run', () => {
  it('gives a list read again without a request while no write was sent, its requests noted as evidence', async () => {
    const { target, gets } = toolsTarget();
    const t = probeRun(target);

    const first = await t.list(PATH);
    const again = await t.list(PATH);

    expect(gets()).toBe(1);
    expect(again).toBe(first);
    const exchanges = exchangesOf(t);
    expect(exchanges).toHaveLength(2);
    expect(exchanges[0]?.note).toBeUndefined();
    expect(exchanges[1]).toMatchObject({ sent: exchanges[0]?.sent, note: REUSED_NOTE });
  });

  it('reads again after a write: the new record is in the list', async () => {
    const { target, gets } = toolsTarget();
    const t = probeRun(target);
    await t.list(PATH);

    const created = await t.send({ method: 'POST', path: PATH, credentials: 'token', body: {} });
    const after = await t.list(PATH);

    expect(gets()).toBe(2);
    expect(after.items).toEqual([created.body]);
  });

  it('reads again after a write that failed, and after one of the other organization', async () => {
    const { target, gets, lists } = toolsTarget();
    const t = probeRun(target);
    await t.list(PATH);

    await t.sendAny({ method: 'PATCH', path: `${PATH}/x`, credentials: 'token', body: {} });
    expect((await t.list(PATH)).items).toHaveLength(1);
    await t.send({ method: 'DELETE', path: `${PATH}/x`, credentials: 'token2' });
    expect((await t.list(PATH)).items).toEqual(lists['Bearer a']);

    expect(gets()).toBe(3);
  });

  it('keeps reads apart by credentials, and reads anew when asked for a fresh read', async () => {
    const { target, gets } = toolsTarget();
    const t = probeRun(target);

    await t.list(PATH);
    await t.list(PATH, 'token2');
    await t.list(PATH, 'token2');
    await t.list(PATH, 'token', true);

    expect(gets()).toBe(3);
  });

  it('does not keep a read during which a write was sent', async () => {
    const { target, gets } = toolsTarget({ slowListMs: 50 });
    const t = probeRun(target);

    const [during] = await Promise.all([t.list(PATH), t.send({ method: 'POST', path: PATH, credentials: 'token', body: {} })]);
    const after = await t.list(PATH);

    expect(gets()).toBe(2);
    expect(during.items).toHaveLength(0);
    expect(after.items).toHaveLength(1);
  });
});
