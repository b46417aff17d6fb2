/** A delivery as the outbox shows it, and the small rules about its state. */
import type { StoredRecord } from '../domain/resource.js';
import type { Attempt } from './delivery.js';
import type { WebhookEventName } from './events.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One event on its way to one webhook. */
export interface Delivery {
  id: string;
  orgId: string;
  callId: string;
  eventId: string;
  event: WebhookEventName;
  webhookId: string;
  /** Where it is sent: the webhook's URL when the delivery was created. */
  url: string;
  status: DeliveryStatus;
  attempts: Attempt[];
  /** When the next attempt is due (mock time); null once delivered or failed. */
  nextAttemptAt: string | null;
  createdAt: string;
  /** Why a failed delivery stopped (attempts used up, webhook deleted or disabled, target refused). */
  reason: string | null;
}

/** Which deliveries: every given key must match. */
export interface OutboxFilter {
  orgId?: string | undefined;
  webhookId?: string | undefined;
  callId?: string | undefined;
  event?: string | undefined;
  status?: string | undefined;
}

const filterKeys = ['orgId', 'webhookId', 'callId', 'event', 'status'] as const;

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
