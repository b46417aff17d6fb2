/**
 * What a simulated call emits, and its random source. The events and the
 * body each delivery sends: `{id, event, createdAt, data}`; a call emits
 * `call.started`, `call.ended` and `call.analyzed`, in that order, and every
 * event carries the call's facts known at that point, so a receiver never
 * needs two events. The analysis holds a structured output made from the
 * assistant's schema: one value of the declared type per property, plausible
 * for its name (a name, a phone number, a date). Values come from a faker
 * seeded from the mock state's seed, the organization and the call's number, so
 * the same seed gives the same calls, and organizations do not shift each
 * other's.
 */
import type { Faker } from '@faker-js/faker';
import { z } from '@hono/zod-openapi';
import { seededFaker } from '../../domain/faker.js';
import { organizationId, timestamp } from '../../domain/fields.js';
import type { propertyTypes } from '../../domain/resources/output-schema.js';
import { webhookEvents } from '../../domain/resources/webhook.js';

export type WebhookEventName = (typeof webhookEvents)[number];

/** What the mock knows about a simulated call. */
export const callFactsSchema = z.strictObject({
  id: z.string(),
  orgId: organizationId,
  assistantId: z.string(),
  from: z.string().openapi({ description: 'The caller: an E.164 number or a sip: URI.' }),
  to: z.string().openapi({ description: 'Who was called: an E.164 number or a sip: URI.' }),
  durationSeconds: z.int(),
  startedAt: timestamp,
  endedAt: timestamp,
});
export type CallFacts = z.infer<typeof callFactsSchema>;

/** The analysis of a call: the structured output of the assistant's schema (`{}` without one). */
export interface CallAnalysis {
  schemaId: string | null;
  structuredOutput: Record<string, StructuredValue>;
}

/** One event, exactly as its deliveries send it as the JSON body. */
export const webhookEventSchema = z
  .strictObject({
    id: z.string(),
    event: z.enum(webhookEvents),
    createdAt: timestamp,
    data: z
      .record(z.string(), z.unknown())
      .openapi({ description: "The call's facts known at the event (README: What a delivery sends)." }),
  })
  .openapi('WebhookEvent');
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** The reason every simulated call ends with: the caller hung up. */
export const ENDED_REASON = 'customer-ended-call';

/** The three events of a call, in order; event ids come from the call's seeded faker. */
export function callEvents(call: CallFacts, analysis: CallAnalysis, faker: Faker): WebhookEvent[] {
  const { id: callId, orgId, assistantId, from, to, startedAt, endedAt, durationSeconds } = call;
  const started = { callId, orgId, assistantId, from, to, startedAt };
  const ended = { ...started, endedAt, durationSeconds, endedReason: ENDED_REASON };
  return [
    { id: faker.string.uuid(), event: 'call.started', createdAt: startedAt, data: started },
    { id: faker.string.uuid(), event: 'call.ended', createdAt: endedAt, data: ended },
    { id: faker.string.uuid(), event: 'call.analyzed', createdAt: endedAt, data: { ...ended, analysis } },
  ];
}

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

/** What a seeded faker is drawn for; separate streams, so one input (e.g. `from`) cannot shift the structured output. */
export type CallStream = 'call' | 'output';

const streams: Record<CallStream, number> = { call: 1, output: 2 };

/**
 * A faker for one stream of one call. The organization id goes in whole, as
 * its UTF-16 code units after its length: a hash of it would let two
 * organizations share their calls' ids.
 */
export function callFaker(seed: number, orgId: string, sequence: number, stream: CallStream): Faker {
  const orgCodes = Array.from({ length: orgId.length }, (_, index) => orgId.charCodeAt(index));
  return seededFaker([seed, sequence, streams[stream], orgId.length, ...orgCodes]);
}
