/**
 * The order Vitest starts test files in: the longest first, so that on two
 * cores the last files to end are short ones. Vitest does that itself from
 * its cache of the last run's durations; a fresh clone (CI) has none, and
 * Vitest then starts the largest files first, which put the slowest file
 * (a small one) near the end: about 20 s more of a 5-minute run in a
 * simulation of the suite's own durations. Without a cached duration, a
 * file's time comes from test/file-durations.json (written by
 * `npm run test:durations`), and a file that has none goes last, largest
 * first.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

export const DURATIONS_FILE = new URL('../test/file-durations.json', import.meta.url);

function recordedDurations() {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8'));
  } catch {
    return {};
  }
}

export default class DurationSequencer extends BaseSequencer {
  async sort(files) {
    const { cache, config } = this.ctx;
    const recorded = recordedDurations();
    const timeOf = (spec) => {
      const file = relative(config.root, spec.moduleId);
      const cached = cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration;
      if (cached !== undefined) return cached / 1000;
      return recorded[file];
    };
    const sizeOf = (spec) => cache.getFileStats(`${spec.project.name}:${relative(config.root, spec.moduleId)}`)?.size ?? 0;
    return [...files].sort((a, b) => {
      // Isolated files first, as Vitest orders them: a worker that changes between the two kinds is started afresh,
      // and the shared files after it import everything again (interleaved, the suite's importing took half again as long).
      const isolated = Number(Boolean(b.project.config.isolate)) - Number(Boolean(a.project.config.isolate));
      if (isolated !== 0) return isolated;
      const [ta, tb] = [timeOf(a), timeOf(b)];
      if (ta !== undefined && tb !== undefined) return tb - ta;
      if (ta !== undefined || tb !== undefined) return ta !== undefined ? -1 : 1;
      return sizeOf(b) - sizeOf(a);
    });
  }
}
