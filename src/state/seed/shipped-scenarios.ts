/**
 * The scenario files the mock ships (fixtures/), as data with where each came
 * from; scenarios.ts checks them. Their names are read here without the
 * scenario schema, for the command line's help.
 */
import defaultScenario from '../../../fixtures/default.json' with { type: 'json' };
import emptyScenario from '../../../fixtures/empty.json' with { type: 'json' };
import teamScenario from '../../../fixtures/team.json' with { type: 'json' };

export const shippedScenarioFiles: readonly (readonly [data: unknown, source: string])[] = [
  [defaultScenario, 'fixtures/default.json'],
  [emptyScenario, 'fixtures/empty.json'],
  [teamScenario, 'fixtures/team.json'],
];

/** The names `--scenario NAME` takes (each file's own `name`; scenarios.ts checks the rest). */
export const shippedScenarioNames: readonly string[] = [defaultScenario.name, emptyScenario.name, teamScenario.name];
