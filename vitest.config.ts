import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'contracts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Vitest's default is one file at a time per core less one: a single file at a time on two cores, though most of
    // the suite's time is spent waiting on child processes, servers, Chromium and the disk. Two files per core overlap
    // those waits (docs/BENCHMARKS.md has the suite's times).
    maxWorkers: Math.max(2, 2 * availableParallelism()),
    reporters: ['default', './scripts/slowest-files-reporter.mjs'],
  },
});
