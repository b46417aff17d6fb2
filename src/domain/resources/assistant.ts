/** Assistant: a configured voice assistant, with its model, voice, tools, schema and trunk. */
import { z } from '@hono/zod-openapi';
import { boundedMap, displayName, id, optionalRef, timestamps, uniqueList } from '../fields.js';
import { defineResource } from '../resource.js';

const model = z
  .strictObject({
    provider: z.string().min(1).max(50).openapi({ example: 'openai' }),
    name: z.string().min(1).max(100).openapi({ example: 'gpt-4o-mini' }),
    temperature: z.number().min(0).max(2).default(0.7),
  })
  .openapi({ description: 'Language model that drives the conversation.' });

const voice = z
  .strictObject({
    provider: z.string().min(1).max(50).openapi({ example: 'elevenlabs' }),
    voiceId: z.string().min(1).max(100).openapi({ example: 'rachel' }),
  })
  .openapi({ description: 'Text-to-speech voice.' });

const metadataValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

const writable = {
  name: displayName.openapi({ description: 'Display name.', example: 'Front desk' }),
  firstMessage: z
    .string()
    .max(1000)
    .nullable()
    .openapi({ description: 'What the assistant says first; null waits for the caller.' })
    .default(null),
  systemPrompt: z.string().max(20000).openapi({ description: 'Instructions for the model.' }).default(''),
  model: model.default({ provider: 'openai', name: 'gpt-4o-mini', temperature: 0.7 }),
  voice: voice.nullable().default(null),
  language: z
    .string()
    .max(35)
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, 'Use a language tag such as en-US')
    .openapi({
      description:
        'Language tag (the common part of BCP-47): 2 or 3 small letters, then subtags of 2 to 8 letters or digits, such as en-US or zh-Hant-TW.',
    })
    .default('en-US'),
  maxDurationSeconds: z.int().min(10).max(43200).openapi({ description: 'Longest call, in seconds.' }).default(600),
  toolIds: uniqueList(z.uuid(), 50).openapi({ description: 'Ids of tools of your organization.' }).default([]),
  schemaId: optionalRef('a structured-output schema'),
  sipTrunkId: optionalRef('a SIP trunk'),
  metadata: boundedMap(z.string().min(1).max(64), metadataValue, 50, 'At most 50 metadata keys')
    .openapi({ description: 'Your own flat key/value data (strings, numbers, booleans, null).' })
    .default({}),
};

export const assistants = defineResource({
  kind: 'assistants',
  path: 'assistants',
  namedBySpec: true,
  names: { singular: 'assistant', plural: 'assistants', type: 'Assistant', types: 'Assistants' },
  writable,
  serverOwned: { id, ...timestamps },
  references: [
    { field: 'toolIds', target: 'tools', many: true },
    { field: 'schemaId', target: 'schemas', many: false },
    { field: 'sipTrunkId', target: 'sipTrunks', many: false },
  ],
  // The spec lists only 403 for this delete, so an unknown id stays inside it.
  deleteOfUnknown: 'forbidden',
  fake: (faker, refs) => {
    const business = faker.company.name();
    const role = faker.helpers.arrayElement(['receptionist', 'booking agent', 'support agent', 'order desk']);
    return {
      name: `${business} ${role}`.slice(0, 100),
      firstMessage: `Thanks for calling ${business}, how can I help you today?`,
      systemPrompt: `You are the ${role} of ${business}. Help callers with ${faker.commerce.department().toLowerCase()} questions and ${faker.company.buzzNoun()}. Keep answers short and confirm details back to the caller.`,
      model: {
        provider: 'openai',
        name: faker.helpers.arrayElement(['gpt-4o-mini', 'gpt-4.1']),
        temperature: faker.number.float({ min: 0.2, max: 1, fractionDigits: 1 }),
      },
      voice: { provider: 'elevenlabs', voiceId: faker.helpers.arrayElement(['rachel', 'adam', 'bella', 'josh']) },
      language: faker.helpers.arrayElement(['en-US', 'en-GB', 'de-DE', 'es-ES']),
      maxDurationSeconds: faker.helpers.arrayElement([300, 600, 900]),
      toolIds: faker.helpers.arrayElements(refs.tools ?? [], { min: 0, max: 2 }),
      schemaId: refs.schemas?.length ? faker.helpers.arrayElement(refs.schemas) : null,
      sipTrunkId: refs.sipTrunks?.length ? faker.helpers.arrayElement(refs.sipTrunks) : null,
      metadata: { team: faker.commerce.department(), priority: faker.number.int({ min: 1, max: 5 }) },
    };
  },
  exampleUpdateKeys: ['firstMessage', 'maxDurationSeconds'],
});

/** An assistant as responses show it. */
export type Assistant = z.infer<typeof assistants.record>;
