/**
 * Create bodies that many records of one kind can share: the resource's
 * unique fields (`unique`) take the values its fake factory draws for the
 * given index, which differ for every index (the factory's contract), and
 * the rest of the body stays as given. Read from the registry, so a kind with
 * a unique field of its own needs nothing here.
 */
import { seededFaker } from '../../src/domain/faker.js';
import type { Resource } from '../../src/domain/resource.js';

export function withDistinctUniques(def: Resource, body: Record<string, unknown>, index: number): Record<string, unknown> {
  const unique = def.unique ?? [];
  if (unique.length === 0) return body;
  const drawn = def.fake(seededFaker(index), {}, index);
  return { ...body, ...Object.fromEntries(unique.map((field) => [field, drawn[field]])) };
}
