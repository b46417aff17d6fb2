/**
 * Draws what src/state/seed/faker-draws.generated.ts holds, from faker, the way the
 * server seeds: the default scenario's organizations at the default seed,
 * recorded as they are seeded, and each resource's request examples.
 */
import { resources } from '../../src/domain/resources/index.js';
import { createMockState, DEFAULT_SEED, type MockState } from '../../src/state/mock-state.js';
import { drawRequestExamples } from '../../src/state/seed/examples.js';
import type { FakerDraws } from '../../src/state/seed/faker-draws.js';
import { type OrganizationPlanInput, organizationPlanSchema } from '../../src/state/seed/scenario.js';
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

/** The default scenario seeded from faker alone (no written-down values), organization by organization as `createMockState` does; `planOf` may change each organization's plan. */
export function seedDefaultFromFaker(
  mockState: MockState,
  onSeeded?: (index: number, script: FakerDraws['seeds'][number]['script']) => void,
  planOf: (plan: OrganizationPlanInput) => OrganizationPlanInput = (plan) => plan,
): void {
  defaultScenario().organizations.forEach((plan, index) => {
    const seed = [DEFAULT_SEED, index];
    const { source, script } = recordingSource(fakerSource(seed));
    seedOrganization(mockState, planOf(plan), seed, {}, source);
    onSeeded?.(index, script);
  });
}

export function drawFakerDraws(): FakerDraws {
  const seeds: FakerDraws['seeds'] = [];
  seedDefaultFromFaker(mockStateWithoutOrganizations(), (index, script) => {
    const plan = defaultScenario().organizations[index]!;
    seeds.push({ plan: organizationPlanSchema.parse(plan), seed: [DEFAULT_SEED, index], script });
  });
  const examples = Object.fromEntries(resources.map((def) => [def.kind, drawRequestExamples(def)]));
  return { seeds, examples };
}

/** The module's text: the data as one JSON string (parsed once; formatters leave a string alone). */
export function fakerDrawsModuleText(draws: FakerDraws): string {
  const json = JSON.stringify(draws).replaceAll('\\', '\\\\').replaceAll("'", "\\'");
  return `// Written by test/seed/faker-draws.test.ts from faker and the fake factories; do not edit.
// After changing a fake factory, the default scenario or the seeding, write it again:
//   npx vitest run test/seed/faker-draws.test.ts -u
// Typed by faker-draws.ts, which reads it.

export const fakerDraws = JSON.parse(
  '${json}',
);
`;
}
