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

export class Journal {
  readonly #entries: JournalEntry[] = [];
  #nextId = 1;

  constructor(readonly limit = DEFAULT_JOURNAL_LIMIT) {}

  record(entry: Omit<JournalEntry, 'id'>): void {
    if (this.limit === 0) return;
    this.#entries.push({ id: this.#nextId++, ...entry });
    if (this.#entries.length > this.limit) this.#entries.splice(0, this.#entries.length - this.limit);
  }

  /** Matching entries, oldest first; `limit` keeps the newest ones. */
  find(filter: JournalFilter = {}, limit?: number): JournalEntry[] {
    const matchesPath = filter.path ? compilePathPattern(filter.path) : () => true;
    const found = this.#entries.filter(
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
  }
}
