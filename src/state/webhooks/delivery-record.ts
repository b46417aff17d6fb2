/** A delivery as the outbox shows it, and the small rules about its state. */
import { z } from '@hono/zod-openapi';
import { organizationId, timestamp } from '../../domain/fields.js';
import type { StoredRecord } from '../../domain/resource.js';
import { webhookEvents } from '../../domain/resources/webhook.js';
import type { outboxQuery } from './control-schemas.js';
import { attemptSchema } from './delivery.js';

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

/** Which deliveries: every given key must match. */
export type OutboxFilter = z.infer<typeof outboxQuery>;

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

/** Ends a delivery: no further attempt is due. */
export function finish(delivery: Delivery, status: Exclude<DeliveryStatus, 'pending'>, reason: string | null): void {
  Object.assign(delivery, { status, reason, nextAttemptAt: null });
}
