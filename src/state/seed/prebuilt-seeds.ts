/**
 * The seeds the build wrote down (prebuilt.generated.ts): what a seeded faker
 * gives the default scenario's organizations at the default seed. Seeding
 * replays them, so a page starts the default mock without faker. A test
 * regenerates them from faker and fails when the file differs, so they cannot
 * drift from the fake factories.
 */
import { prebuilt } from './prebuilt.generated.js';
import type { OrganizationPlan } from './scenario.js';
import type { SeedScript } from './seed-source.js';

/** Looks a plan and seed up by value: a scenario of one's own with the same plan gets the same records. */
export const prebuiltKey = (plan: OrganizationPlan, seed: number | number[]): string => JSON.stringify([plan, seed]);

let byKey: Map<string, SeedScript> | undefined;

/** The written-down draws of this plan (checked, defaults filled in) and seed, if the build prepared them. */
export function prebuiltScript(plan: OrganizationPlan, seed: number | number[]): SeedScript | undefined {
  byKey ??= new Map(prebuilt.seeds.map((entry) => [prebuiltKey(entry.plan, entry.seed), entry.script]));
  return byKey.get(prebuiltKey(plan, seed));
}
