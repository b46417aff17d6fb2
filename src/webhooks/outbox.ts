/**
 * The outbox: every delivery of every simulated call, with its attempts, and
 * the retries still to make. Retries follow the mock's clock: a retry is due
 * at `last attempt + backoff` in mock time, so tests step through them by
 * advancing the clock instead of waiting. Bounded: the oldest deliveries
 * fall off.
 */
import type { StoredRecord } from '../domain/resource.js';
import type { Organization } from '../store/tenants.js';
import { attemptDelivery } from './delivery.js';
import { type DeliveryOptions, type DeliveryPolicy, deliveryPolicy, refusedTarget } from './delivery-policy.js';
import { cancellation, type Delivery, finish, matchesFilter, type OutboxFilter } from './delivery-record.js';
import type { WebhookEvent } from './events.js';
import { RetryTimer } from './retry-timer.js';
import { dueDeliveries, earliestDue, groupByWebhook, recordAttempt } from './schedule.js';

/** What the outbox reads from the rest of the world. */
export interface OutboxDeps {
  now(): Date;
  /** The webhook as stored (whole secret), while it exists. */
  webhook(orgId: string, webhookId: string): StoredRecord | undefined;
  /** The organization registered under the id now: another object means it was removed or reset. */
  organization(orgId: string): Organization | undefined;
}

interface Entry {
  delivery: Delivery;
  body: string;
  organization: Organization;
}

/** The deliveries of a world, and the machinery that attempts them. */
export class Outbox {
  readonly policy: DeliveryPolicy;
  readonly #deps: OutboxDeps;
  readonly #entries = new Map<string, Entry>();
  readonly #timer = new RetryTimer(() => void this.runDue());
  #calls = new WeakMap<Organization, number>();
  #pass: Promise<void> = Promise.resolve();

  constructor(deps: OutboxDeps, options: DeliveryOptions = {}) {
    this.#deps = deps;
    this.policy = deliveryPolicy(options);
  }

  /** Numbers an organization's calls 1, 2, 3…; a reset organization starts again. */
  nextCallNumber(organization: Organization): number {
    const next = (this.#calls.get(organization) ?? 0) + 1;
    this.#calls.set(organization, next);
    return next;
  }

  /** Queues one event for one webhook, due now; a target the policy refuses fails at once, unsent. */
  enqueue(organization: Organization, event: WebhookEvent, webhook: StoredRecord, deliveryId: string): Delivery {
    const now = this.#deps.now().toISOString();
    const url = String(webhook.url);
    const refused = refusedTarget(url, this.policy);
    const delivery: Delivery = {
      ...{ id: deliveryId, orgId: organization.id, callId: String(event.data.callId), eventId: event.id, event: event.event },
      ...{ webhookId: webhook.id, url, status: refused ? 'failed' : 'pending', attempts: [] },
      ...{ nextAttemptAt: refused ? null : now, createdAt: now, reason: refused ?? null },
    };
    this.#entries.set(delivery.id, { delivery, body: JSON.stringify(event), organization });
    for (const id of this.#entries.keys()) {
      if (this.#entries.size <= this.policy.limit) break;
      this.#entries.delete(id);
    }
    return structuredClone(delivery);
  }

  /** Deliveries that match, oldest first (copies). */
  list(filter: OutboxFilter = {}): Delivery[] {
    this.#sweep();
    const deliveries = [...this.#entries.values()].map((entry) => entry.delivery);
    return deliveries.filter((delivery) => matchesFilter(delivery, filter)).map((delivery) => structuredClone(delivery));
  }

  /** Forgets deliveries (all, or one organization's); their pending retries never happen. Answers how many. */
  clear(filter: { orgId?: string | undefined } = {}): number {
    let removed = 0;
    for (const [id, entry] of this.#entries) {
      if (filter.orgId !== undefined && entry.delivery.orgId !== filter.orgId) continue;
      this.#entries.delete(id);
      removed++;
    }
    if (this.#entries.size === 0) this.#timer.cancel();
    return removed;
  }

  /** Everything forgotten, call numbers included (a world reset). */
  reset(): void {
    this.clear();
    this.#calls = new WeakMap();
  }

  /**
   * Makes every attempt that is due in mock time, including retries that
   * fall due while catching up (the clock moved far ahead), and resolves
   * when they have been made. Passes run one after another.
   */
  runDue(): Promise<void> {
    const pass = this.#pass.then(() => this.#drain());
    // A pass that failed must not stop the ones after it.
    this.#pass = pass.catch(() => undefined);
    return pass;
  }

  /** No more timer wake-ups (the server closes). Explicit runs still work. */
  stop(): void {
    this.#timer.stop();
  }

  async #drain(): Promise<void> {
    for (;;) {
      this.#sweep();
      const due = dueDeliveries(this.#entries.values(), this.#deps.now().getTime());
      if (due.length === 0) break;
      // One webhook's deliveries go one after another, in order; different webhooks in parallel.
      await Promise.all(
        groupByWebhook(due).map(async (group) => {
          for (const entry of group) await this.#attempt(entry);
        }),
      );
    }
    const next = earliestDue(this.#entries.values());
    if (next === undefined) this.#timer.cancel();
    else this.#timer.schedule(next - this.#deps.now().getTime());
  }

  async #attempt(entry: Entry): Promise<void> {
    const { delivery, body } = entry;
    // Cleared (or pushed out) while earlier deliveries of its webhook were being attempted.
    if (this.#entries.get(delivery.id) !== entry) return;
    const webhook = this.#deps.webhook(delivery.orgId, delivery.webhookId);
    const cancelled = cancellation(webhook);
    if (cancelled || !webhook) return finish(delivery, 'failed', cancelled ?? 'cancelled');
    // Stamped with the time it was due: a clock moved far ahead replays the schedule as it would have run.
    const at = new Date(delivery.nextAttemptAt ?? this.#deps.now());
    const { url, event, id: deliveryId } = delivery;
    const started = this.#deps.now().getTime();
    const attempt = await attemptDelivery({ url, body, secret: String(webhook.secret), event, deliveryId, at }, this.policy);
    // The backoff counts from the end of the attempt: a slow receiver must not make the retry due at once.
    recordAttempt(delivery, attempt, this.policy, this.#deps.now().getTime() - started);
  }

  /** Drops deliveries of organizations removed or reset; cancels pending ones whose webhook is gone or disabled. */
  #sweep(): void {
    for (const [id, entry] of this.#entries) {
      const { delivery } = entry;
      if (this.#deps.organization(delivery.orgId) !== entry.organization) this.#entries.delete(id);
      else if (delivery.status === 'pending') {
        const cancelled = cancellation(this.#deps.webhook(delivery.orgId, delivery.webhookId));
        if (cancelled) finish(delivery, 'failed', cancelled);
      }
    }
  }
}
