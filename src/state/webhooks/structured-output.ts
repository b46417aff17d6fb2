/**
 * The structured output of a call's analysis, generated from the assistant's
 * schema: one value of the declared type per property, plausible for its
 * name where the name says what it holds (a name, a phone number, a date).
 */
import type { Faker } from '@faker-js/faker';
import type { propertyTypes } from '../../domain/resources/output-schema.js';

type PropertyType = (typeof propertyTypes)[number];
export type StructuredValue = string | number | boolean;

/** One value per property of the schema; `{}` for no schema or no properties. */
export function generateStructuredOutput(properties: Readonly<Record<string, string>>, faker: Faker): Record<string, StructuredValue> {
  // Sorted, so the values do not depend on the order the properties were written in.
  const names = Object.keys(properties).sort();
  return Object.fromEntries(names.map((name) => [name, valueFor(name, properties[name] as PropertyType, faker)]));
}

function valueFor(name: string, type: PropertyType, faker: Faker): StructuredValue {
  switch (type) {
    case 'integer':
      return faker.number.int({ min: 0, max: 100 });
    case 'number':
      return faker.number.float({ min: 0, max: 100, fractionDigits: 2 });
    case 'boolean':
      return faker.datatype.boolean();
    default:
      return stringFor(name.toLowerCase(), faker);
  }
}

const intents = ['book an appointment', 'change an order', 'ask about prices', 'cancel a reservation', 'report a problem'];
const outcomes = ['appointment booked', 'callback scheduled', 'question answered', 'transferred to a person', 'no resolution'];

function stringFor(name: string, faker: Faker): string {
  if (name.includes('name')) return faker.person.fullName();
  if (name.includes('phone') || name.includes('callback')) return `+1415555${faker.string.numeric(4)}`;
  if (name.includes('email')) return faker.internet.email({ provider: 'example.com' });
  if (name.includes('date')) return faker.date.soon({ days: 30, refDate: '2026-01-05T09:00:00.000Z' }).toISOString().slice(0, 10);
  if (name.includes('sentiment')) return faker.helpers.arrayElement(['positive', 'neutral', 'negative']);
  if (name.includes('intent')) return faker.helpers.arrayElement(intents);
  if (name.includes('outcome')) return faker.helpers.arrayElement(outcomes);
  if (name.includes('summary'))
    return `The caller wanted to ${faker.helpers.arrayElement(intents)}; ${faker.helpers.arrayElement(outcomes)}.`;
  if (name.includes('number')) return faker.string.alphanumeric({ length: 8, casing: 'upper' });
  return faker.word.words({ count: { min: 3, max: 8 } });
}
