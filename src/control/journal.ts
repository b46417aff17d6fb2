/**
 * The request journal: a bounded log of what the API received, newest last,
 * so a consumer test can ask what its client actually sent ("the client
 * deleted that trunk exactly once"). Old entries fall off the front.
 * Every entry outlives hundreds of requests, so whatever it holds is copied
 * out of V8's young generation and collected from the old one: the ring keeps
 * plain values in preallocated columns (numbers in typed arrays, strings the
 * request already made) and builds entries only when someone reads them
 * (docs/BENCHMARKS.md has what an object per entry cost, measured twice).
 */
import type { JournalEntry, JournalFilter, JournalPage, JournalRecord } from './journal-entry.js';
import { keptText, utf8Length } from './journal-text.js';
import { compilePathPattern } from './path-pattern.js';

export { type JournalEntry, type JournalFilter, type JournalPage, type JournalRecord, journalEntrySchema } from './journal-entry.js';

export const DEFAULT_JOURNAL_LIMIT = 1000;
/** What the kept entries may take in all: a flood of large bodies then keeps fewer entries, not more memory (--journal-bytes). */
export const DEFAULT_JOURNAL_BYTES = 64 * 1024 * 1024;

/**
 * A ring: once full, each new entry takes the place of the oldest, so
 * recording costs the same every time. It is bounded twice: by entries
 * (`limit`) and by bytes (`byteLimit`, counted as 2 per UTF-16 unit of the
 * text it keeps, which is what V8 holds at most, plus ENTRY_BYTES); past
 * either, the oldest entries go.
 */
export class Journal {
  readonly #ids: Float64Array;
  readonly #times: Float64Array;
  readonly #durations: Float64Array;
  readonly #sizes: Float64Array;
  readonly #statuses: Uint16Array;
  readonly #bodyIsJson: Uint8Array;
  readonly #methods: string[];
  readonly #paths: string[];
  readonly #queries: string[];
  readonly #orgIds: (string | null)[];
  readonly #bodies: (string | null)[];
  #next = 0; // The slot the next entry goes to.
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
    this.#ids = new Float64Array(limit);
    this.#times = new Float64Array(limit);
    this.#durations = new Float64Array(limit);
    this.#sizes = new Float64Array(limit);
    this.#statuses = new Uint16Array(limit);
    this.#bodyIsJson = new Uint8Array(limit);
    this.#methods = new Array<string>(limit).fill('');
    this.#paths = new Array<string>(limit).fill('');
    this.#queries = new Array<string>(limit).fill('');
    this.#orgIds = new Array<string | null>(limit).fill(null);
    this.#bodies = new Array<string | null>(limit).fill(null);
  }

  /** How many entries it holds, and the bytes they are counted as. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.#size, bytes: this.#bytes };
  }

  record(entry: JournalRecord): void {
    if (this.limit === 0) return;
    // Full: the slot taken is the oldest entry's.
    if (this.#size === this.limit) this.#dropOldest();
    const slot = this.#next;
    this.#ids[slot] = this.#nextId++;
    this.#times[slot] = entry.timeMs;
    this.#durations[slot] = entry.durationMs;
    this.#statuses[slot] = entry.status;
    this.#methods[slot] = entry.method;
    this.#orgIds[slot] = entry.orgId;
    const kept = keptText(entry);
    this.#paths[slot] = kept.path;
    this.#queries[slot] = kept.query;
    this.#bodies[slot] = kept.body;
    this.#bodyIsJson[slot] = kept.bodyIsJson ? 1 : 0;
    this.#sizes[slot] = kept.bytes;
    this.#bytes += kept.bytes;
    this.#next = (slot + 1) % this.limit;
    this.#size++;
    // The newest entry stays, even alone over a budget smaller than itself.
    while (this.#bytes > this.byteLimit && this.#size > 1) this.#dropOldest();
  }

  /** Matching entries, oldest first; `limit` keeps the newest ones (and only those are built). */
  find(filter: JournalFilter = {}, limit = this.limit): JournalEntry[] {
    const slots: number[] = [];
    this.#scan(filter, undefined, (slot) => slots.push(slot) < limit);
    return slots.reverse().map((slot) => this.#entry(slot));
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
    this.#scan(filter, before, (slot) => {
      const json = entries.length < limit ? this.#entryJson(slot) : undefined;
      const size = json === undefined ? 0 : utf8Length(json) + 1;
      // One more match than the page takes: the next page starts below this page's oldest entry.
      // (The first entry always goes in: the largest one is far below any page's bound.)
      if (json === undefined || (entries.length > 0 && bytes + size > maxBytes)) {
        older = oldest;
        return false;
      }
      entries.push(json);
      bytes += size;
      oldest = this.#ids[slot] ?? 0;
      return true;
    });
    return { entries: entries.reverse(), older };
  }

  clear(): void {
    this.#next = 0;
    this.#size = 0;
    this.#bytes = 0;
    this.#paths.fill(''); // Let go of the strings, not only of the count.
    this.#queries.fill('');
    this.#orgIds.fill(null);
    this.#bodies.fill(null);
  }

  /** Calls `visit` with each matching slot, newest first, while it answers true; `before` skips entries from that id up. */
  #scan(filter: JournalFilter, before: number | undefined, visit: (slot: number) => boolean): void {
    const matchesPath = filter.path ? compilePathPattern(filter.path) : () => true;
    const method = filter.method?.toUpperCase();
    for (let back = 1; back <= this.#size; back++) {
      const slot = (this.#next - back + this.limit) % this.limit;
      if (
        (before === undefined || (this.#ids[slot] ?? 0) < before) &&
        (method === undefined || this.#methods[slot] === method) &&
        (filter.orgId === undefined || this.#orgIds[slot] === filter.orgId) &&
        (filter.status === undefined || this.#statuses[slot] === filter.status) &&
        matchesPath(this.#paths[slot] ?? '') &&
        !visit(slot)
      ) {
        return;
      }
    }
  }

  #dropOldest(): void {
    const slot = (this.#next - this.#size + this.limit) % this.limit;
    this.#bytes -= this.#sizes[slot] ?? 0;
    this.#paths[slot] = '';
    this.#queries[slot] = '';
    this.#orgIds[slot] = null;
    this.#bodies[slot] = null;
    this.#size--;
  }

  #entry(slot: number): JournalEntry {
    const text = this.#bodies[slot] ?? null;
    return {
      ...this.#fields(slot),
      // Only text that already parsed once, as an object within the depth limit, is kept as JSON.
      body: text !== null && this.#bodyIsJson[slot] === 1 ? JSON.parse(text) : text,
    };
  }

  /** The entry as JSON; a body kept as JSON goes in as the client's own text (it parsed once), without parsing it again. */
  #entryJson(slot: number): string {
    const text = this.#bodies[slot] ?? null;
    const body = text !== null && this.#bodyIsJson[slot] === 1 ? text : JSON.stringify(text);
    return `${JSON.stringify(this.#fields(slot)).slice(0, -1)},"body":${body}}`;
  }

  #fields(slot: number): Omit<JournalEntry, 'body'> {
    return {
      id: this.#ids[slot] ?? 0,
      time: new Date(this.#times[slot] ?? 0).toISOString(),
      method: this.#methods[slot] ?? '',
      path: this.#paths[slot] ?? '',
      query: this.#queries[slot] ?? '',
      orgId: this.#orgIds[slot] ?? null,
      status: this.#statuses[slot] ?? 0,
      durationMs: this.#durations[slot] ?? 0,
    };
  }
}
