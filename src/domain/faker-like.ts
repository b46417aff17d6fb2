/** A new seeded faker made from a loaded one: same class, same English definitions, its own random state. */
import type { Faker, LocaleDefinition } from '@faker-js/faker';

export function fakerLike(english: Faker, seed: number | number[]): Faker {
  const FakerOfEnglish = english.constructor as new (options: { locale: LocaleDefinition }) => Faker;
  const faker = new FakerOfEnglish({ locale: english.rawDefinitions });
  faker.seed(seed);
  return faker;
}
