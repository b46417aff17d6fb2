/**
 * Seeded fakers with the English locale only. The package's main entry loads
 * all of faker's ~70 locales at every start, in memory and time; its
 * `locale/en` entry loads one but exports only a ready-made instance, so new
 * instances are made with that instance's class and definitions.
 */
import type { Faker, LocaleDefinition } from '@faker-js/faker';
import { faker as english } from '@faker-js/faker/locale/en';

const FakerOfEnglish = english.constructor as new (options: { locale: LocaleDefinition }) => Faker;

/** A faker of its own, seeded: the same seed draws the same values. */
export function seededFaker(seed: number | number[]): Faker {
  const faker = new FakerOfEnglish({ locale: english.rawDefinitions });
  faker.seed(seed);
  return faker;
}
