/**
 * Draws what src/state/seed/demo-records.generated.ts holds: the default
 * scenario checked from its file, seeded at the default seed organization by
 * organization through the operations (each record validated as a create),
 * with every record in the order the store received it.
 */
import defaultScenarioFile from '../../fixtures/default.json' with { type: 'json' };
import type { ResourceKind, StoredRecord } from '../../src/domain/resource.js';
import { DEFAULT_SEED, type MockState } from '../../src/state/mock-state.js';
import type { DemoRecords } from '../../src/state/seed/demo-records.js';
import { parseScenario } from '../../src/state/seed/scenario.js';
import { seedOrganization } from '../../src/state/seed/seed.js';
import { mockStateWithoutOrganizations } from './faker-draws.js';

/** `mockState` (one without organizations) seeded with the default scenario the validating way, and what it received, as the file writes it. */
export function seedDemoValidated(mockState: MockState = mockStateWithoutOrganizations()): DemoRecords {
  const scenario = parseScenario(defaultScenarioFile, 'fixtures/default.json');
  const received: [orgId: string, kind: ResourceKind, record: StoredRecord][] = [];
  const unsubscribe = mockState.changes.subscribe((change) => {
    if (change.op === 'put') received.push([change.orgId, change.kind, change.record]);
  });
  const organizations = scenario.organizations.map((plan, index) => seedOrganization(mockState, plan, [DEFAULT_SEED, index]));
  unsubscribe();
  return {
    fixture: JSON.stringify(defaultScenarioFile),
    seed: DEFAULT_SEED,
    scenario,
    organizations: organizations.map(({ id, name, token, plan }) => {
      if (!plan || !Array.isArray(plan.seed)) throw new Error(`organization ${id} was seeded without its plan`);
      const records = received.filter(([orgId]) => orgId === id).map(([, kind, record]): [ResourceKind, StoredRecord] => [kind, record]);
      return { id, name, token, plan: plan.plan, seed: plan.seed, records };
    }),
  };
}

/** The module's text: the data as one JSON string, which demo-records.ts parses when a mock state first needs it. */
export function demoRecordsModuleText(demo: DemoRecords): string {
  const json = JSON.stringify(demo).replaceAll('\\', '\\\\').replaceAll("'", "\\'");
  return `// Written by test/seed/demo-records.test.ts from the seed code; do not edit.
// After changing a resource, the default scenario or the seeding, write it again:
//   npx vitest run test/seed/demo-records.test.ts -u
// Read by demo-records.ts.

export const demoRecords: string =
  '${json}';
`;
}
