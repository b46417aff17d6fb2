/**
 * Structured-output schema ("schema" in the API): what to extract from a
 * call. Its record has exactly the fields the spec lists for the schema list.
 */
import { z } from '@hono/zod-openapi';
import { countedMap, displayName, id, timestamps } from '../fields.js';
import { patternsOf } from '../patterns.js';
import { defineResource } from '../resource.js';

export const propertyTypes = ['string', 'integer', 'number', 'boolean'] as const;

const MAX_PROPERTIES = 100;

const propertyName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'Property names start with a letter or _, then letters, digits or _ (64 at most)');

const writable = {
  name: displayName.openapi({ description: 'Display name.', example: 'Appointment request' }),
  type: z.literal('Free').openapi({ description: 'Kind of schema; "Free" is the only kind known.' }).default('Free'),
  description: z.string().max(2000).openapi({ description: 'What is extracted.' }).default(''),
  properties: countedMap(z.record(propertyName, z.enum(propertyTypes)), MAX_PROPERTIES, `A schema has at most ${MAX_PROPERTIES} properties`)
    .openapi({
      description: 'Map from a property name to its type name.',
      example: { summary: 'string', callbackRequested: 'boolean' },
      maxProperties: MAX_PROPERTIES,
      // zod-to-openapi documents a record's values only. Its metadata type holds what OpenAPI 3.0 allows too; this 3.1 document takes propertyNames.
      ...({ propertyNames: patternsOf(propertyName) } as object),
    })
    .default({}),
};

export const schemas = defineResource({
  kind: 'schemas',
  path: 'schemas',
  namedBySpec: true,
  names: { singular: 'schema', plural: 'schemas', type: 'Schema', types: 'Schemas' },
  writable,
  serverOwned: {
    id,
    isLocked: z.boolean().openapi({ description: 'A locked schema cannot be changed or deleted. Read-only.', readOnly: true }),
    ...timestamps,
  },
  initial: { isLocked: false },
  refuseUpdate: {
    name: 'lockedSchema',
    when: 'The schema is locked (isLocked: true); locked schemas cannot be changed.',
    check: (schema) => (schema.isLocked === true ? lockedMessage(schema.id, 'changed') : undefined),
  },
  refuseDelete: {
    name: 'lockedSchema',
    when: 'The schema is locked (isLocked: true); locked schemas cannot be deleted.',
    check: (schema) => (schema.isLocked === true ? lockedMessage(schema.id, 'deleted') : undefined),
  },
  fake: (faker) => {
    const subject = faker.helpers.arrayElement(['Appointment', 'Order', 'Lead', 'Support case', 'Delivery', 'Reservation']);
    const fields = faker.helpers.arrayElements(
      [
        ['customerName', 'string'],
        ['callbackNumber', 'string'],
        ['preferredDate', 'string'],
        ['partySize', 'integer'],
        ['quotedPrice', 'number'],
        ['isUrgent', 'boolean'],
        ['followUpRequested', 'boolean'],
        ['orderNumber', 'string'],
      ] as const,
      { min: 2, max: 5 },
    );
    return {
      name: `${subject} details`,
      type: 'Free' as const,
      description: `The ${subject.toLowerCase()} details the caller gives, for ${faker.company.name()}.`,
      properties: Object.fromEntries(fields),
    };
  },
  exampleUpdateKeys: ['description', 'properties'],
});

function lockedMessage(schemaId: string, what: string): string {
  return `Schema ${schemaId} is locked; locked schemas cannot be ${what}.`;
}

/** A schema record, exactly as the schema list shows it. */
export type Schema = z.infer<typeof schemas.record>;
