/**
 * The request journal: a bounded log of what the API received, newest last,
 * so a consumer test can ask what its client actually sent ("the client
 * deleted that trunk exactly once"). Old entries fall off the front.
 * Kept in preallocated columns, one slot per entry, rather than an object
 * per request: such an object lives about as long as a thousand requests
 * take, long enough to be promoted out of V8's young generation, and under
 * load those promoted objects held tens of MiB until the next full
 * collection (docs/BENCHMARKS.md, "What was tried, kept or dropped", the row of
 * the journal as a ring).
 * Entries are built for an answer only when someone reads them.
 */

import { compilePathPattern } from '../path-pattern.js';
import { DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_LIMIT } from './journal-defaults.js';
import type { JournalEntry, JournalFilter, JournalPage, JournalRecord } from './journal-entry.js';
import { keptText, utf8Length } from './journal-text.js';

export { type JournalEntry, type JournalFilter, type JournalPage, type JournalRecord, journalEntrySchema } from './journal-entry.js';

export { DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_LIMIT };

/**
 * A ring: once full, each new entry takes the place of the oldest, so
 * recording costs the same every time. It is bounded twice: by entries
 * (`limit`) and by bytes (`byteLimit`, counted as 2 per UTF-16 unit of the
 * text it keeps, which is what V8 holds at most, plus 256); past
 * either, the oldest entries go.
 */
export class Journal {
  // Slot by slot; the slot at `#next` is the oldest entry's once the ring is full.
  readonly #id: Float64Array;
  readonly #timeMs: Float64Array;
  readonly #status: Uint16Array;
  readonly #durationMs: Float64Array;
  readonly #bytesOf: Float64Array;
  readonly #bodyIsJson: Uint8Array;
  readonly #method: string[];
  readonly #path: string[];
  readonly #query: string[];
  readonly #orgId: (string | null)[];
  readonly #body: (string | null)[];
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
    this.#id = new Float64Array(limit);
    this.#timeMs = new Float64Array(limit);
    this.#status = new Uint16Array(limit);
    this.#durationMs = new Float64Array(limit);
    this.#bytesOf = new Float64Array(limit);
    this.#bodyIsJson = new Uint8Array(limit);
    this.#method = new Array<string>(limit).fill('');
    this.#path = new Array<string>(limit).fill('');
    this.#query = new Array<string>(limit).fill('');
    this.#orgId = new Array<string | null>(limit).fill(null);
    this.#body = new Array<string | null>(limit).fill(null);
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
    const slot = this.#next;
    this.#id[slot] = this.#nextId++;
    this.#timeMs[slot] = entry.timeMs;
    this.#method[slot] = entry.method;
    this.#path[slot] = kept.path;
    this.#query[slot] = kept.query;
    this.#orgId[slot] = entry.orgId;
    this.#status[slot] = entry.status;
    this.#durationMs[slot] = entry.durationMs;
    this.#body[slot] = kept.body;
    this.#bodyIsJson[slot] = kept.bodyIsJson ? 1 : 0;
    this.#bytesOf[slot] = kept.bytes;
    this.#bytes += kept.bytes;
    this.#next = (this.#next + 1) % this.limit;
    this.#size++;
    // The newest entry stays, even alone over a budget smaller than itself.
    while (this.#bytes > this.byteLimit && this.#size > 1) this.#dropOldest();
  }

  /** Matching entries, oldest first; `limit` keeps the newest ones (and only those are built). */
  find(filter: JournalFilter = {}, limit = this.limit): JournalEntry[] {
    const found: number[] = [];
    this.#scan(filter, undefined, (slot) => found.push(slot) < limit);
    return found.reverse().map((slot) => this.#entryOf(slot));
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
      const json = entries.length < limit ? this.#jsonOf(slot) : undefined;
      const size = json === undefined ? 0 : utf8Length(json) + 1;
      // One more match than the page takes: the next page starts below this page's oldest entry.
      // (The first entry always goes in: the largest one is far below any page's bound.)
      if (json === undefined || (entries.length > 0 && bytes + size > maxBytes)) {
        older = oldest;
        return false;
      }
      entries.push(json);
      bytes += size;
      oldest = this.#id[slot] as number;
      return true;
    });
    return { entries: entries.reverse(), older };
  }

  clear(): void {
    this.#next = 0;
    this.#size = 0;
    this.#bytes = 0;
    this.#path.fill('');
    this.#query.fill('');
    this.#body.fill(null);
  }

  /** Calls `visit` with each matching slot, newest first, while it answers true; `before` skips entries from that id up. */
  #scan(filter: JournalFilter, before: number | undefined, visit: (slot: number) => boolean): void {
    const matchesPath = filter.path ? compilePathPattern(filter.path) : () => true;
    const method = filter.method?.toUpperCase();
    for (let back = 1; back <= this.#size; back++) {
      const slot = (this.#next - back + this.limit) % this.limit;
      if (
        (before === undefined || (this.#id[slot] as number) < before) &&
        (method === undefined || this.#method[slot] === method) &&
        (filter.orgId === undefined || this.#orgId[slot] === filter.orgId) &&
        (filter.status === undefined || this.#status[slot] === filter.status) &&
        matchesPath(this.#path[slot] as string) &&
        !visit(slot)
      ) {
        return;
      }
    }
  }

  #dropOldest(): void {
    const slot = (this.#next - this.#size + this.limit) % this.limit;
    this.#bytes -= this.#bytesOf[slot] as number;
    // Let go of the text at once: a large body must not stay alive in a slot no entry holds.
    this.#path[slot] = '';
    this.#query[slot] = '';
    this.#body[slot] = null;
    this.#size--;
  }

  #fieldsOf(slot: number): Omit<JournalEntry, 'body'> {
    return {
      id: this.#id[slot] as number,
      time: new Date(this.#timeMs[slot] as number).toISOString(),
      method: this.#method[slot] as string,
      path: this.#path[slot] as string,
      query: this.#query[slot] as string,
      orgId: this.#orgId[slot] as string | null,
      status: this.#status[slot] as number,
      durationMs: this.#durationMs[slot] as number,
    };
  }

  #entryOf(slot: number): JournalEntry {
    const body = this.#body[slot] as string | null;
    // Only text that already parsed once, as an object within the depth limit, is kept as JSON.
    return { ...this.#fieldsOf(slot), body: body !== null && this.#bodyIsJson[slot] === 1 ? JSON.parse(body) : body };
  }

  /** The entry as JSON; a body kept as JSON goes in as the client's own text (it parsed once), without parsing it again. */
  #jsonOf(slot: number): string {
    const body = this.#body[slot] as string | null;
    const text = body !== null && this.#bodyIsJson[slot] === 1 ? body : JSON.stringify(body);
    return `${JSON.stringify(this.#fieldsOf(slot)).slice(0, -1)},"body":${text}}`;
  }
}
