/**
 * Each broken variant of the paged servers (delta and epsilon) fails the matching check, though the break shows only
 * on a later page: one kit run per variant. (Apart from paged-servers.test.ts so that Vitest runs the two side by side.)
 */
import { describe, expect, it } from 'vitest';
import { closedAfterEach } from './closed-after-each.js';
import { DELTA_BREAKS, DELTA_DOCUMENTED_BREAKS, DELTA_TOKENS, startDelta } from './delta.js';
import { EPSILON_BREAKS, type EpsilonOptions, startEpsilon } from './epsilon.js';
import { deltaFlags, epsilonFlags, reported, SPEC_CHECKS } from './paged-run.js';

const start = closedAfterEach();

describe('a rule broken on a later page fails the matching check', () => {
  it.each(Object.entries(DELTA_BREAKS))('delta %s fails %j', async (broken, checks) => {
    const delta = await start(startDelta({ breaks: new Set([broken]) }));

    const run = await reported(...deltaFlags(delta.url));

    expect(Object.fromEntries(checks.map((id) => [id, run.status(id)]))).toEqual(Object.fromEntries(checks.map((id) => [id, 'failed'])));
    expect(run.code).toBe(1);
  });

  it.each(Object.entries(DELTA_DOCUMENTED_BREAKS))('delta %s fails %j under --strict', async (broken, checks) => {
    const delta = await start(startDelta({ breaks: new Set([broken]) }));

    const run = await reported(...deltaFlags(delta.url), '--strict');

    for (const id of checks) expect(run.status(id)).toBe('failed');
    expect(run.code).toBe(1);
  });

  it.each(Object.entries(EPSILON_BREAKS))('epsilon %s fails %j', async (broken, checks) => {
    const epsilon = await start(startEpsilon({ breaks: new Set([broken]) } satisfies EpsilonOptions));

    const run = await reported(...epsilonFlags(epsilon.url));

    for (const id of checks) expect(run.status(id)).toBe('failed');
    expect(run.code).toBe(1);
  });

  it('a failure carries its evidence: the requests, with tokens masked', async () => {
    const delta = await start(startDelta({ breaks: new Set(['trunk-delete-still-listed']) }));

    const run = await reported(...deltaFlags(delta.url));

    const evidence = JSON.stringify(run.result('sip-trunks.list-after-delete')?.evidence);
    expect(evidence).toContain('cursor=');
    expect(evidence).not.toContain(DELTA_TOKENS[0]);
  });

  it('every spec check has a broken delta variant', () => {
    const broken = new Set(Object.values(DELTA_BREAKS).flat());
    expect(SPEC_CHECKS.filter((id) => !broken.has(id))).toEqual([]);
    expect(Object.values(DELTA_DOCUMENTED_BREAKS).flat()).toEqual([
      'sip-trunks.delete.unknown-id',
      'tools.delete.unknown-id',
      'webhooks.delete.unknown-id',
    ]);
  });
});
