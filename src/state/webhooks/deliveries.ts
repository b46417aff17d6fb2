/**
 * A delivery: one event on its way to one webhook, with its attempts, as the
 * outbox shows it; the filters the outbox is listed by; and the small rules
 * of a delivery's state (cancelled, finished, an attempt recorded and the
 * retry it makes due).
 */
import { z } from '@hono/zod-openapi';
import { organizationId, timestamp } from '../../domain/fields.js';
import type { StoredRecord } from '../../domain/resource.js';
import { webhookEvents } from '../../domain/resources/webhook.js';
import { LATEST_INSTANT_MS } from '../clock.js';
import { orgFilter } from '../org-filter.js';
import { backoffMs, type DeliveryPolicy } from './delivery-policy.js';
import type { WebhookEvent } from './events.js';

/** How much of a receiver's answer an attempt keeps. */
export const RESPONSE_EXCERPT = 200;

/** What one attempt did: an answer's status, or the error that stopped it. */
export const attemptSchema = z
  .strictObject({
    at: timestamp.openapi({ description: "When the attempt was made, by the mock's clock; with the clock frozen, when it was due." }),
    statusCode: z.int().nullable().openapi({ description: "The receiver's status; null when no answer came (network error, time limit)." }),
    error: z.string().nullable().openapi({ description: 'Why the attempt failed; null when it succeeded.' }),
    response: z
      .string()
      .nullable()
      .openapi({ description: `The first ${RESPONSE_EXCERPT} characters of the receiver's answer, to see why it refused.` }),
  })
  .openapi('DeliveryAttempt');
export type Attempt = z.infer<typeof attemptSchema>;

export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** One event on its way to one webhook, as the outbox shows it. */
export const deliverySchema = z
  .strictObject({
    id: z.string(),
    orgId: organizationId,
    callId: z.string().openapi({ description: 'The simulated call the event is of.' }),
    eventId: z.string().openapi({ description: 'The `id` of the event the delivery sends.' }),
    event: z.enum(webhookEvents),
    webhookId: z.string(),
    url: z.string().openapi({ description: "Where it is sent: the webhook's URL when the delivery was created." }),
    status: z.enum(deliveryStatuses),
    attempts: z.array(attemptSchema),
    nextAttemptAt: timestamp
      .nullable()
      .openapi({ description: "When the next attempt is due, by the mock's clock; null once delivered or failed." }),
    createdAt: timestamp,
    reason: z
      .string()
      .nullable()
      .openapi({ description: 'Why a failed delivery stopped (attempts used up, webhook deleted or disabled, target refused).' }),
  })
  .openapi('Delivery');
export type Delivery = z.infer<typeof deliverySchema>;

/** Which deliveries GET /__mock/outbox lists: every given key must match. */
export const outboxQuery = z.strictObject({
  orgId: orgFilter,
  webhookId: z.string().min(1).max(100).optional(),
  callId: z.string().min(1).max(100).optional(),
  event: z.enum(webhookEvents).optional(),
  status: z.enum(deliveryStatuses).optional(),
});
export type OutboxFilter = z.infer<typeof outboxQuery>;

/** Whose deliveries DELETE /__mock/outbox forgets. */
export const outboxOrgQuery = z.strictObject({ orgId: orgFilter });

const filterKeys = ['orgId', 'webhookId', 'callId', 'event', 'status'] as const satisfies readonly (keyof OutboxFilter)[];

export function matchesFilter(delivery: Delivery, filter: OutboxFilter): boolean {
  return filterKeys.every((key) => filter[key] === undefined || delivery[key] === filter[key]);
}

/** Why a pending delivery may not be attempted any more, if it may not. */
export function cancellation(webhook: StoredRecord | undefined): string | undefined {
  if (!webhook) return 'cancelled: the webhook was deleted';
  if (webhook.enabled === false) return 'cancelled: the webhook was disabled';
  return undefined;
}

/** A new delivery of `event` to `webhook`, due `now`; one to a target refused (`refused`: why) has failed already, unsent. */
export function newDelivery(
  orgId: string,
  event: WebhookEvent,
  webhook: StoredRecord,
  id: string,
  now: string,
  refused?: string,
): Delivery {
  return {
    ...{ id, orgId, callId: String(event.data.callId), eventId: event.id, event: event.event },
    ...{ webhookId: webhook.id, url: String(webhook.url), status: refused ? 'failed' : 'pending', attempts: [] },
    ...{ nextAttemptAt: refused ? null : now, createdAt: now, reason: refused ?? null },
  };
}

/** Ends a delivery: no further attempt is due. */
export function finish(delivery: Delivery, status: Exclude<DeliveryStatus, 'pending'>, reason: string | null): void {
  Object.assign(delivery, { status, reason, nextAttemptAt: null });
}

/**
 * Adds the attempt; the delivery is then delivered, failed (attempts used up)
 * or due again after the backoff, counted from when the attempt ended:
 * `tookMs` is the mock time it took (0 with a frozen clock, so a clock moved
 * far ahead still replays the schedule exactly).
 */
export function recordAttempt(delivery: Delivery, attempt: Attempt, policy: DeliveryPolicy, tookMs = 0): void {
  delivery.attempts.push(attempt);
  const made = delivery.attempts.length;
  if (attempt.error === null) finish(delivery, 'delivered', null);
  // Cancelled (its webhook disabled or deleted) while this attempt was under way: no retry.
  else if (delivery.status !== 'pending') return;
  else if (made >= policy.maxAttempts) finish(delivery, 'failed', `gave up after ${made} attempts`);
  else {
    // Never past the clock's last instant: a retry due later could never come due (nor be written with four-digit years).
    const due = Math.min(Date.parse(attempt.at) + tookMs + backoffMs(policy, made), LATEST_INSTANT_MS);
    delivery.nextAttemptAt = new Date(due).toISOString();
  }
}
