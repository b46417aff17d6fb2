/**
 * The request journal: a bounded log of what the API received, newest last,
 * so a consumer test can ask what its client actually sent ("the client
 * deleted that trunk exactly once"). Old entries fall off the front.
 */
import { compilePathPattern } from './path-pattern.js';

export interface JournalEntry {
  id: number;
  time: string;
  method: string;
  path: string;
  query: string;
  orgId: string | null;
  status: number;
  durationMs: number;
  /** The request body as the API read it (parsed JSON, or text); null when none was read. */
  body: unknown;
}

export interface JournalFilter {
  method?: string | undefined;
  /** A path pattern: `*` and `:name` match one segment, `**` the rest. */
  path?: string | undefined;
  orgId?: string | undefined;
  status?: number | undefined;
}

export const DEFAULT_JOURNAL_LIMIT = 1000;

/** A ring: once full, each new entry takes the place of the oldest, so recording costs the same every time. */
export class Journal {
  readonly #entries: JournalEntry[] = [];
  /** Where the oldest entry is, once the ring is full. */
  #oldest = 0;
  #nextId = 1;

  constructor(readonly limit = DEFAULT_JOURNAL_LIMIT) {}

  record(entry: Omit<JournalEntry, 'id'>): void {
    if (this.limit === 0) return;
    const stamped = { id: this.#nextId++, ...entry };
    if (this.#entries.length < this.limit) {
      this.#entries.push(stamped);
      return;
    }
    this.#entries[this.#oldest] = stamped;
    this.#oldest = (this.#oldest + 1) % this.limit;
  }

  /** Every entry, oldest first. */
  #inOrder(): JournalEntry[] {
    return [...this.#entries.slice(this.#oldest), ...this.#entries.slice(0, this.#oldest)];
  }

  /** Matching entries, oldest first; `limit` keeps the newest ones. */
  find(filter: JournalFilter = {}, limit?: number): JournalEntry[] {
    const matchesPath = filter.path ? compilePathPattern(filter.path) : () => true;
    const found = this.#inOrder().filter(
      (entry) =>
        (filter.method === undefined || entry.method === filter.method.toUpperCase()) &&
        (filter.orgId === undefined || entry.orgId === filter.orgId) &&
        (filter.status === undefined || entry.status === filter.status) &&
        matchesPath(entry.path),
    );
    return limit === undefined ? found : found.slice(-limit);
  }

  clear(): void {
    this.#entries.length = 0;
    this.#oldest = 0;
  }
}
