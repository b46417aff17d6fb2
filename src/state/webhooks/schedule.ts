/** When deliveries are due, in which order they go, and what an attempt's result does to a delivery. */

import { LATEST_INSTANT_MS } from '../clock.js';
import type { Attempt } from './delivery.js';
import { backoffMs, type DeliveryPolicy } from './delivery-policy.js';
import { type Delivery, finish } from './delivery-record.js';

interface Queued {
  delivery: Delivery;
}

const dueTime = ({ delivery }: Queued) => (delivery.status === 'pending' ? Date.parse(delivery.nextAttemptAt ?? '') : Number.NaN);

/**
 * Pending deliveries due at `now` (mock time, ms), earliest first; equal times
 * keep creation order (started, ended, analyzed). `queue` comes in creation
 * order. A first attempt is due whatever the clock says (moved back since the
 * call, say): only retries wait for it; and first attempts keep the order of
 * their calls, so a clock moved back between two calls does not reverse them.
 * This leans on a lane making one attempt at a time, earliest first: a
 * delivery never has its retry pending while an older call's delivery on the
 * same webhook still waits for its first attempt.
 */
export function dueDeliveries<T extends Queued>(queue: Iterable<T>, now: number): T[] {
  const due: { entry: T; order: number }[] = [];
  let latestFirst = Number.NEGATIVE_INFINITY;
  for (const entry of queue) {
    if (entry.delivery.status !== 'pending') continue;
    const time = dueTime(entry);
    if (entry.delivery.attempts.length > 0) {
      if (time <= now) due.push({ entry, order: time });
      continue;
    }
    latestFirst = Math.max(latestFirst, time);
    due.push({ entry, order: latestFirst });
  }
  return due.sort((a, b) => a.order - b.order).map(({ entry }) => entry);
}

/** When the next pending delivery is due, if any is pending. */
export function earliestDue(queue: Iterable<Queued>): number | undefined {
  // A loop, not Math.min(...times): an outbox may hold more deliveries than a call takes arguments.
  let earliest: number | undefined;
  for (const entry of queue) {
    const time = dueTime(entry);
    if (!Number.isNaN(time) && (earliest === undefined || time < earliest)) earliest = time;
  }
  return earliest;
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
