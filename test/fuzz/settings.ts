/**
 * How much the fuzz suite runs. `npm test` runs a fixed seed and a few runs per
 * property; `FUZZ_RUNS=10000 npx vitest run test/fuzz` runs longer, and
 * `FUZZ_SEED=<n>` explores other inputs (a failure prints the seed and path to replay it).
 */
import type { Parameters } from 'fast-check';

const DEFAULT_SEED = 20260105;

const positive = (text: string | undefined): number | undefined => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** Runs of a property: FUZZ_RUNS when set, else the property's own small default. */
export function fuzzRuns(defaultRuns: number): number {
  return positive(process.env.FUZZ_RUNS) ?? defaultRuns;
}

/** fast-check parameters with the suite's fixed seed (FUZZ_SEED overrides it). */
export function fuzzParameters<T>(defaultRuns: number): Parameters<T> {
  return { numRuns: fuzzRuns(defaultRuns), seed: positive(process.env.FUZZ_SEED) ?? DEFAULT_SEED, endOnFailure: true };
}

/** Per-test timeout: the default for the bounded runs, an hour for a long run. */
export const fuzzTimeout = positive(process.env.FUZZ_RUNS) ? 3_600_000 : 20_000;
