/**
 * Paging signs a list answer gives in its headers rather than its body (the `Link` header is read in
 * next-page.ts): a total of records (`X-Total-Count` as json-server and many frameworks send it, `X-Total`
 * as GitLab and Kaminari do, the total after the slash of `Content-Range: items 0-1/5` as PostgREST does),
 * where the page starts (the first number of `Content-Range: items 0-4/*`, whose `*` says the total is not
 * known), a page count and the page answered (`X-Total-Pages`, `X-Page`), and a next page (`X-Next-Page`, a page
 * number; empty on the last page). A header named like a next page or cursor that the kit cannot follow
 * (`X-Next-Cursor`, `X-Continuation-Token`) is kept so the list is not taken for whole.
 */
import type { EnvelopeReading } from './envelope.js';

const TOTAL_HEADERS = ['x-total-count', 'x-total', 'total-count', 'x-total-items', 'x-total-results'];
const PAGES_HEADERS = ['x-total-pages', 'x-page-count'];
const PAGE_HEADERS = ['x-page', 'x-current-page'];
const NEXT_PAGE_HEADER = 'x-next-page';
/** Names of headers that carry a next page or cursor (not `x-nextjs-…`, which Next.js adds to every answer). */
const NEXT_LIKE = /^(x-)?(next-?(page|cursor|token|link|url|marker|offset|key)|continuation(-?token)?|cursor|page-?token)$/i;

/** What a list answer's headers say of paging. */
export interface HeaderPaging {
  total?: number;
  /** The position of the page's first record (`Content-Range`). */
  offset?: number;
  pages?: number;
  page?: number;
  /** The next page's number (`X-Next-Page`). */
  nextPage?: number;
  /** A header with a value that names a next page or cursor the kit does not follow (its name). */
  unfollowed?: string;
}

const count = (value: string | null): number | undefined =>
  value !== null && /^\s*\d+\s*$/.test(value) ? Number.parseInt(value, 10) : undefined;

const first = (headers: Headers, names: string[]): number | undefined =>
  names.map((name) => count(headers.get(name))).find((value) => value !== undefined);

/** The paging signs in `headers` (see the module comment). */
export function readHeaders(headers: Headers): HeaderPaging {
  const reading: HeaderPaging = {};
  const range = headers.get('content-range') ?? '';
  const rangeTotal = /\/\s*(\d+)\s*$/.exec(range)?.[1];
  const total = first(headers, TOTAL_HEADERS) ?? (rangeTotal === undefined ? undefined : Number.parseInt(rangeTotal, 10));
  if (total !== undefined) reading.total = total;
  const rangeStart = /(\d+)\s*-\s*\d+\s*\/\s*(?:\d+|\*)\s*$/.exec(range)?.[1];
  if (rangeStart !== undefined) reading.offset = Number.parseInt(rangeStart, 10);
  const pages = first(headers, PAGES_HEADERS);
  if (pages !== undefined) reading.pages = pages;
  const page = first(headers, PAGE_HEADERS);
  if (page !== undefined) reading.page = page;
  const next = headers.get(NEXT_PAGE_HEADER);
  if (count(next) !== undefined) reading.nextPage = count(next);
  for (const [name, value] of headers) {
    if (name === NEXT_PAGE_HEADER && count(value) !== undefined) continue;
    if (NEXT_LIKE.test(name) && value.trim() !== '') reading.unfollowed ??= name;
  }
  return reading;
}

/** A page's envelope with what its headers say of paging. */
export interface PageReading extends EnvelopeReading {
  /** A header (its name) that names a next page or cursor the kit does not follow. */
  unfollowedHeader?: string;
}

/**
 * `envelope` with what the headers say added: a total is the larger of the two (a body's `count` may be the
 * page's), page numbers and an offset where the body gives none, and a next page number where the body shows no
 * next page.
 */
export function withHeaders(envelope: EnvelopeReading, headers: Headers): PageReading {
  const shown = readHeaders(headers);
  const merged: PageReading = { ...envelope };
  if (shown.total !== undefined) merged.total = Math.max(shown.total, envelope.total ?? 0);
  if (merged.pages === undefined && shown.pages !== undefined) merged.pages = shown.pages;
  if (merged.page === undefined && shown.page !== undefined) merged.page = shown.page;
  if (merged.offset === undefined && shown.offset !== undefined) merged.offset = shown.offset;
  if (merged.next === undefined && shown.nextPage !== undefined) merged.next = { value: shown.nextPage, at: 'the X-Next-Page header' };
  if (shown.unfollowed !== undefined) merged.unfollowedHeader = shown.unfollowed;
  return merged;
}
