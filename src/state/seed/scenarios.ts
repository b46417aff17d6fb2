/**
 * The scenarios the mock ships, by name (`--scenario NAME`): data files in
 * fixtures/, read and checked here against the scenario schema. A scenario
 * of one's own is a file of the same shape (`--scenario ./file.json`).
 */
import { parseScenario, type Scenario } from './scenario.js';
import { shippedScenarioFiles } from './shipped-scenarios.js';

export const scenarios: Readonly<Record<string, Scenario>> = Object.fromEntries(
  shippedScenarioFiles.map(([data, source]) => {
    const scenario = parseScenario(data, source);
    return [scenario.name, scenario];
  }),
);
