/**
 * The outbox: every delivery of every simulated call, with its attempts, and
 * the retries still to make. Retries follow the mock's clock: a retry is due
 * at `last attempt + backoff` in mock time, so tests step through them by
 * advancing the clock instead of waiting. Each webhook has a lane of its
 * own: its deliveries go one after another, and a slow receiver holds up no
 * other webhook (nor another organization's calls). Bounded: the oldest
 * deliveries fall off.
 */
import type { StoredRecord } from '../../domain/resource.js';
import type { Organization } from '../tenants.js';
import { attemptDelivery } from './delivery.js';
import { type DeliveryOptions, type DeliveryPolicy, deliveryPolicy, refusedTarget } from './delivery-policy.js';
import { cancellation, type Delivery, finish, matchesFilter, type OutboxFilter } from './delivery-record.js';
import { EntryIndex } from './entry-index.js';
import type { WebhookEvent } from './events.js';
import { Lanes } from './lanes.js';
import { RetryTimer } from './retry-timer.js';
import { dueDeliveries, earliestDue, recordAttempt } from './schedule.js';
import { Waiters } from './waiters.js';

/** What the outbox reads from the rest of the world. */
export interface OutboxDeps {
  now(): Date;
  /** False while the clock stands frozen: it then moves only by jumps, and retries replay their schedule. */
  clockRuns(): boolean;
  /** The webhook as stored (whole secret), while it exists. */
  webhook(orgId: string, webhookId: string): StoredRecord | undefined;
  /** The organization registered under the id now: another object means it was removed or reset. */
  organization(orgId: string): Organization | undefined;
  /** Why a URL reaches the mock's own control API, as it resolves now (skipped, unsent), or undefined. */
  ownControlRefusal?(url: string): Promise<string | undefined>;
}

interface Entry {
  delivery: Delivery;
  body: string;
  organization: Organization;
  /** Its webhook's lane (organization included, so lanes never cross organizations). */
  lane: string;
}

/** The deliveries of a world, and the machinery that attempts them. */
export class Outbox {
  readonly policy: DeliveryPolicy;
  readonly #deps: OutboxDeps;
  readonly #entries = new EntryIndex<Entry>();
  readonly #lanes = new Lanes();
  readonly #timer = new RetryTimer(() => void this.runDue());
  /** Attempts under way, so that stop() can abandon them. */
  readonly #inFlight = new Map<Entry, AbortController>();
  /** Calls waiting on their first attempts; told after every attempt and every change that may end a wait. */
  readonly #waiters = new Waiters();
  #calls = new WeakMap<Organization, number>();
  #stopped = false;
  /** Counts stops: a drain started before the latest stop ends, even when start() came since. */
  #stops = 0;
  #servers = 0;

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
    const lane = `${organization.id}\n${webhook.id}`;
    const delivery: Delivery = {
      ...{ id: deliveryId, orgId: organization.id, callId: String(event.data.callId), eventId: event.id, event: event.event },
      ...{ webhookId: webhook.id, url, status: refused ? 'failed' : 'pending', attempts: [] },
      ...{ nextAttemptAt: refused ? null : now, createdAt: now, reason: refused ?? null },
    };
    // Entries of a reset organization go first: its call numbers, and so its ids, start again.
    this.#sweep();
    // Removed first, so that an id seen before takes the newest place, not its old one.
    this.#remove(delivery.id);
    this.#entries.add({ delivery, body: JSON.stringify(event), organization, lane });
    for (const { delivery: oldest } of this.#entries.values()) {
      if (this.#entries.size <= this.policy.limit) break;
      this.#remove(oldest.id);
    }
    // The oldest fell off, and a call may have been waiting for one of them.
    this.#notify();
    return structuredClone(delivery);
  }

  /** Deliveries that match, oldest first (copies). */
  list(filter: OutboxFilter = {}): Delivery[] {
    this.#sweep();
    const deliveries = [...this.#entries.values()].map((entry) => entry.delivery);
    return deliveries.filter((delivery) => matchesFilter(delivery, filter)).map((delivery) => structuredClone(delivery));
  }

  /** The deliveries with these ids that belong to this very organization (not one reset since), as they are now (copies). */
  deliveriesOf(organization: Organization, ids: ReadonlySet<string>): Delivery[] {
    const entries = [...ids].map((id) => this.#entries.get(id)).filter((entry) => entry?.organization === organization);
    return entries.map((entry) => structuredClone((entry as Entry).delivery));
  }

  /**
   * Resolves once each of these deliveries of this organization has had its
   * first attempt, or will have none (ended, dropped, or the outbox stopped).
   * A simulated call answers then: the retries that fall due meanwhile are not its to wait for.
   */
  firstAttempts(organization: Organization, ids: ReadonlySet<string>): Promise<void> {
    return this.#waiters.until(
      () =>
        this.#stopped ||
        [...ids].every((id) => {
          const entry = this.#entries.get(id);
          return entry?.organization !== organization || entry.delivery.status !== 'pending' || entry.delivery.attempts.length > 0;
        }),
    );
  }

  /** Forgets deliveries (all, or one organization's); their pending retries never happen. Answers how many. */
  clear(filter: { orgId?: string | undefined } = {}): number {
    let removed = 0;
    for (const { delivery } of this.#entries.values()) {
      if (filter.orgId !== undefined && delivery.orgId !== filter.orgId) continue;
      this.#remove(delivery.id);
      removed++;
    }
    if (this.#entries.size === 0) this.#timer.cancel();
    this.#notify();
    return removed;
  }

  /** Everything forgotten, call numbers included (a world reset). */
  reset(): void {
    this.clear();
    this.#calls = new WeakMap();
  }

  /** Cancels the pending deliveries of webhooks deleted or disabled (the world calls it after each webhook change). */
  cancelStale(): void {
    this.#sweep();
  }

  /**
   * Makes every attempt that is due in mock time, including retries that
   * fall due while catching up (a frozen clock moved far ahead). Resolves when
   * the lanes of the due deliveries `waitFor` picks (default: all) have
   * nothing due; the other lanes go on without being waited for.
   */
  async runDue(waitFor: (delivery: Delivery) => boolean = () => true): Promise<void> {
    if (this.#stopped) return;
    this.#sweep();
    const wanted = new Map<string, boolean>();
    for (const { delivery, lane } of dueDeliveries(this.#entries.values(), this.#deps.now().getTime())) {
      wanted.set(lane, wanted.get(lane) === true || waitFor(delivery));
    }
    const runs = [...wanted].map(([lane, waited]) => ({ run: this.#runLane(lane), waited }));
    // Armed before waiting: a lane held by a slow receiver must not keep the others' retries from their time.
    this.#scheduleTimer();
    await Promise.all(runs.filter(({ waited }) => waited).map(({ run }) => run));
    this.#scheduleTimer();
  }

  /**
   * A server serving this world: attempts run while one does, and when the
   * last of them closes, the outbox stops. Answers the server's release.
   */
  serve(): () => Promise<void> {
    this.#servers += 1;
    this.start();
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.#servers -= 1;
      if (this.#servers === 0) await this.stop();
    };
  }

  /**
   * No more attempts until start(): timer wake-ups end, attempts under way
   * are abandoned unrecorded, runs do nothing. Resolves once every lane has
   * stopped.
   */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#stops += 1;
    this.#timer.stop();
    for (const attempt of this.#inFlight.values()) attempt.abort();
    this.#notify();
    await this.#lanes.settled();
  }

  /** Attempts again after stop(), and runs what fell due meanwhile. */
  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#timer.start();
    void this.runDue();
  }

  /** Queues a drain of the lane, then wakes the timer for what the lanes at rest have due later. */
  #runLane(lane: string): Promise<void> {
    const failed = (error: unknown) => console.error('voice-config-mock: a webhook delivery run failed unexpectedly', error);
    return this.#lanes.run(lane, () => this.#drainLane(lane), failed).then(() => this.#scheduleTimer());
  }

  /** Attempts the lane's due deliveries one at a time, earliest first, until none is due. */
  async #drainLane(lane: string): Promise<void> {
    const stops = this.#stops;
    while (!this.#stopped && this.#stops === stops) {
      for (const entry of this.#entries.ofLane(lane)) this.#sweepEntry(entry);
      // A delivery dropped or cancelled just now may be the last one a waiting call needed.
      this.#notify();
      const [next] = dueDeliveries(this.#entries.ofLane(lane), this.#deps.now().getTime());
      if (!next) return;
      await this.#attempt(next);
    }
  }

  /** Wakes for the earliest due delivery of a lane at rest (a busy lane looks again when it ends). */
  #scheduleTimer(): void {
    const atRest = [...this.#entries.values()].filter(({ lane }) => !this.#lanes.busy(lane));
    const next = earliestDue(atRest);
    if (next === undefined) this.#timer.cancel();
    else this.#timer.schedule(next - this.#deps.now().getTime());
  }

  async #attempt(entry: Entry): Promise<void> {
    const { delivery, body } = entry;
    const webhook = this.#deps.webhook(delivery.orgId, delivery.webhookId);
    const cancelled = cancellation(webhook);
    if (cancelled || !webhook) {
      finish(delivery, 'failed', cancelled ?? 'cancelled');
      return this.#notify();
    }
    const own = await this.#deps.ownControlRefusal?.(delivery.url);
    if (own) {
      finish(delivery, 'failed', `not sent: ${own}`);
      return this.#notify();
    }
    const clockRuns = this.#deps.clockRuns();
    const started = this.#deps.now();
    // A frozen clock moves only by jumps: an attempt takes the time it was due, so a jump far ahead replays the schedule.
    // A running clock: the time the attempt is made (later than due when its lane was busy), so the signature's time is true.
    const at = clockRuns ? started : new Date(delivery.nextAttemptAt ?? started);
    const { url, event, id: deliveryId } = delivery;
    const abandon = new AbortController();
    this.#inFlight.set(entry, abandon);
    try {
      const attempt = await attemptDelivery(
        { url, body, secret: String(webhook.secret), event, deliveryId, at },
        this.policy,
        abandon.signal,
      );
      // Abandoned by stop(): not an answer of the receiver's, so not an attempt to record.
      if (abandon.signal.aborted) return;
      // With the clock running the backoff counts from the end of the attempt: a slow receiver must not make the retry due at once.
      const tookMs = clockRuns ? Math.max(0, this.#deps.now().getTime() - started.getTime()) : 0;
      recordAttempt(delivery, attempt, this.policy, tookMs);
    } catch (error) {
      // A fault of the mock's own (a receiver's faults are written into the attempt): the delivery ends, instead of falling due forever.
      finish(
        delivery,
        'failed',
        `not sent: the mock failed while attempting it (${error instanceof Error ? error.message : String(error)})`,
      );
      console.error('voice-config-mock: a webhook delivery failed unexpectedly', error);
    } finally {
      this.#inFlight.delete(entry);
      this.#notify();
    }
  }

  #notify(): void {
    this.#waiters.changed();
  }

  #remove(id: string): void {
    const entry = this.#entries.remove(id);
    // Forgotten (cleared, reset, pushed out): an attempt still out must not hold its webhook's lane until its time limit.
    if (entry) this.#inFlight.get(entry)?.abort();
  }

  /** Drops deliveries of organizations removed or reset; cancels pending ones whose webhook is gone or disabled. */
  #sweep(): void {
    for (const entry of this.#entries.values()) this.#sweepEntry(entry);
    this.#notify();
  }

  #sweepEntry(entry: Entry): void {
    const { delivery } = entry;
    if (this.#deps.organization(delivery.orgId) !== entry.organization) this.#remove(delivery.id);
    else if (delivery.status === 'pending') {
      const cancelled = cancellation(this.#deps.webhook(delivery.orgId, delivery.webhookId));
      if (cancelled) finish(delivery, 'failed', cancelled);
    }
  }
}
