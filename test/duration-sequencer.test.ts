/**
 * The order test files start in (scripts/duration-sequencer.mjs): the longest first, by Vitest's cache of the last
 * run where it has one, else by test/file-durations.json, and files known to neither last, the largest first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import DurationSequencer, { DURATIONS_FILE } from '../scripts/duration-sequencer.mjs';

const root = '/checkout';
const recorded = JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
const spec = (file: string, isolate = false) => ({
  moduleId: `${root}/${file}`,
  project: { name: isolate ? 'isolated' : 'shared', config: { isolate } },
});

/** A sequencer over a Vitest cache that knows `cached` (ms) and `sizes` (bytes) of files. */
function sequencer(cached: Record<string, number> = {}, sizes: Record<string, number> = {}) {
  const file = (key: string) => key.slice(key.indexOf(':') + 1);
  const cache = {
    getFileTestResults: (key: string) => (file(key) in cached ? { duration: cached[file(key)], failed: false } : undefined),
    getFileStats: (key: string) => (file(key) in sizes ? { size: sizes[file(key)] } : undefined),
  };
  // The two members of Vitest's context the sequencer reads.
  return new DurationSequencer({ cache, config: { root } } as any);
}

const order = async (seq: ReturnType<typeof sequencer>, files: string[], isolated: string[] = []) =>
  ((await seq.sort(files.map((file) => spec(file, isolated.includes(file))) as never)) as unknown as ReturnType<typeof spec>[]).map((s) =>
    s.moduleId.slice(root.length + 1),
  );

describe('the order of test files', () => {
  const byTime = Object.entries(recorded)
    .sort(([, a], [, b]) => b - a)
    .map(([file]) => file);
  const fileAt = (index: number): string => byTime.at(index) ?? 'none recorded';
  const [slowest, middle, quick] = [fileAt(0), fileAt(Math.floor(byTime.length / 2)), fileAt(-1)];

  it('starts the files the recorded durations call longest first, without a cache (a fresh clone)', async () => {
    expect(byTime.length).toBeGreaterThan(100);
    expect(recorded[slowest]).toBeGreaterThan(recorded[quick] ?? Number.POSITIVE_INFINITY);
    const [big, small] = ['test/new-big.test.ts', 'test/new-small.test.ts'];
    const sorted = await order(sequencer({}, { [big]: 9_000, [small]: 100 }), [quick, small, middle, big, slowest]);
    expect(sorted).toEqual([slowest, middle, quick, big, small]);
  });

  it("takes Vitest's cached durations over the recorded ones", async () => {
    const sorted = await order(sequencer({ [quick]: 600_000, [slowest]: 10 }), [slowest, middle, quick]);
    expect(sorted[0]).toBe(quick);
    expect(sorted.at(-1)).toBe(slowest);
  });

  it('starts the isolated files before the shared ones, each kind longest first', async () => {
    const sorted = await order(sequencer(), [slowest, quick, middle], [quick, middle]);
    expect(sorted).toEqual([middle, quick, slowest]);
  });
});
