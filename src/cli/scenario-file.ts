/**
 * A scenario file of one's own (`--scenario ./file.json`): read and checked
 * whole, its shape and then every written-down record, so that a start (or a
 * `--watch` reload) lists every problem with its place at once.
 */
import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import type { MockState } from '../state/mock-state.js';
import { scenarioProblems } from '../state/mock-state.js';
import { parseScenario, type Scenario } from '../state/seed/scenario.js';

/** A scenario file read and checked (its shape, then every written-down record), or an Error listing every problem. */
export function readScenarioFile(path: string, seed: number): Scenario {
  const text = readFileSync(path, 'utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`--scenario ${path} is not JSON: ${(error as Error).message}`);
  }
  const scenario = parseScenario(data, `--scenario ${path}`);
  const problems = scenarioProblems(scenario, seed);
  if (problems.length > 0) throw new Error(`--scenario ${path} is not a scenario:\n  ${problems.join('\n  ')}`);
  return scenario;
}

/**
 * `--watch`: the scenario file read again whenever it changes (polled, so that an editor's write through a new
 * file is seen too); a good one resets the mock to it, one with problems is reported and the data stays.
 */
export function watchScenario(path: string, server: { mockState: Pick<MockState, 'seed' | 'reset'> }): void {
  watchFile(path, { interval: 250, persistent: false }, (now, before) => {
    if (now.mtimeMs === before.mtimeMs && now.size === before.size) return;
    const stamp = new Date().toISOString().slice(11, 19);
    try {
      const scenario = readScenarioFile(path, server.mockState.seed);
      server.mockState.reset({ scenario });
      process.stdout.write(`${stamp} ${path} changed: reset to scenario ${scenario.name}\n`);
    } catch (error) {
      process.stderr.write(`${stamp} ${path} changed but was not loaded (the data stays as it was): ${(error as Error).message}\n`);
    }
  });
  process.once('exit', () => unwatchFile(path));
}
