/**
 * Request examples for the OpenAPI document, drawn from each resource's fake
 * factory with a fixed seed and no references, so every example is a body a
 * fresh organization accepts as it is.
 */
import { seededFaker } from './faker.js';
import type { Resource } from './resource.js';

const EXAMPLE_SEED = 20260105;

export function requestExamples(def: Resource): { create: Record<string, unknown>; update: Record<string, unknown> } {
  const faker = seededFaker(EXAMPLE_SEED);
  const create = def.createInput.parse(def.fake(faker, {}, 0)) as Record<string, unknown>;
  const changed = def.createInput.parse(def.fake(faker, {}, 0)) as Record<string, unknown>;
  const update = Object.fromEntries(def.exampleUpdateKeys.map((key) => [key, changed[key]]));
  return { create, update };
}
