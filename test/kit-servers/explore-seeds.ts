/**
 * The ten-seed search behind `node bench/explore-seeds.mjs`: for each planted bug of the buggy proxy, explore
 * with each seed against a fresh mock in-process, within a time limit; how many seeds find the bug, after how
 * many sequences and seconds, and the length it is shrunk to.
 */

import { runExplore } from '../../contracts/conformance/explore/explore.js';
import { createApp } from '../../src/http/app.js';
import { createMockState } from '../../src/state/mock-state.js';
import { buggyProxy, PLANTED, type Planted } from './buggy-proxy.js';

export interface SeedResult {
  bug: Planted;
  seed: number;
  found: boolean;
  seconds: number;
  runs?: number;
  length?: number;
  reproduced?: number;
}

export async function searchSeed(bug: Planted, seed: number, timeLimitMs: number, runs: number, steps: number): Promise<SeedResult> {
  const app = createApp({ mockState: createMockState() });
  const fetch = buggyProxy((url, init) => app.request(url, init), [bug]);
  const started = performance.now();
  const run = await runExplore(
    { baseUrl: 'http://proxy.test', token: 'demo-token', token2: 'demo-token-2', fetch },
    {
      seed,
      runs,
      steps,
      timeLimitMs,
      requestBudget: 10_000_000,
      strict: true,
      systemTrunkUpdate: false,
      maxFailures: 1,
      signal: new AbortController().signal,
    },
  );
  const failure = run.failures.find((found) => found.rule.id === PLANTED[bug].rule);
  const seconds = (performance.now() - started) / 1000;
  if (failure === undefined) return { bug, seed, found: false, seconds };
  return { bug, seed, found: true, seconds, runs: failure.foundAfterRuns, length: failure.sequence.length, reproduced: failure.reproduced };
}

export { PLANTED };
