/**
 * The request journal: a bounded log of what the API received, newest last,
 * so a consumer test can ask what its client actually sent ("the client
 * deleted that trunk exactly once"). Old entries fall off the front.
 *
 * Every entry outlives hundreds of requests, so whatever it holds is copied
 * out of V8's young generation and later collected from the old one; with an
 * object per entry that cost a fifth of a list's CPU and 15 MiB of memory
 * under load. The ring therefore keeps plain values in preallocated columns
 * (numbers in typed arrays, strings the request already made) and builds
 * entries only when someone reads them.
 */
import { z } from '@hono/zod-openapi';
import { timestamp } from '../domain/fields.js';
import type { journalFilter } from './api/schemas.js';
import { compilePathPattern } from './path-pattern.js';

/** One recorded request, as GET /__mock/journal shows it. */
export const journalEntrySchema = z
  .strictObject({
    id: z.int().openapi({ description: 'Counts up from 1 as requests come; a clear does not start it again.' }),
    time: timestamp.openapi({ description: "When it was answered, by the mock's clock (ISO 8601, UTC)." }),
    method: z.string(),
    path: z.string().openapi({ description: 'Without the query; over 2,048 characters, its first 2,048 and its length.' }),
    query: z.string().openapi({ description: 'The query string with its `?`, or empty; over 2,048 characters, cut like the path.' }),
    orgId: z.string().nullable().openapi({ description: 'The organization the token named; null when none did.' }),
    status: z.int().openapi({ description: 'The status the mock answered.' }),
    durationMs: z.number().openapi({ description: 'How long the answer took.' }),
    body: z.union([z.record(z.string(), z.unknown()), z.string(), z.null()]).openapi({
      description:
        "The request body as sent: the JSON object when it passed the reader's checks (up to 64 KiB), else text (over 4 KiB: its first 4 KiB and its length); null when none was read.",
    }),
  })
  .openapi('JournalEntry');
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** One request as the recorder hands it over: the entry's plain fields, its time as a number, and the body as read. */
export type JournalRecord = Omit<JournalEntry, 'id' | 'time' | 'body'> & {
  timeMs: number;
  /** The body text the API read, if it read one. */
  bodyText: string | undefined;
  /** True when the body passed the reader's checks (a JSON object, not too deep), so it can be served parsed. */
  bodyChecked: boolean;
};

/** Which entries: method, path pattern (`*` and `:name` match one segment, `**` the rest), organization, status. */
export type JournalFilter = z.infer<typeof journalFilter>;

export const DEFAULT_JOURNAL_LIMIT = 1000;

/** Bytes of UTF-8, as the body came: a body of 64 KiB of `€` is 21,846 characters, but 64 KiB all the same. */
const KEPT_JSON_BYTES = 64 * 1024;
const KEPT_TEXT_BYTES = 4096;
/** A path or query string comes from the request line, which Node takes up to 16 KB of; one entry keeps 2,048 characters of each. */
const KEPT_TARGET_CHARS = 2048;

/** A ring: once full, each new entry takes the place of the oldest, so recording costs the same every time. */
export class Journal {
  readonly #ids: Float64Array;
  readonly #times: Float64Array;
  readonly #durations: Float64Array;
  readonly #statuses: Uint16Array;
  readonly #bodyIsJson: Uint8Array;
  readonly #methods: string[];
  readonly #paths: string[];
  readonly #queries: string[];
  readonly #orgIds: (string | null)[];
  readonly #bodies: (string | null)[];
  /** The slot the next entry goes to. */
  #next = 0;
  #size = 0;
  #nextId = 1;

  constructor(readonly limit = DEFAULT_JOURNAL_LIMIT) {
    if (!Number.isSafeInteger(limit) || limit < 0)
      throw new RangeError(`The journal limit must be a whole number from 0 up (got ${limit}).`);
    this.#ids = new Float64Array(limit);
    this.#times = new Float64Array(limit);
    this.#durations = new Float64Array(limit);
    this.#statuses = new Uint16Array(limit);
    this.#bodyIsJson = new Uint8Array(limit);
    this.#methods = new Array<string>(limit).fill('');
    this.#paths = new Array<string>(limit).fill('');
    this.#queries = new Array<string>(limit).fill('');
    this.#orgIds = new Array<string | null>(limit).fill(null);
    this.#bodies = new Array<string | null>(limit).fill(null);
  }

  record(entry: JournalRecord): void {
    if (this.limit === 0) return;
    const slot = this.#next;
    this.#ids[slot] = this.#nextId++;
    this.#times[slot] = entry.timeMs;
    this.#durations[slot] = entry.durationMs;
    this.#statuses[slot] = entry.status;
    this.#methods[slot] = entry.method;
    this.#paths[slot] = cut(entry.path, KEPT_TARGET_CHARS);
    this.#queries[slot] = cut(entry.query, KEPT_TARGET_CHARS);
    this.#orgIds[slot] = entry.orgId;
    const keptAsJson = entry.bodyChecked && entry.bodyText !== undefined && fitsIn(entry.bodyText, KEPT_JSON_BYTES);
    this.#bodyIsJson[slot] = keptAsJson ? 1 : 0;
    this.#bodies[slot] = entry.bodyText === undefined ? null : keptAsJson ? entry.bodyText : shortened(entry.bodyText);
    this.#next = (slot + 1) % this.limit;
    this.#size = Math.min(this.#size + 1, this.limit);
  }

  /** Matching entries, oldest first; `limit` keeps the newest ones (and only those are built). */
  find(filter: JournalFilter = {}, limit = this.limit): JournalEntry[] {
    const matchesPath = filter.path ? compilePathPattern(filter.path) : () => true;
    const method = filter.method?.toUpperCase();
    const slots: number[] = [];
    // Newest first, so a small limit stops early.
    for (let back = 1; back <= this.#size && slots.length < limit; back++) {
      const slot = (this.#next - back + this.limit) % this.limit;
      if (
        (method === undefined || this.#methods[slot] === method) &&
        (filter.orgId === undefined || this.#orgIds[slot] === filter.orgId) &&
        (filter.status === undefined || this.#statuses[slot] === filter.status) &&
        matchesPath(this.#paths[slot] ?? '')
      ) {
        slots.push(slot);
      }
    }
    return slots.reverse().map((slot) => this.#entry(slot));
  }

  clear(): void {
    this.#next = 0;
    this.#size = 0;
    // Let go of the strings, not only of the count.
    this.#paths.fill('');
    this.#queries.fill('');
    this.#orgIds.fill(null);
    this.#bodies.fill(null);
  }

  #entry(slot: number): JournalEntry {
    const text = this.#bodies[slot] ?? null;
    return {
      id: this.#ids[slot] ?? 0,
      time: new Date(this.#times[slot] ?? 0).toISOString(),
      method: this.#methods[slot] ?? '',
      path: this.#paths[slot] ?? '',
      query: this.#queries[slot] ?? '',
      orgId: this.#orgIds[slot] ?? null,
      status: this.#statuses[slot] ?? 0,
      durationMs: this.#durations[slot] ?? 0,
      // Only text that already parsed once, as an object within the depth limit, is kept as JSON.
      body: text !== null && this.#bodyIsJson[slot] === 1 ? JSON.parse(text) : text,
    };
  }
}

/**
 * A long body as its first 4 KiB (whole characters) and its length in bytes.
 * The slice is copied out: a slice of a string keeps the whole string alive,
 * and a thousand kept 1 MiB bodies would hold a gigabyte.
 */
function shortened(text: string): string {
  if (fitsIn(text, KEPT_TEXT_BYTES)) return text;
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(KEPT_TEXT_BYTES));
  return structuredClone(`${text.slice(0, read)}… (${utf8Length(text)} bytes)`);
}

/** A path or query as its first `max` characters and its length, copied out like a body. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : structuredClone(`${text.slice(0, max)}… (${text.length} characters)`);
}

/** Whether `text` takes at most `max` bytes in UTF-8; a short one is answered without counting (a character takes at most 3 bytes). */
function fitsIn(text: string, max: number): boolean {
  return text.length * 3 <= max || (text.length <= max && utf8Length(text) <= max);
}

/** Bytes of `text` in UTF-8, counted without encoding it; a lone surrogate counts 3, as TextEncoder writes U+FFFD for it. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
