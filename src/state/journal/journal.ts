/**
 * The request journal: a bounded log of what the API received, newest last,
 * so a consumer test can ask what its client actually sent ("the client
 * deleted that trunk exactly once"). Old entries fall off the front.
 * A plain ring of one small object per request: preallocated typed-array
 * columns were measured against it (docs/BENCHMARKS.md, "The journal's
 * structure") and cost the same CPU per request, so the simple one stayed.
 * Entries are built for an answer only when someone reads them.
 */

import { compilePathPattern } from '../path-pattern.js';
import type { JournalEntry, JournalFilter, JournalPage, JournalRecord } from './journal-entry.js';
import { keptText, utf8Length } from './journal-text.js';

export { type JournalEntry, type JournalFilter, type JournalPage, type JournalRecord, journalEntrySchema } from './journal-entry.js';

export const DEFAULT_JOURNAL_LIMIT = 1000;
/** What the kept entries may take in all: a flood of large bodies then keeps fewer entries, not more memory (--journal-bytes). */
export const DEFAULT_JOURNAL_BYTES = 64 * 1024 * 1024;

/**
 * A ring: once full, each new entry takes the place of the oldest, so
 * recording costs the same every time. It is bounded twice: by entries
 * (`limit`) and by bytes (`byteLimit`, counted as 2 per UTF-16 unit of the
 * text it keeps, which is what V8 holds at most, plus 256); past
 * either, the oldest entries go.
 */
export class Journal {
  /** Slot by slot; the entry at `#next` is the oldest once the ring is full. */
  readonly #ring: (Kept | undefined)[];
  #next = 0;
  #size = 0;
  #bytes = 0;
  #nextId = 1;

  constructor(
    readonly limit = DEFAULT_JOURNAL_LIMIT,
    readonly byteLimit = DEFAULT_JOURNAL_BYTES,
  ) {
    if (!Number.isSafeInteger(limit) || limit < 0)
      throw new RangeError(`The journal limit must be a whole number from 0 up (got ${limit}).`);
    if (!Number.isSafeInteger(byteLimit) || byteLimit < 1)
      throw new RangeError(`The journal's byte limit must be a whole number from 1 up (got ${byteLimit}).`);
    this.#ring = new Array(limit).fill(undefined);
  }

  /** How many entries it holds, and the bytes they are counted as. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.#size, bytes: this.#bytes };
  }

  record(entry: JournalRecord): void {
    if (this.limit === 0) return;
    // Full: the slot taken is the oldest entry's.
    if (this.#size === this.limit) this.#dropOldest();
    const kept = keptText(entry);
    this.#ring[this.#next] = {
      id: this.#nextId++,
      timeMs: entry.timeMs,
      method: entry.method,
      path: kept.path,
      query: kept.query,
      orgId: entry.orgId,
      status: entry.status,
      durationMs: entry.durationMs,
      body: kept.body,
      bodyIsJson: kept.bodyIsJson,
      bytes: kept.bytes,
    };
    this.#bytes += kept.bytes;
    this.#next = (this.#next + 1) % this.limit;
    this.#size++;
    // The newest entry stays, even alone over a budget smaller than itself.
    while (this.#bytes > this.byteLimit && this.#size > 1) this.#dropOldest();
  }

  /** Matching entries, oldest first; `limit` keeps the newest ones (and only those are built). */
  find(filter: JournalFilter = {}, limit = this.limit): JournalEntry[] {
    const found: Kept[] = [];
    this.#scan(filter, undefined, (kept) => found.push(kept) < limit);
    return found.reverse().map(entryOf);
  }

  /** How many entries match, without building any. */
  count(filter: JournalFilter = {}): number {
    let count = 0;
    this.#scan(filter, undefined, () => ++count > 0);
    return count;
  }

  /** The newest `limit` matches older than entry `before`, as JSON of at most `maxBytes` of UTF-8: no answer is ever built larger. */
  page(filter: JournalFilter, { limit, before, maxBytes }: { limit: number; before?: number | undefined; maxBytes: number }): JournalPage {
    const entries: string[] = [];
    let bytes = 0;
    let oldest = 0;
    let older: number | null = null;
    this.#scan(filter, before, (kept) => {
      const json = entries.length < limit ? jsonOf(kept) : undefined;
      const size = json === undefined ? 0 : utf8Length(json) + 1;
      // One more match than the page takes: the next page starts below this page's oldest entry.
      // (The first entry always goes in: the largest one is far below any page's bound.)
      if (json === undefined || (entries.length > 0 && bytes + size > maxBytes)) {
        older = oldest;
        return false;
      }
      entries.push(json);
      bytes += size;
      oldest = kept.id;
      return true;
    });
    return { entries: entries.reverse(), older };
  }

  clear(): void {
    this.#next = 0;
    this.#size = 0;
    this.#bytes = 0;
    this.#ring.fill(undefined);
  }

  /** Calls `visit` with each match, newest first, while it answers true; `before` skips entries from that id up. */
  #scan(filter: JournalFilter, before: number | undefined, visit: (kept: Kept) => boolean): void {
    const matchesPath = filter.path ? compilePathPattern(filter.path) : () => true;
    const method = filter.method?.toUpperCase();
    for (let back = 1; back <= this.#size; back++) {
      const kept = this.#ring[(this.#next - back + this.limit) % this.limit] as Kept;
      if (
        (before === undefined || kept.id < before) &&
        (method === undefined || kept.method === method) &&
        (filter.orgId === undefined || kept.orgId === filter.orgId) &&
        (filter.status === undefined || kept.status === filter.status) &&
        matchesPath(kept.path) &&
        !visit(kept)
      ) {
        return;
      }
    }
  }

  #dropOldest(): void {
    const slot = (this.#next - this.#size + this.limit) % this.limit;
    this.#bytes -= this.#ring[slot]?.bytes ?? 0;
    this.#ring[slot] = undefined;
    this.#size--;
  }
}

/** What an entry keeps of a request: the text cut to its bounds, and the bytes it counts for. */
interface Kept {
  id: number;
  timeMs: number;
  method: string;
  path: string;
  query: string;
  orgId: string | null;
  status: number;
  durationMs: number;
  body: string | null;
  bodyIsJson: boolean;
  bytes: number;
}

function fieldsOf(kept: Kept): Omit<JournalEntry, 'body'> {
  return {
    id: kept.id,
    time: new Date(kept.timeMs).toISOString(),
    method: kept.method,
    path: kept.path,
    query: kept.query,
    orgId: kept.orgId,
    status: kept.status,
    durationMs: kept.durationMs,
  };
}

function entryOf(kept: Kept): JournalEntry {
  // Only text that already parsed once, as an object within the depth limit, is kept as JSON.
  return { ...fieldsOf(kept), body: kept.body !== null && kept.bodyIsJson ? JSON.parse(kept.body) : kept.body };
}

/** The entry as JSON; a body kept as JSON goes in as the client's own text (it parsed once), without parsing it again. */
function jsonOf(kept: Kept): string {
  const body = kept.body !== null && kept.bodyIsJson ? kept.body : JSON.stringify(kept.body);
  return `${JSON.stringify(fieldsOf(kept)).slice(0, -1)},"body":${body}}`;
}
