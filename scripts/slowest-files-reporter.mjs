/**
 * A Vitest reporter (vitest.config.ts adds it beside the default one) that
 * prints, after every run of more than ten files, the ten slowest test files:
 * the time each took from the start of its import to the end of its last
 * test, split into importing and testing, so a file that grows is seen
 * before the suite outgrows CI's time limit.
 */
const SHOWN = 10;

export default class SlowestFilesReporter {
  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules) {
    if (testModules.length <= SHOWN) return;
    const rows = testModules
      .map((module) => {
        const { collectDuration = 0, duration = 0, setupDuration = 0, prepareDuration = 0 } = module.diagnostic();
        const importing = collectDuration + setupDuration + prepareDuration;
        return { file: module.moduleId.replace(`${this.root}/`, ''), total: importing + duration, importing, testing: duration };
      })
      .sort((a, b) => b.total - a.total)
      .slice(0, SHOWN);
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const lines = rows.map((row) => `${seconds(row.total)}  (import ${seconds(row.importing).trim()}, tests ${seconds(row.testing).trim()})  ${row.file}`);
    process.stdout.write(`\nThe ${rows.length} slowest test files:\n${lines.join('\n')}\n`);
  }
}
