import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'contracts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // A beforeAll that runs the kit once for many assertions needs a test's time, not Vitest's 10 s, on a loaded machine.
    hookTimeout: 20_000,
    // Vitest's default is one file at a time per core less one: a single file at a time on two cores, though much of
    // the suite's time is spent waiting on child processes, servers, Chromium and the disk. One file more than there
    // are cores overlaps those waits; two per core starved the tests that time a child process (docs/BENCHMARKS.md).
    maxWorkers: availableParallelism() + 1,
    reporters: ['default', './scripts/slowest-files-reporter.mjs'],
  },
});
