/**
 * A simulated call: an assistant of an organization handles a call, which
 * emits `call.started`, `call.ended` and `call.analyzed`. Each event is
 * queued for every enabled webhook of that organization that subscribes to
 * it and covers that assistant; the first attempts are made before this
 * resolves, retries follow the clock.
 */
import type { Faker } from '@faker-js/faker';
import { z } from '@hono/zod-openapi';
import { DomainError } from '../../domain/errors.js';
import { e164 } from '../../domain/fields.js';
import type { StoredRecord } from '../../domain/resource.js';
import { EARLIEST_INSTANT_MS } from '../clock.js';
import type { MockState } from '../mock-state.js';
import { orgId } from '../org-filter.js';
import { requireOrganization } from '../organizations/operations.js';
import { deliverySchema } from './deliveries.js';
import {
  type CallFacts,
  callEvents,
  callFactsSchema,
  callFaker,
  generateStructuredOutput,
  type WebhookEvent,
  webhookEventSchema,
} from './events.js';

/** A party to a call. */
const party = z
  // Bounded: each delivery in the outbox keeps its own copy of the call's events.
  .union([
    e164,
    z
      .string()
      .max(256)
      .regex(/^sips?:[^\s@]+@[^\s]+$/, 'Use a sip: URI of 256 characters at most'),
  ])
  .openapi({ description: 'An E.164 number or a sip: URI.', example: '+14155550123' });

/** The body of POST /__mock/calls, described once for validation and OpenAPI. */
export const callBody = z
  .strictObject({
    orgId,
    assistantId: z.string().min(1).max(100).openapi({ description: 'An assistant of that organization.' }),
    durationSeconds: z
      .int()
      .min(1)
      .max(43200)
      .optional()
      .openapi({ description: 'Default: seeded, within the assistant’s maxDurationSeconds.' }),
    from: party.optional().openapi({ description: 'The caller. Default: a seeded +1415555… number.' }),
    to: party.optional().openapi({ description: 'The number called. Default: the first number of the assistant’s SIP trunk.' }),
  })
  .openapi('SimulateCallRequest', {
    description: 'Emits call.started, call.ended and call.analyzed and delivers them to the organization’s webhooks.',
  });

/** A call to simulate, as POST /__mock/calls takes it (its defaults are described there). */
export type CallInput = z.infer<typeof callBody>;

/** How long a call lasts when the request gives no duration (within the assistant's maxDurationSeconds). */
const DRAWN_SECONDS = { min: 20, max: 300 };

/** What POST /__mock/calls answers: the call, its events and their deliveries. */
export const simulatedCallSchema = callFactsSchema
  .extend({
    events: z.array(webhookEventSchema),
    deliveries: z.array(deliverySchema).openapi({ description: 'The deliveries the events created, after their first attempts.' }),
  })
  .openapi('SimulatedCall');
export type SimulatedCall = z.infer<typeof simulatedCallSchema>;

/** Runs one call through the outbox; a 404 (DomainError) for an unknown organization or assistant. */
export async function simulateCall(mockState: MockState, input: CallInput): Promise<SimulatedCall> {
  const organization = requireOrganization(mockState, input.orgId);
  const assistant = mockState.store.get(organization.id, 'assistants', input.assistantId);
  if (!assistant)
    throw new DomainError('not-found', `No assistant with id ${input.assistantId} exists in organization ${organization.id}.`);
  assertDuration(assistant, input);
  assertStartsInSpan(mockState, assistant, input);
  // Numbered only once the call is accepted: a refused call must not shift the seeded values of later ones.
  const sequence = mockState.outbox.nextCallNumber(organization);
  const faker = callFaker(mockState.seed, organization.id, sequence, 'call');
  const call = callFacts(mockState, assistant, input, faker);
  const schema = assistant.schemaId ? mockState.store.get(organization.id, 'schemas', String(assistant.schemaId)) : undefined;
  const properties = (schema?.properties ?? {}) as Record<string, string>;
  const structuredOutput = generateStructuredOutput(properties, callFaker(mockState.seed, organization.id, sequence, 'output'));
  const events = callEvents(call, { schemaId: schema?.id ?? null, structuredOutput }, faker);
  const queued = events.flatMap((event) =>
    subscribers(mockState.store.list(organization.id, 'webhooks'), event, assistant.id).map((webhook) =>
      mockState.outbox.enqueue(organization, event, webhook, faker.string.uuid()),
    ),
  );
  const ids = new Set(queued.map((delivery) => delivery.id));
  // Started, not waited for: the call waits for its own first attempts only, not for another organization's
  // slow receiver, nor for retries that fall due meanwhile.
  const running = mockState.outbox.runDue(() => false);
  await mockState.outbox.firstAttempts(organization, ids);
  await running;
  // Its own deliveries, by organization too: after a reset meanwhile, the same ids may be another call's.
  return { ...call, events, deliveries: mockState.outbox.deliveriesOf(organization, ids) };
}

/** Enabled webhooks that subscribe to the event and cover the assistant, oldest first. */
export function subscribers(webhooks: StoredRecord[], event: WebhookEvent, assistantId: string): StoredRecord[] {
  return webhooks
    .filter((webhook) => webhook.enabled !== false)
    .filter((webhook) => (webhook.events as string[]).includes(event.event))
    .filter((webhook) => webhook.assistantId === null || webhook.assistantId === assistantId)
    .reverse();
}

function assertDuration(assistant: StoredRecord, input: CallInput): void {
  const maxDuration = Number(assistant.maxDurationSeconds);
  if (input.durationSeconds !== undefined && input.durationSeconds > maxDuration) {
    throw new DomainError('validation', `The call is longer than the assistant allows (maxDurationSeconds ${maxDuration}).`, [
      { path: ['durationSeconds'], message: `At most ${maxDuration} for this assistant.` },
    ]);
  }
}

/** The longest call a call of this input may be: its duration, or the longest one it may draw. */
const longestSeconds = (assistant: StoredRecord, input: CallInput): number =>
  input.durationSeconds ?? Math.min(DRAWN_SECONDS.max, Number(assistant.maxDurationSeconds));

/**
 * A call ends at the mock's now and starts its duration before: with the
 * clock at the very start of year 0000 it would start before the earliest
 * time the mock writes (a five-digit, negative year). Refused before the
 * call is numbered, judged by the longest duration it could draw.
 */
function assertStartsInSpan(mockState: MockState, assistant: StoredRecord, input: CallInput): void {
  const seconds = longestSeconds(assistant, input);
  const now = mockState.now();
  if (now.getTime() - seconds * 1000 >= EARLIEST_INSTANT_MS) return;
  throw new DomainError(
    'conflict',
    `At the mock's clock (${now.toISOString()}) a call of ${input.durationSeconds === undefined ? 'up to ' : ''}${seconds} s would start before ${new Date(EARLIEST_INSTANT_MS).toISOString()}, the earliest time the mock writes; move the clock later (POST /__mock/clock).`,
  );
}

function callFacts(mockState: MockState, assistant: StoredRecord, input: CallInput, faker: Faker): CallFacts {
  const maxDuration = Number(assistant.maxDurationSeconds);
  // Drawn in a fixed order whatever the input, so a given value never shifts the others.
  const id = faker.string.uuid();
  const drawnDuration = faker.number.int({ min: Math.min(DRAWN_SECONDS.min, maxDuration), max: Math.min(DRAWN_SECONDS.max, maxDuration) });
  const drawnFrom = `+1415555${faker.string.numeric(4)}`;
  const drawnTo = `+1415555${faker.string.numeric(4)}`;
  const durationSeconds = input.durationSeconds ?? drawnDuration;
  const endedAt = mockState.now();
  return {
    id,
    orgId: input.orgId,
    assistantId: assistant.id,
    from: input.from ?? drawnFrom,
    to: input.to ?? trunkNumber(mockState, input.orgId, assistant) ?? drawnTo,
    durationSeconds,
    // The call has just ended: it started durationSeconds before the mock's now.
    startedAt: new Date(endedAt.getTime() - durationSeconds * 1000).toISOString(),
    endedAt: endedAt.toISOString(),
  };
}

function trunkNumber(mockState: MockState, orgId: string, assistant: StoredRecord): string | undefined {
  if (!assistant.sipTrunkId) return undefined;
  const trunk = mockState.store.get(orgId, 'sipTrunks', String(assistant.sipTrunkId));
  return (trunk?.phoneNumbers as string[] | undefined)?.[0];
}
