/**
 * The broken-variant suite of one server: its table of breaks covers every rule the kit judges as spec, and in
 * each of the kit runs of `breaksOfRun` (one kit run each, many assertions on its report) every break turned on
 * fails each check it names, and the kit exits 1.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { allProbes } from '../../contracts/conformance/checks/index.js';
import { judgeServer, ruleOf } from './judge.js';
import type { Running } from './plumbing.js';
import { breaksOfRun, KIT_RUNS } from './spec-breaks.js';

const specRules = () =>
  new Set(
    allProbes
      .flatMap((probe) => probe.checks)
      .filter((check) => check.source === 'spec')
      .map((check) => ruleOf(check.id)),
  );

export function brokenVariantSuite(
  label: string,
  table: Record<string, readonly string[]>,
  start: (breaks: ReadonlySet<string>) => Promise<Running>,
  tokens: readonly string[],
  flags: (url: string) => string[] = () => [],
): void {
  const started: Running[] = [];
  afterAll(async () => {
    await Promise.all(started.map((server) => server.close()));
  });

  describe(`${label}, broken`, { timeout: 90_000 }, () => {
    it('has a break for every rule the kit judges as spec', () => {
      const covered = new Set(Object.values(table).flat().map(ruleOf));
      expect([...specRules()].filter((rule) => !covered.has(rule))).toEqual([]);
    });

    it.each(KIT_RUNS)('fails the checks of every break of kit run %i, and exits 1', async (kitRun) => {
      const names = breaksOfRun(table, kitRun);
      const server = await start(new Set(names));
      started.push(server);
      const { run, outcome } = await judgeServer(server, tokens, flags);

      expect(run.code).toBe(1);
      const missed = names.flatMap((name) =>
        (table[name] ?? []).filter((id) => outcome(id) !== 'failed').map((id) => `${name}: ${id} ${outcome(id)}`),
      );
      expect(missed).toEqual([]);
    });
  });
}
