/**
 * The scenarios the mock ships, by name (`--scenario NAME`): data files in
 * fixtures/, read and checked here against the scenario schema. A scenario
 * of one's own is a file of the same shape (`--scenario ./file.json`).
 */
import defaultScenario from '../../../fixtures/default.json' with { type: 'json' };
import emptyScenario from '../../../fixtures/empty.json' with { type: 'json' };
import teamScenario from '../../../fixtures/team.json' with { type: 'json' };
import { parseScenario, type Scenario } from './scenario.js';

export const scenarios: Readonly<Record<string, Scenario>> = Object.fromEntries(
  [
    [defaultScenario, 'fixtures/default.json'],
    [emptyScenario, 'fixtures/empty.json'],
    [teamScenario, 'fixtures/team.json'],
  ].map(([data, source]) => {
    const scenario = parseScenario(data, source as string);
    return [scenario.name, scenario];
  }),
);
