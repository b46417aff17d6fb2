/**
 * A Vitest reporter (vitest.config.ts adds it beside the default one) that
 * prints, after every run of more than ten files, the ten slowest test files:
 * the time each took from the start of its import to the end of its last
 * test, split into importing and testing, so a file that grows is seen
 * before the suite outgrows CI's time limit. With VITEST_RECORD_DURATIONS
 * set (`npm run test:durations`), it also writes every file's time to
 * test/file-durations.json, which orders a run without Vitest's cache
 * (duration-sequencer.mjs).
 */
import { writeFileSync } from 'node:fs';
import { DURATIONS_FILE } from './duration-sequencer.mjs';

const SHOWN = 10;

export default class SlowestFilesReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    const all = testModules.map((module) => {
      const { collectDuration = 0, duration = 0, setupDuration = 0, prepareDuration = 0 } = module.diagnostic();
      const importing = collectDuration + setupDuration + prepareDuration;
      return { file: module.moduleId.replace(`${this.root}/`, ''), total: importing + duration, importing, testing: duration };
    });
    if (process.env.VITEST_RECORD_DURATIONS) {
      const seconds = Object.fromEntries(all.map((row) => [row.file, Math.round(row.total / 100) / 10]).sort(([a], [b]) => (a < b ? -1 : 1)));
      writeFileSync(DURATIONS_FILE, `${JSON.stringify(seconds, null, 2)}\n`);
    }
    if (testModules.length <= SHOWN) return;
    const rows = all.sort((a, b) => b.total - a.total).slice(0, SHOWN);
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const lines = rows.map((row) => `${seconds(row.total)}  (import ${seconds(row.importing).trim()}, tests ${seconds(row.testing).trim()})  ${row.file}`);
    process.stdout.write(`\nThe ${rows.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}
