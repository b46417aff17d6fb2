/**
 * Explore against the mock, in-process: a thousand seeded sequences break no
 * rule, and every organization's records are as they were afterwards.
 */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/http/app.js';
import { createMockState } from '../../../src/state/mock-state.js';
import type { Target } from '../types.js';
import { replay, runExplore } from './explore.js';
import type { Step } from './model.js';
import { ALL_RULES } from './rules.js';

const RESOURCES = ['sip-trunks', 'assistants', 'schemas', 'tools', 'webhooks'];

function inProcess(): Target {
  const app = createApp({ mockState: createMockState() });
  return { baseUrl: 'http://mock.test', token: 'demo-token', token2: 'demo-token-2', fetch: (url, init) => app.request(url, init) };
}

async function snapshot(target: Target): Promise<string[]> {
  const fetch = target.fetch ?? globalThis.fetch;
  const lists: string[] = [];
  for (const token of [target.token, target.token2])
    for (const resource of RESOURCES) {
      const res = await fetch(`${target.baseUrl}/api/v1/${resource}`, { headers: { authorization: `Bearer ${token}` } });
      lists.push(`${token} ${resource} ${await res.text()}`);
    }
  return lists;
}

describe('explore against the mock', () => {
  it('breaks no rule over 1,000 seeded sequences and leaves every record as it was', async () => {
    const target = inProcess();
    const before = await snapshot(target);

    const run = await runExplore(target, {
      seed: 40,
      runs: 1000,
      steps: 8,
      timeLimitMs: 60_000,
      requestBudget: 1_000_000,
      strict: true,
      systemTrunkUpdate: false,
      signal: new AbortController().signal,
    });

    expect(run.failures.map((failure) => `${failure.rule.id}: ${failure.detail}`)).toEqual([]);
    expect(run.stoppedBy).toBeUndefined();
    // Every rule was put to the test on evidence: none passes only for never having been judged.
    expect(ALL_RULES.filter((rule) => !run.judged[rule.id]).map((rule) => rule.id)).toEqual([]);
    expect(run.runs).toBe(1000);
    expect(run.requests).toBeGreaterThan(2000);
    expect(run.leftovers).toEqual([]);
    expect(await snapshot(target)).toEqual(before);
  }, 60_000);

  it('goes on with a re-created record: a get, an update and a delete of it are carried out and judged', async () => {
    const step = (op: Step['op']): Step => ({ op, kind: 'schemas', as: 'token', handle: 0 });
    const sequence = ['create', 'delete', 'recreate', 'get', 'update', 'delete'].map((op) => step(op as Step['op']));
    const options = { seed: 1, runs: 1, steps: 8, timeLimitMs: 30_000, requestBudget: 1_000_000, strict: true, systemTrunkUpdate: false };
    const [result] = await replay(inProcess(), { ...options, signal: new AbortController().signal }, [sequence]);

    expect(result?.broken).toBeUndefined();
    const created = result?.log.filter((entry) => entry.created !== undefined).map((entry) => entry.created) ?? [];
    expect(created).toHaveLength(2);
    // The steps after the re-create reach the new record, not nothing.
    const onNew = result?.log.filter((entry) => entry.path.endsWith(`/${created[1]}`)).map((entry) => entry.method) ?? [];
    expect(onNew).toEqual(expect.arrayContaining(['GET', 'PATCH', 'DELETE']));
    expect(result?.leftovers).toEqual([]);
  });

  // Without a second organization no list can show another's record: the rule is not judged, never passed.
  it("does not judge that lists hold only their organization's records without --token2", async () => {
    const { token2: _, ...target } = inProcess();
    const run = await runExplore(target, {
      seed: 5,
      runs: 100,
      steps: 8,
      timeLimitMs: 30_000,
      requestBudget: 1_000_000,
      strict: true,
      systemTrunkUpdate: false,
      signal: new AbortController().signal,
    });
    expect(run.failures).toEqual([]);
    expect(run.judged['explore.list.own-organization-only']).toBeFalsy();
    // The run judged other rules on what it saw.
    expect(Object.values(run.judged).filter(Boolean).length).toBeGreaterThan(5);
  }, 60_000);
});
