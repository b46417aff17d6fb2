/**
 * The outbox: every delivery of every simulated call, with its attempts, and
 * the retries still to make. Retries follow the mock's clock: a retry is due
 * at `last attempt + backoff` in mock time, so tests step through them by
 * advancing the clock instead of waiting. Each webhook has a lane of its
 * own: its deliveries go one after another, and a slow receiver holds up no
 * other webhook (nor another organization's calls). Bounded: the oldest
 * deliveries fall off.
 *
 * How the webhook module fits together: simulate-call.ts makes a call's
 * events (events.ts) and queues one delivery per subscribed webhook here.
 * A delivery and its rules are in deliveries.ts, the outbox's entries in
 * entries.ts; schedule.ts says which are due and runs them lane by lane;
 * attempt.ts sends one (signed by signing.ts) and records it;
 * delivery-policy.ts bounds attempts, backoff and targets; own-listeners.ts
 * keeps a webhook from pointing at the mock's own control API.
 */
import type { StoredRecord } from '../../domain/resource.js';
import type { Organization } from '../organizations/registry.js';
import { type AttemptDeps, sendAndRecord, webhookToAttempt } from './attempt.js';
import { type Delivery, newDelivery, type OutboxFilter } from './deliveries.js';
import { type DeliveryOptions, type DeliveryPolicy, deliveryPolicy, refusedTarget } from './delivery-policy.js';
import { type Entry, type EntryDeps, OutboxEntries } from './entries.js';
import type { WebhookEvent } from './events.js';
import { dueDeliveries, earliestDue, Lanes, RetryTimer } from './schedule.js';

/** What the outbox reads from the rest of the mockState. */
export type OutboxDeps = AttemptDeps & EntryDeps;

/** The deliveries of a mock state, and the machinery that attempts them. */
export class Outbox {
  readonly policy: DeliveryPolicy;
  readonly #deps: OutboxDeps;
  readonly #entries: OutboxEntries;
  readonly #lanes = new Lanes();
  readonly #timer = new RetryTimer(() => void this.runDue());
  #stopped = false;
  /** Counts stops: a drain started before the latest stop ends, even when start() came since. */
  #stops = 0;
  #servers = 0;

  constructor(deps: OutboxDeps, options: DeliveryOptions = {}) {
    this.#deps = deps;
    this.policy = deliveryPolicy(options);
    this.#entries = new OutboxEntries(deps, this.policy.limit);
  }

  /** Numbers an organization's calls 1, 2, 3…; a reset organization starts again. */
  nextCallNumber(organization: Organization): number {
    return this.#entries.nextCallNumber(organization);
  }

  /** Queues one event for one webhook, due now; a target the policy refuses fails at once, unsent. */
  enqueue(organization: Organization, event: WebhookEvent, webhook: StoredRecord, deliveryId: string): Delivery {
    const refused = refusedTarget(String(webhook.url), this.policy);
    const delivery = newDelivery(organization.id, event, webhook, deliveryId, this.#deps.now().toISOString(), refused);
    const lane = `${organization.id}\n${webhook.id}`;
    this.#entries.add({ delivery, body: JSON.stringify(event), organization, lane });
    return structuredClone(delivery);
  }

  /** Deliveries that match, oldest first (copies). */
  list(filter: OutboxFilter = {}): Delivery[] {
    return this.#entries.list(filter);
  }

  /** The deliveries with these ids that belong to this very organization (not one reset since), as they are now (copies). */
  deliveriesOf(organization: Organization, ids: ReadonlySet<string>): Delivery[] {
    return this.#entries.deliveriesOf(organization, ids);
  }

  /**
   * Resolves once each of these deliveries of this organization has had its
   * first attempt, or will have none (ended, dropped, or the outbox stopped).
   * A simulated call answers then: the retries that fall due meanwhile are not its to wait for.
   */
  firstAttempts(organization: Organization, ids: ReadonlySet<string>): Promise<void> {
    return this.#entries.until(() => this.#stopped || this.#entries.firstAttemptsMade(organization, ids));
  }

  /** Forgets deliveries (all, or one organization's); their pending retries never happen. Answers how many. */
  clear(filter: { orgId?: string | undefined } = {}): number {
    const removed = this.#entries.clear(filter);
    if (this.#entries.size === 0) this.#timer.cancel();
    this.#entries.notify();
    return removed;
  }

  /** Everything forgotten, call numbers included (a mock state reset). */
  reset(): void {
    this.clear();
    this.#entries.forgetCallNumbers();
  }

  /** Cancels the pending deliveries of webhooks deleted or disabled (the mock state calls it after each webhook change). */
  cancelStale(): void {
    this.#entries.sweep();
  }

  /**
   * Makes every attempt that is due in mock time, including retries that
   * fall due while catching up (a frozen clock moved far ahead). Resolves when
   * the lanes of the due deliveries `waitFor` picks (default: all) have
   * nothing due; the other lanes go on without being waited for.
   */
  async runDue(waitFor: (delivery: Delivery) => boolean = () => true): Promise<void> {
    if (this.#stopped) return;
    this.#entries.sweep();
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
   * A server serving this mock state: attempts run while one does, and when the
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
    for (const attempt of this.#entries.inFlight.values()) attempt.abort();
    this.#entries.notify();
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
      // A delivery dropped or cancelled just now may be the last one a waiting call needed (sweep tells the waiters).
      this.#entries.sweep(this.#entries.ofLane(lane));
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
    // In flight from before the webhook's lookup (which may resolve a host name): a stop() meanwhile abandons it too.
    const abandon = new AbortController();
    this.#entries.inFlight.set(entry, abandon);
    try {
      const webhook = await webhookToAttempt(entry.delivery, this.#deps);
      if (!webhook || abandon.signal.aborted) return;
      await sendAndRecord(entry, webhook, this.#deps, this.policy, abandon.signal);
    } finally {
      this.#entries.inFlight.delete(entry);
      this.#entries.notify();
    }
  }
}
