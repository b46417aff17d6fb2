/**
 * The shape of what the build writes down (prebuilt.generated.ts): the default
 * scenario's seeds and the OpenAPI request examples. Its own module so the
 * generated file, the seeds and the examples all name it without importing
 * each other.
 */
import type { OrganizationPlan } from './scenario.js';
import type { SeedScript } from './seed-source.js';

/** A resource's request examples for the OpenAPI document: a create body and a patch. */
export interface RequestExamples {
  create: Record<string, unknown>;
  update: Record<string, unknown>;
}

/** One organization's seed as the build wrote it down: the plan (defaults filled in), the seed and what was drawn. */
export interface PrebuiltSeed {
  plan: OrganizationPlan;
  seed: number | number[];
  script: SeedScript;
}

/** Everything the build writes down: the default scenario's seeds and the OpenAPI request examples. */
export interface Prebuilt {
  seeds: PrebuiltSeed[];
  examples: Record<string, RequestExamples>;
}
