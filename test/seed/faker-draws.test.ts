/**
 * The written-down seeds and examples are what faker draws: the file matches a
 * fresh draw (`-u` writes it again), and a mock state seeded from the written-down
 * values holds exactly what a mock state seeded from faker holds.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resources } from '../../src/domain/resources/index.js';
import { createMockState, resolveScenario } from '../../src/state/mock-state.js';
import { requestExamples } from '../../src/state/seed/examples.js';
import { seedIsRecorded } from '../../src/state/seed/seed.js';
import { exportState } from '../../src/state/snapshot/snapshot.js';
import { drawFakerDraws, fakerDrawsModuleText, mockStateWithoutOrganizations, seedDefaultFromFaker } from '../helpers/faker-draws.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the written-down seeds', () => {
  it('are what faker draws now (write them again with -u)', async () => {
    await expect(fakerDrawsModuleText(drawFakerDraws())).toMatchFileSnapshot('../../src/state/seed/faker-draws.generated.ts');
  });

  it('seed the default mockState exactly as faker does: records, ids, timestamps, organizations, telephony', () => {
    // The provider and the export stamp with the mock state's clock, which runs: one instant for both mockStates.
    vi.useFakeTimers({ now: Date.parse('2026-03-01T12:00:00.000Z'), toFake: ['Date'] });
    const fromFaker = mockStateWithoutOrganizations();
    seedDefaultFromFaker(fromFaker);
    const replayed = createMockState();
    expect(seedIsRecorded(replayed.scenario, replayed.seed)).toBe(true);
    expect(exportState(replayed)).toEqual(exportState(fromFaker));
  });

  it('cover only the default scenario at the default seed', () => {
    expect(seedIsRecorded(resolveScenario('default'), 2)).toBe(false);
    expect(seedIsRecorded(resolveScenario('empty'), 1)).toBe(false);
  });
});

describe('the written-down request examples', () => {
  it('are copies: changing one leaves the next answer as it was', () => {
    const first = requestExamples(resources[0]!);
    first.create.name = 'changed';
    expect(requestExamples(resources[0]!).create.name).not.toBe('changed');
  });
});
