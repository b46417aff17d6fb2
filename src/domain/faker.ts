/**
 * Seeded fakers with the English locale only. The package's main entry loads
 * all of faker's ~70 locales at every start, in memory and time; its
 * `locale/en` entry loads one but exports only a ready-made instance, so new
 * instances are made with that instance's class and definitions.
 *
 * This is the Node module: faker is imported up front, so `seededFaker` works
 * from the first line. Browser bundlers take faker-lazy.ts instead (the
 * `browser` field of package.json), which loads faker only when a page needs it;
 * the command-line bundles take faker-on-first-use.ts, which runs it when first called.
 */
import type { Faker } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';
import { fakerLike } from './faker-like.js';

/** A faker of its own, seeded: the same seed draws the same values. */
export function seededFaker(seed: number | number[]): Faker {
  return fakerLike(english, seed);
}

/** Whether `seededFaker` may be called now; in Node, always. */
export function fakerLoaded(): boolean {
  return true;
}

/** Makes `seededFaker` usable; in Node it already is. */
export async function loadFaker(): Promise<void> {}
