/**
 * The outbox: every delivery of every simulated call, with its attempts, and
 * the retries still to make. Retries follow the mock's clock: a retry is due
 * at `last attempt + backoff` in mock time, so tests step through them by
 * advancing the clock instead of waiting. Each webhook has a lane of its
 * own: its deliveries go one after another, and a slow receiver holds up no
 * other webhook (nor another organization's calls). Bounded: the oldest
 * deliveries fall off.
 */
import type { StoredRecord } from '../domain/resource.js';
import type { Organization } from '../store/tenants.js';
import { attemptDelivery } from './delivery.js';
import { type DeliveryOptions, type DeliveryPolicy, deliveryPolicy, refusedTarget } from './delivery-policy.js';
import { cancellation, type Delivery, finish, matchesFilter, type OutboxFilter } from './delivery-record.js';
import type { WebhookEvent } from './events.js';
import { RetryTimer } from './retry-timer.js';
import { dueDeliveries, earliestDue, recordAttempt } from './schedule.js';

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
  /** Per webhook, the end of the runs queued on its lane; present while one runs. */
  readonly #lanes = new Map<string, Promise<void>>();
  /** Attempts under way, so that stop() can abandon them and runs do not count them as due. */
  readonly #inFlight = new Map<Entry, AbortController>();
  #stopped = false;

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
    // Entries of a reset organization go first: its call numbers, and so its ids, start again.
    this.#sweep();
    // Deleted first, so that an id seen before takes the newest place, not its old one.
    this.#entries.delete(delivery.id);
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
   * fall due while catching up (the clock moved far ahead). Resolves when
   * the lanes of the due deliveries `waitFor` picks (default: all) have
   * nothing due; the other lanes go on without being waited for.
   */
  async runDue(waitFor: (delivery: Delivery) => boolean = () => true): Promise<void> {
    if (this.#stopped) return;
    this.#sweep();
    const wanted = new Map<string, boolean>();
    for (const entry of dueDeliveries(this.#entries.values(), this.#deps.now().getTime())) {
      // Being attempted: its lane is on it already, and waiting for that answer is not running what is due.
      if (this.#inFlight.has(entry)) continue;
      const { delivery } = entry;
      const lane = laneOf(delivery);
      wanted.set(lane, wanted.get(lane) === true || waitFor(delivery));
    }
    const runs = [...wanted].map(([lane, waited]) => ({ run: this.#runLane(lane), waited }));
    // Armed before waiting: a lane stuck on a slow receiver must not keep the others' retries from their time.
    this.#scheduleTimer();
    await Promise.all(runs.filter(({ waited }) => waited).map(({ run }) => run));
    this.#scheduleTimer();
  }

  /**
   * No more attempts until start(): timer wake-ups end, attempts under way
   * are abandoned unrecorded, runs do nothing. Resolves once every lane has
   * stopped. The server calls it when it closes.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#timer.stop();
    for (const attempt of this.#inFlight.values()) attempt.abort();
    await Promise.all(this.#lanes.values());
  }

  /** Attempts again after stop() (a world served by a new server), and runs what fell due meanwhile. */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#timer.start();
    void this.runDue();
  }

  /** The deliveries with these ids that belong to this very organization (not one reset since), as they are now (copies). */
  deliveriesOf(organization: Organization, ids: ReadonlySet<string>): Delivery[] {
    const entries = [...ids].map((id) => this.#entries.get(id)).filter((entry) => entry?.organization === organization);
    return entries.map((entry) => structuredClone((entry as Entry).delivery));
  }

  /** Cancels the pending deliveries of webhooks deleted or disabled (the world calls it after each webhook change). */
  cancelStale(): void {
    this.#sweep();
  }

  /** Queues a run after the ones already on the lane; a run that failed does not stop the ones after it. */
  #runLane(lane: string): Promise<void> {
    const run = (this.#lanes.get(lane) ?? Promise.resolve()).then(() => this.#drainLane(lane)).catch(() => undefined);
    this.#lanes.set(lane, run);
    return run.then(() => {
      if (this.#lanes.get(lane) === run) this.#lanes.delete(lane);
      this.#scheduleTimer();
    });
  }

  /** Attempts the lane's due deliveries one at a time, earliest first, until none is due. */
  async #drainLane(lane: string): Promise<void> {
    while (!this.#stopped) {
      this.#sweep();
      const [next] = dueDeliveries(this.#entries.values(), this.#deps.now().getTime()).filter(({ delivery }) => laneOf(delivery) === lane);
      if (!next) return;
      await this.#attempt(next);
    }
  }

  /** Wakes for the earliest due delivery of a lane that is not running (a running lane looks again when it ends). */
  #scheduleTimer(): void {
    const idle = [...this.#entries.values()].filter(({ delivery }) => !this.#lanes.has(laneOf(delivery)));
    const next = earliestDue(idle);
    if (next === undefined) this.#timer.cancel();
    else this.#timer.schedule(next - this.#deps.now().getTime());
  }

  async #attempt(entry: Entry): Promise<void> {
    const { delivery, body } = entry;
    const webhook = this.#deps.webhook(delivery.orgId, delivery.webhookId);
    const cancelled = cancellation(webhook);
    if (cancelled || !webhook) return finish(delivery, 'failed', cancelled ?? 'cancelled');
    // Stamped with the time it was due: a clock moved far ahead replays the schedule as it would have run.
    const at = new Date(delivery.nextAttemptAt ?? this.#deps.now());
    const { url, event, id: deliveryId } = delivery;
    const started = this.#deps.now().getTime();
    const startedReally = performance.now();
    const abandon = new AbortController();
    this.#inFlight.set(entry, abandon);
    try {
      const attempt = await attemptDelivery(
        { url, body, secret: String(webhook.secret), event, deliveryId, at },
        this.policy,
        abandon.signal,
      );
      // Abandoned by stop(): not an answer of the receiver's, so not an attempt to record.
      if (this.#stopped) return;
      // The backoff counts from the end of the attempt: a slow receiver must not make the retry due at once.
      // The mock time it took, but no more than the real time: a clock moved on meanwhile (advanceMs) is a jump, not a slow answer.
      const tookMs = Math.min(this.#deps.now().getTime() - started, performance.now() - startedReally);
      recordAttempt(delivery, attempt, this.policy, Math.max(0, tookMs));
    } finally {
      this.#inFlight.delete(entry);
    }
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

/** The lane a delivery goes in: its webhook's (organization included, so lanes never cross organizations). */
function laneOf(delivery: Delivery): string {
  return `${delivery.orgId}\n${delivery.webhookId}`;
}
