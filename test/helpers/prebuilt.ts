/**
 * Draws what src/state/seed/prebuilt.generated.ts holds, from faker, the way the
 * server seeds: the default scenario's organizations at the default seed,
 * recorded as they are seeded, and each resource's request examples.
 */
import { resources } from '../../src/domain/resources/index.js';
import { createMockState, DEFAULT_SEED, type MockState } from '../../src/state/mock-state.js';
import { drawRequestExamples } from '../../src/state/seed/examples.js';
import type { Prebuilt } from '../../src/state/seed/prebuilt-shape.js';
import { organizationPlanSchema } from '../../src/state/seed/scenario.js';
import { scenarios } from '../../src/state/seed/scenarios.js';
import { seedOrganization } from '../../src/state/seed/seed.js';
import { fakerSource, recordingSource } from '../../src/state/seed/seed-source.js';

const defaultScenario = () => {
  const found = scenarios.default;
  if (!found) throw new Error('fixtures/default.json is missing');
  return found;
};

/** A mock state with no organization, to seed into by hand. */
export const mockStateWithoutOrganizations = (): MockState =>
  createMockState({ scenario: { name: 'nobody', description: 'No organizations.', organizations: [] } });

/** The default scenario seeded from faker alone (no prebuilt values), organization by organization as `createMockState` does. */
export function seedDefaultFromFaker(
  mockState: MockState,
  onSeeded?: (index: number, script: Prebuilt['seeds'][number]['script']) => void,
): void {
  defaultScenario().organizations.forEach((plan, index) => {
    const seed = [DEFAULT_SEED, index];
    const { source, script } = recordingSource(fakerSource(seed));
    seedOrganization(mockState, plan, seed, {}, source);
    onSeeded?.(index, script);
  });
}

export function drawPrebuilt(): Prebuilt {
  const seeds: Prebuilt['seeds'] = [];
  seedDefaultFromFaker(mockStateWithoutOrganizations(), (index, script) => {
    const plan = defaultScenario().organizations[index]!;
    seeds.push({ plan: organizationPlanSchema.parse(plan), seed: [DEFAULT_SEED, index], script });
  });
  const examples = Object.fromEntries(resources.map((def) => [def.kind, drawRequestExamples(def)]));
  return { seeds, examples };
}

/** The module's text: the data as one JSON string (parsed once; formatters leave a string alone). */
export function prebuiltModuleText(prebuilt: Prebuilt): string {
  const json = JSON.stringify(prebuilt).replaceAll('\\', '\\\\').replaceAll("'", "\\'");
  return `// Written by test/seed/prebuilt.test.ts from faker and the fake factories; do not edit.
// After changing a fake factory, the default scenario or the seeding, write it again:
//   npx vitest run test/seed/prebuilt.test.ts -u
import type { Prebuilt } from './prebuilt-shape.js';

export const prebuilt: Prebuilt = JSON.parse(
  '${json}',
);
`;
}
