/**
 * The events of a simulated call and the body each delivery sends:
 * `{id, event, createdAt, data}`. A call emits `call.started`,
 * `call.ended` and `call.analyzed`, in that order; every event carries the
 * call's facts known at that point, so a receiver never needs two events.
 */
import type { Faker } from '@faker-js/faker';
import type { webhookEvents } from '../domain/resources/webhook.js';
import type { StructuredValue } from './structured-output.js';

export type WebhookEventName = (typeof webhookEvents)[number];

/** What the mock knows about a simulated call. */
export interface CallFacts {
  id: string;
  orgId: string;
  assistantId: string;
  from: string;
  to: string;
  durationSeconds: number;
  startedAt: string;
  endedAt: string;
}

/** The analysis of a call: the structured output of the assistant's schema (`{}` without one). */
export interface CallAnalysis {
  schemaId: string | null;
  structuredOutput: Record<string, StructuredValue>;
}

/** One event, exactly as its deliveries send it as the JSON body. */
export interface WebhookEvent {
  id: string;
  event: WebhookEventName;
  createdAt: string;
  data: Record<string, unknown>;
}

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
