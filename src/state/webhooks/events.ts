/**
 * The events of a simulated call and the body each delivery sends:
 * `{id, event, createdAt, data}`. A call emits `call.started`,
 * `call.ended` and `call.analyzed`, in that order; every event carries the
 * call's facts known at that point, so a receiver never needs two events.
 */
import type { Faker } from '@faker-js/faker';
import { z } from '@hono/zod-openapi';
import { organizationId, timestamp } from '../../domain/fields.js';
import { webhookEvents } from '../../domain/resources/webhook.js';
import type { StructuredValue } from './structured-output.js';

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
