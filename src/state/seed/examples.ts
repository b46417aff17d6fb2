/**
 * Request examples for the OpenAPI document, drawn from each resource's fake
 * factory with a fixed seed and no references, so every example is a body a
 * fresh organization accepts as it is. A test writes them down
 * (src/state/seed/faker-draws.generated.ts), so the document needs no faker at run
 * time (a page serves it too); a test draws them again and compares.
 */

import { fakerLoaded, seededFaker } from '../../domain/faker.js';
import type { Resource } from '../../domain/resource.js';
import { fakerDraws, type RequestExamples } from './faker-draws.js';

const EXAMPLE_SEED = 20260105;

/**
 * The written-down examples of a resource (copies: the document may not
 * change the originals). A kind the table does not hold yet (added since it
 * was written) gets examples drawn now where faker is at hand (Node), and
 * empty ones in a page that has not loaded it: the document never fails for
 * want of an example.
 */
export function requestExamples(def: Resource): RequestExamples {
  const examples = fakerDraws.examples[def.kind];
  if (examples) return structuredClone(examples);
  return fakerLoaded() ? drawRequestExamples(def) : { create: {}, update: {} };
}

/** Draws the examples from the fake factory, as the test that writes them down does. */
export function drawRequestExamples(def: Resource): RequestExamples {
  const faker = seededFaker(EXAMPLE_SEED);
  const create = def.createInput.parse(def.fake(faker, {}, 0)) as Record<string, unknown>;
  const changed = def.createInput.parse(def.fake(faker, {}, 0)) as Record<string, unknown>;
  const update = Object.fromEntries(def.exampleUpdateKeys.map((key) => [key, changed[key]]));
  return { create, update };
}
