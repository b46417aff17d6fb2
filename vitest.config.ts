import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import DurationSequencer from './scripts/duration-sequencer.mjs';

// Files that change what other files would see in the same module graph: a resource registered at run time, module
// mocks, fake timers, stubbed globals or environment. They run isolated; every other file shares its worker's
// modules with the files before it (Vitest's `isolate: false`), so the mock, zod and faker are evaluated once per
// worker instead of once per file.
const ISOLATED = [
  'contracts/conformance/http.test.ts',
  'contracts/conformance/target/settle.test.ts',
  'test/added-kind/**/*.test.ts',
  'test/check-architecture.test.ts',
  'test/control/clock-and-access.test.ts',
  'test/crud.test.ts',
  'test/e2e/**/*.test.ts',
  'test/references.test.ts',
  'test/seed/**/*.test.ts',
  'test/sip-trunks.test.ts',
  'test/watch-delay-health.test.ts',
  'test/webhooks/structured-output.test.ts',
];
const ALL = ['test/**/*.test.ts', 'contracts/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 20_000,
    // A beforeAll that runs the kit once for many assertions needs a test's time, not Vitest's 10 s, on a loaded machine.
    hookTimeout: 20_000,
    // Vitest's default is one file at a time per core less one: a single file at a time on two cores, though much of
    // the suite's time is spent waiting on child processes, servers, Chromium and the disk. One file more than there
    // are cores overlaps those waits; two per core starved the tests that time a child process (docs/BENCHMARKS.md).
    maxWorkers: availableParallelism() + 1,
    reporters: ['default', './scripts/slowest-files-reporter.mjs'],
    // The longest files first, also in a fresh clone, which has no cache of the last run's durations.
    sequence: { sequencer: DurationSequencer },
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      { extends: true, test: { name: 'shared', include: ALL, exclude: [...configDefaults.exclude, ...ISOLATED], isolate: false } },
    ],
  },
});
