/**
 * What a seeded faker draws, written down by a test (faker-draws.generated.ts,
 * written by test/seed/faker-draws.test.ts with `-u`): the default scenario's
 * seeds at the default seed, and the OpenAPI request examples. Seeding replays
 * the seeds, so a page starts the default mock without faker, and the document
 * needs no faker for its examples. The test draws them again and fails when
 * the file differs, so they cannot drift from the fake factories.
 */
import { fakerDraws as written } from './faker-draws.generated.js';
import type { OrganizationPlan } from './scenario.js';
import type { SeedScript } from './seed-source.js';

/** A resource's request examples for the OpenAPI document: a create body and a patch. */
export interface RequestExamples {
  create: Record<string, unknown>;
  update: Record<string, unknown>;
}

/** One organization's seed as it was written down: the plan (defaults filled in), the seed and what was drawn. */
export interface RecordedSeed {
  plan: OrganizationPlan;
  seed: number | number[];
  script: SeedScript;
}

/** Everything written down: the default scenario's seeds and the OpenAPI request examples, by kind. */
export interface FakerDraws {
  seeds: RecordedSeed[];
  examples: Partial<Record<string, RequestExamples>>;
}

export const fakerDraws: FakerDraws = written;

/** Looks a plan and seed up by value: a scenario of one's own with the same plan gets the same records. */
export const recordedKey = (plan: OrganizationPlan, seed: number | number[]): string => JSON.stringify([plan, seed]);

let byKey: Map<string, SeedScript> | undefined;

/** The written-down draws of this plan (checked, defaults filled in) and seed, if they were written down. */
export function recordedScript(plan: OrganizationPlan, seed: number | number[]): SeedScript | undefined {
  byKey ??= new Map(fakerDraws.seeds.map((entry) => [recordedKey(entry.plan, entry.seed), entry.script]));
  return byKey.get(recordedKey(plan, seed));
}
