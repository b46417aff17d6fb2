/**
 * The outbox's entries, found two ways: by delivery id, oldest first (what
 * the outbox lists and what falls off first), and by lane (a webhook's
 * entries, in the order they came), so that a lane looks only at its own.
 */
export class EntryIndex<E extends { delivery: { id: string }; lane: string }> {
  readonly #byId = new Map<string, E>();
  readonly #byLane = new Map<string, Set<E>>();

  get size(): number {
    return this.#byId.size;
  }

  get(id: string): E | undefined {
    return this.#byId.get(id);
  }

  /** Every entry, oldest first. */
  values(): IterableIterator<E> {
    return this.#byId.values();
  }

  /** The lane's entries, in the order they came (a copy: the caller may remove while it goes through them). */
  ofLane(lane: string): E[] {
    return [...(this.#byLane.get(lane) ?? [])];
  }

  /** Adds the entry as the newest (an entry with its id must have been removed first). */
  add(entry: E): void {
    this.#byId.set(entry.delivery.id, entry);
    const lane = this.#byLane.get(entry.lane) ?? new Set<E>();
    this.#byLane.set(entry.lane, lane.add(entry));
  }

  /** Removes the entry with this id and answers it, if there was one. */
  remove(id: string): E | undefined {
    const entry = this.#byId.get(id);
    if (!entry) return undefined;
    this.#byId.delete(id);
    const lane = this.#byLane.get(entry.lane);
    lane?.delete(entry);
    if (lane?.size === 0) this.#byLane.delete(entry.lane);
    return entry;
  }
}
