/**
 * The scenarios the mock ships, by name (`--scenario NAME`): data files in
 * fixtures/, read and checked here against the scenario schema. A scenario
 * of one's own is a file of the same shape (`--scenario ./file.json`).
 */
import { writtenScenarioOf } from './demo-records.js';
import { parseScenario, type Scenario } from './scenario.js';
import { shippedScenarioFiles, shippedScenarioNames } from './shipped-scenarios.js';

/**
 * Each is checked when first asked for, once: a start checks only the one it seeds. The file demo-records.generated.ts
 * was written from is not checked again: it is the checked scenario written there (its test checks that it is what
 * checking the file gives), so the demo seed can load its written-down records.
 */
export const scenarios: Readonly<Record<string, Scenario>> = Object.defineProperties(
  {},
  Object.fromEntries(
    shippedScenarioFiles.map(([data, source], index) => {
      let checked: Scenario | undefined;
      const scenario = () => {
        checked ??= writtenScenarioOf(data) ?? parseScenario(data, source);
        return checked;
      };
      return [shippedScenarioNames[index] as string, { enumerable: true, get: scenario }];
    }),
  ),
);
