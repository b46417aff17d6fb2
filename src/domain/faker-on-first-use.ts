/**
 * The command-line bundles' faker.ts (swapped in by src/cli/launch/build-cli.mjs): faker is required on first
 * use, which esbuild turns into evaluating its bundled modules then, not when the bundle loads. A start that
 * seeds the demo from its written-down records (state/seed/demo-records.ts) never runs them; another seed,
 * scenario or a simulated call does, at once and synchronously, as faker.ts would.
 */
import type { Faker } from '@faker-js/faker';
import type * as NodeFaker from './faker.js';
import { fakerLike } from './faker-like.js';

let english: Faker | undefined;

export function seededFaker(seed: number | number[]): Faker {
  english ??= (require('@faker-js/faker/locale/en') as typeof import('@faker-js/faker/locale/en')).faker;
  return fakerLike(english, seed);
}

export function fakerLoaded(): boolean {
  return true;
}

export async function loadFaker(): Promise<void> {}

// Both modules answer to the same imports: the compiler checks that this one offers what faker.ts does.
({ seededFaker, fakerLoaded, loadFaker }) satisfies typeof NodeFaker;
