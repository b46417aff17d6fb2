/**
 * The browser's faker.ts (swapped in by the `browser` field of package.json):
 * faker (about 430 KB minified) is loaded with a dynamic `import()`, so
 * bundlers split it into a chunk of its own that a page fetches only when it
 * needs generated data the build did not prepare (another seed or scenario,
 * a new tenant, a simulated call). The browser entry awaits `loadFaker()`
 * before such work; `seededFaker` before that is a bug and says so.
 */
import type { Faker } from '@faker-js/faker';
import type * as NodeFaker from './faker.js';
import { fakerLike } from './faker-like.js';

let english: Faker | undefined;

export function seededFaker(seed: number | number[]): Faker {
  if (!english) {
    throw new Error('voice-config-mock: faker is not loaded in this page yet; await loadFaker() before generating data.');
  }
  return fakerLike(english, seed);
}

export function fakerLoaded(): boolean {
  return english !== undefined;
}

export async function loadFaker(): Promise<void> {
  english ??= (await import('@faker-js/faker/locale/en')).faker;
}

// Both modules answer to the same imports: the compiler checks that this one offers what faker.ts does.
({ seededFaker, fakerLoaded, loadFaker }) satisfies typeof NodeFaker;
