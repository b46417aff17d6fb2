/**
 * The outbox's entries: each a delivery with the body it sends, the
 * organization it was made for and its webhook's lane. Found two ways: by
 * delivery id, oldest first (what the outbox lists and what falls off
 * first), and by lane (a webhook's entries, in the order they came), so that
 * a lane looks only at its own. Bounded, swept of organizations removed or
 * reset, and watched by the calls waiting on their first attempts.
 */
import type { StoredRecord } from '../../domain/resource.js';
import type { Organization } from '../organizations/registry.js';
import { cancellation, type Delivery, finish, matchesFilter, type OutboxFilter } from './deliveries.js';
import { Waiters } from './schedule.js';

/** One delivery in the outbox. */
export interface Entry {
  delivery: Delivery;
  body: string;
  organization: Organization;
  /** Its webhook's lane (organization included, so lanes never cross organizations). */
  lane: string;
}

/** What the entries read from the rest of the mockState. */
export interface EntryDeps {
  /** The webhook as stored (whole secret), while it exists. */
  webhook(orgId: string, webhookId: string): StoredRecord | undefined;
  /** The organization registered under the id now: another object means it was removed or reset. */
  organization(orgId: string): Organization | undefined;
}

export class OutboxEntries {
  readonly #byId = new Map<string, Entry>();
  readonly #byLane = new Map<string, Set<Entry>>();
  /** Attempts under way, so that stop() can abandon them, and a forgotten delivery's attempt ends. */
  readonly inFlight = new Map<Entry, AbortController>();
  /** Calls waiting on their first attempts; told after every attempt and every change that may end a wait. */
  readonly #waiters = new Waiters();
  #calls = new WeakMap<Organization, number>();

  constructor(
    private readonly deps: EntryDeps,
    private readonly limit: number,
  ) {}

  get size(): number {
    return this.#byId.size;
  }

  /** Every entry, oldest first. */
  values(): IterableIterator<Entry> {
    return this.#byId.values();
  }

  /** The lane's entries, in the order they came (a copy: the caller may remove while it goes through them). */
  ofLane(lane: string): Entry[] {
    return [...(this.#byLane.get(lane) ?? [])];
  }

  /** Numbers an organization's calls 1, 2, 3…; a reset organization starts again. */
  nextCallNumber(organization: Organization): number {
    const next = (this.#calls.get(organization) ?? 0) + 1;
    this.#calls.set(organization, next);
    return next;
  }

  forgetCallNumbers(): void {
    this.#calls = new WeakMap();
  }

  /** Adds the entry as the newest; the oldest fall off past the limit. */
  add(entry: Entry): void {
    // Entries of a reset organization go first: its call numbers, and so its ids, start again.
    this.sweep();
    // Removed first, so that an id seen before takes the newest place, not its old one.
    this.remove(entry.delivery.id);
    this.#byId.set(entry.delivery.id, entry);
    const lane = this.#byLane.get(entry.lane) ?? new Set<Entry>();
    this.#byLane.set(entry.lane, lane.add(entry));
    for (const { delivery: oldest } of this.#byId.values()) {
      if (this.#byId.size <= this.limit) break;
      this.remove(oldest.id);
    }
    // The oldest fell off, and a call may have been waiting for one of them.
    this.notify();
  }

  /** Deliveries that match, oldest first (copies). */
  list(filter: OutboxFilter): Delivery[] {
    this.sweep();
    const deliveries = [...this.#byId.values()].map((entry) => entry.delivery);
    return deliveries.filter((delivery) => matchesFilter(delivery, filter)).map((delivery) => structuredClone(delivery));
  }

  /** The deliveries with these ids that belong to this very organization (not one reset since), as they are now (copies). */
  deliveriesOf(organization: Organization, ids: ReadonlySet<string>): Delivery[] {
    const entries = [...ids].map((id) => this.#byId.get(id)).filter((entry) => entry?.organization === organization);
    return entries.map((entry) => structuredClone((entry as Entry).delivery));
  }

  /** Whether each of these deliveries of this organization has had its first attempt, or will have none (ended, dropped). */
  firstAttemptsMade(organization: Organization, ids: ReadonlySet<string>): boolean {
    return [...ids].every((id) => {
      const entry = this.#byId.get(id);
      return entry?.organization !== organization || entry.delivery.status !== 'pending' || entry.delivery.attempts.length > 0;
    });
  }

  /** Resolves once `done()` is true, looked at again after every change that may end a wait. */
  until(done: () => boolean): Promise<void> {
    return this.#waiters.until(done);
  }

  /** Something may have ended a wait (an attempt, a delivery dropped or cancelled). */
  notify(): void {
    this.#waiters.changed();
  }

  /** Forgets deliveries (all, or one organization's). Answers how many. */
  clear(filter: { orgId?: string | undefined }): number {
    let removed = 0;
    for (const { delivery } of this.#byId.values()) {
      if (filter.orgId !== undefined && delivery.orgId !== filter.orgId) continue;
      this.remove(delivery.id);
      removed++;
    }
    return removed;
  }

  remove(id: string): void {
    const entry = this.#byId.get(id);
    if (!entry) return;
    this.#byId.delete(id);
    const lane = this.#byLane.get(entry.lane);
    lane?.delete(entry);
    if (lane?.size === 0) this.#byLane.delete(entry.lane);
    // Forgotten (cleared, reset, pushed out): an attempt still out must not hold its webhook's lane until its time limit.
    this.inFlight.get(entry)?.abort();
  }

  /** Drops deliveries of organizations removed or reset; cancels pending ones whose webhook is gone or disabled. */
  sweep(entries: Iterable<Entry> = this.#byId.values()): void {
    for (const entry of entries) {
      const { delivery } = entry;
      if (this.deps.organization(delivery.orgId) !== entry.organization) this.remove(delivery.id);
      else if (delivery.status === 'pending') {
        const cancelled = cancellation(this.deps.webhook(delivery.orgId, delivery.webhookId));
        if (cancelled) finish(delivery, 'failed', cancelled);
      }
    }
    this.notify();
  }
}
