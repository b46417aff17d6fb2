/**
 * The written-down demo records are what seeding the default scenario gives:
 * the file matches a fresh seeding through the operations (`-u` writes it
 * again), and a mock state that loads them holds exactly what one seeded the
 * validating way holds, in the same order, with the same side effects.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import defaultScenarioFile from '../../fixtures/default.json' with { type: 'json' };
import { resourceKinds } from '../../src/domain/resources/index.js';
import { createMockState, DEFAULT_SEED, type MockState } from '../../src/state/mock-state.js';
import { writtenOrganizations, writtenScenarioOf } from '../../src/state/seed/demo-records.js';
import { parseScenario } from '../../src/state/seed/scenario.js';
import { scenarios } from '../../src/state/seed/scenarios.js';
import { exportState } from '../../src/state/snapshot/snapshot.js';
import { demoRecordsModuleText, seedDemoValidated } from '../helpers/demo-records.js';
import { mockStateWithoutOrganizations } from '../helpers/faker-draws.js';

afterEach(() => {
  vi.useRealTimers();
});

/** Everything a mock state holds that seeding sets, in order: organizations, each kind's records as stored, the provider's configurations. */
function contents(mockState: MockState) {
  return {
    organizations: mockState.organizations.list(),
    records: mockState.organizations
      .list()
      .map((organization) => resourceKinds.map((kind) => [kind, mockState.store.list(organization.id, kind)] as const)),
    exported: exportState(mockState),
  };
}

describe('the written-down demo records', () => {
  it('are what seeding the default scenario through the operations gives now (write them again with -u)', async () => {
    await expect(demoRecordsModuleText(seedDemoValidated())).toMatchFileSnapshot('../../src/state/seed/demo-records.generated.ts');
  });

  it('hold the default scenario as checking its file gives it, and the shipped "default" is that scenario', () => {
    const written = writtenScenarioOf(defaultScenarioFile);
    expect(written).toStrictEqual(parseScenario(defaultScenarioFile, 'fixtures/default.json'));
    expect(scenarios.default).toBe(written);
  });

  it('load into a mock state exactly what validated seeding puts there: records, order, ids, timestamps, organizations, telephony', () => {
    // The provider stamps with the mock state's clock, which runs: one instant for both.
    vi.useFakeTimers({ now: Date.parse('2026-03-01T12:00:00.000Z'), toFake: ['Date'] });
    const loaded = createMockState();
    expect(writtenOrganizations(loaded.scenario, loaded.seed)).toBeDefined();
    const validated = mockStateWithoutOrganizations();
    seedDemoValidated(validated);
    expect(contents(loaded)).toStrictEqual(contents(validated));
    // Key by key in the same order too: lists answer the records' JSON text.
    expect(JSON.stringify(contents(loaded))).toBe(JSON.stringify(contents(validated)));
    expect(loaded.telephony.configurations()).toStrictEqual(validated.telephony.configurations());
    expect(loaded.telephony.configurations()).toHaveLength(6);
  });

  it('load fresh records at each reset, which writes change as they changed validated ones', () => {
    const mockState = createMockState();
    const [organization] = mockState.organizations.list();
    const [first] = mockState.store.list(organization!.id, 'schemas');
    mockState.reset({ scenario: 'default' });
    expect(mockState.scenario).toBe(scenarios.default);
    const [again] = mockState.store.list(mockState.organizations.list()[0]!.id, 'schemas');
    expect(again).toStrictEqual(first);
    expect(again).not.toBe(first);
    expect(Object.isFrozen(again)).toBe(true);
  });

  it('are used only for the default scenario at the default seed, or its file as written', () => {
    expect(writtenOrganizations(scenarios.default!, DEFAULT_SEED + 1)).toBeUndefined();
    expect(writtenOrganizations(parseScenario(defaultScenarioFile, 'a copy'), DEFAULT_SEED)).toBeUndefined();
    expect(writtenScenarioOf({ ...defaultScenarioFile, description: 'changed' })).toBeUndefined();
  });
});
