/** Small predicates the checks share, each written from the spec's wording. */
import { recordOf } from './target/records.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// ISO 8601 date and time, extended ("2026-01-05T09:00:00Z") or basic ("20260105T090000Z") form, seconds optional,
// a decimal fraction with "." or ",", and a UTC designator: "Z" or an offset of zero ("+00:00", "+0000", "+00"; ISO 8601 gives
// a zero offset the plus sign, so "-00:00", which RFC 3339 lets mean "UTC, local offset unknown", is not one).
const ISO_UTC = [
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:[.,]\d+)?(?:Z|\+00(?::?00)?)$/,
  /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(?:[.,]\d+)?(?:Z|\+00(?:00)?)$/,
];

/** A string in the 8-4-4-4-12 hexadecimal UUID form (any version). */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

/** An ISO 8601 date-time in UTC that names a real instant (month 13 or hour 25 do not pass). */
export function isIsoUtc(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_UTC.map((form) => form.exec(value)).find((found) => found !== null);
  if (!match) return false;
  const [, year, month, day, hour, minute, second = 0] = match.map((part) => (part === undefined ? undefined : Number(part)));
  // A leap second (:60) is checked as :59, which names the same day, hour and minute.
  const date = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, Math.min(second!, 59)));
  return date.getUTCMonth() === month! - 1 && date.getUTCDate() === day! && date.getUTCHours() === hour! && minute! < 60 && second! < 61;
}

/** A JSON object (not an array, not null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Exactly `{}`. */
export function isEmptyObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}

const MASK_RUN = /[*\u2022\u25CF]{4,}/;

/** A value a server shows masked: a string with a run of four or more mask characters (`whsec_********abcd`, `••••1234`). */
export const shownMasked = (value: unknown): boolean => typeof value === 'string' && MASK_RUN.test(value);

/**
 * Whether `shown`, a masked value, can be `sent` masked: what it shows on either side of its mask run begins and
 * ends the value sent (`whsec_********2f9Q` for `whsec_…2f9Q`; the old secret's `…abcd` cannot be).
 */
export function maskedFormOf(shown: string, sent: string): boolean {
  const run = MASK_RUN.exec(shown);
  if (run === null) return false;
  const head = shown.slice(0, run.index);
  const tail = shown.slice(run.index + run[0].length);
  return !MASK_RUN.test(tail) && head.length + tail.length <= sent.length && sent.startsWith(head) && sent.endsWith(tail);
}

/** JSON with sorted keys, so equal values compare equal whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isPlainObject(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
}

/** A value as a short string for a report line. */
export function show(value: unknown, max = 160): string {
  const text =
    value === undefined ? 'nothing' : typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The ids of a list answer, when it is an array of objects with ids. */
export function idsOf(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => (isPlainObject(item) && typeof item.id === 'string' ? [item.id] : []));
}

/**
 * Whether an id names the record `id` does: the same text, or the same UUID
 * in either case (the spec says only "UUID format"; that ids written in
 * capitals are other ids is the mock's own choice, not a server's duty).
 */
export const sameId = (candidate: unknown, id: string): boolean => typeof candidate === 'string' && idKey(candidate) === idKey(id);

/** An id as `sameId` compares it: a UUID in small letters, any other id as written (for sets of ids the kit keeps). */
export const idKey = (id: string): string => (isUuid(id) ? id.toLowerCase() : id);

/**
 * A lookup of the ids a list answer holds, matched as `sameId` does, in constant time per id: lists of a hundred
 * thousand records are compared with each other without a quadratic scan.
 */
export function idLookup(list: unknown): (id: string) => boolean {
  const keys = new Set(idsOf(list).map(idKey));
  return (id) => keys.has(idKey(id));
}

/**
 * Whether every item of a list is a record whose id the kit reads (an object with a string `id`). Only such a list
 * can show a record's absence: bare id strings, ids of another type or under another name hold nothing to compare.
 */
export const idsReadable = (items: readonly unknown[]): boolean =>
  items.every((item) => isPlainObject(item) && typeof item.id === 'string');

/** Whether a list answer holds the record `id`. */
export const holdsId = (list: unknown, id: string): boolean => idsOf(list).some((candidate) => sameId(candidate, id));

/** An answer in one line: status, content type and the start of the body. */
export function answer(reply: { status: number; contentType: string | null; body: unknown }): string {
  return `${reply.status} ${reply.contentType ?? '(no content type)'} ${show(reply.body)}`;
}

/**
 * Whether an answer's text holds a trace of a record: one of the record's own string values of eight characters or
 * more (a run-unique name) as it was shown to its owner, or its id (in either case) when `id` is given (a refusal may
 * well echo the id it was asked for, so it is given for a 2xx only). An answer that is not the record as the kit reads
 * records, yet holds such a trace, is a shape the kit does not understand: no evidence that the record was kept from
 * the one who asked.
 */
export function tracesRecord(text: string, record: Record<string, unknown> | undefined, id?: string): boolean {
  if (id !== undefined && text.toLowerCase().includes(id.toLowerCase())) return true;
  const own = Object.entries(record ?? {}).flatMap(([key, value]) =>
    key !== 'id' && typeof value === 'string' && value.length >= 8 ? [value] : [],
  );
  return own.some((value) => text.includes(JSON.stringify(value).slice(1, -1)));
}

/** A read that says the record is not there (a 404, or 410 Gone). */
export const isGone = (status: number): boolean => status === 404 || status === 410;

/**
 * A read that answers the record with this id: 2xx, and the record it holds (bare, at `recordPointer`, or in a
 * one-member envelope such as `{"data": {...}}`, see target/records.ts) has that `id`.
 */
export const isRecord = (reply: { status: number; body: unknown } | undefined, id: string, recordPointer?: string): boolean =>
  reply !== undefined && reply.status >= 200 && reply.status < 300 && sameId(recordOf(reply.body, recordPointer).record?.id, id);
