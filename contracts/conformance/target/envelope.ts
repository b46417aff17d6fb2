/**
 * Reading a list answer's envelope: every member beside the records, at any
 * depth, is either a paging member the kit understands (a next link or cursor,
 * a has-more flag, a total, page numbers, an offset, a size, a link it does not
 * need) or unknown. A list whose envelope holds an unknown member is not known
 * whole (paging.ts), unless a total the kit found equals the records it read:
 * the kit never takes a shape it does not understand for "one page, all there".
 *
 * LIST_SHAPES is the table of the common shapes the kit reads (each row has a
 * test in paging.test.ts, and docs/conformance.md lists them); the member
 * names the reading knows are those of the table and a few near spellings.
 */
import { isPlainObject } from '../matchers.js';

/** What a paging member means. */
export type Role =
  /** The next page: a URL, a cursor, or (a number) its page number. */
  | 'next'
  /** True when more pages follow. */
  | 'more'
  /** True on the last page (Spring's `last`, a boolean). */
  | 'last'
  /** How many records the whole list holds. */
  | 'total'
  /** The number of the page answered. */
  | 'page'
  /** The number of the page answered, counted from 0 (Spring's `number`). */
  | 'page0'
  /** How many pages there are, or the number of the last one. */
  | 'pages'
  /** How many records were skipped before this page. */
  | 'offset'
  /** Understood, and not needed to find the next page: sizes, previous and first links, sort flags, a list's own URL. */
  | 'known';

/** One common list shape: how it looks, and the roles of its members. */
export interface ListShape {
  name: string;
  /** What an answer looks like (records elided). */
  looks: string;
  /** How the kit reaches its next page. */
  next: string;
  members: Record<string, Role>;
}

export const LIST_SHAPES: ListShape[] = [
  {
    name: 'Link header',
    looks: '[...] with `Link: <…?page=2>; rel="next"` (GitHub)',
    next: 'the Link header’s rel="next" URL, before any parameter the document declares',
    members: {},
  },
  {
    name: 'cursor and has_more',
    looks: '{"data":[...],"next_cursor":"c2","has_more":true}',
    next: 'the cursor, sent back under the parameter the document declares (else a name read from the member’s)',
    members: { next_cursor: 'next', nextCursor: 'next', cursor: 'next', has_more: 'more', hasMore: 'more' },
  },
  {
    name: 'after this id',
    looks: '{"object":"list","data":[...],"has_more":true,"url":"/v1/x"} (Stripe)',
    next: 'the last record’s id, under the declared `starting_after`/`after` parameter',
    members: { object: 'known', url: 'known', has_more: 'more' },
  },
  {
    name: 'next URL',
    looks: '{"count":4,"next":"…?page=2","previous":null,"results":[...]} (Django REST framework)',
    next: 'the next URL',
    members: { count: 'total', next: 'next', previous: 'known' },
  },
  {
    name: 'JSON:API links',
    looks: '{"data":[...],"links":{"self":…,"first":…,"next":…,"last":…},"meta":{"total":4}}',
    next: 'links.next (a URL, or an object with href)',
    members: { self: 'known', first: 'known', prev: 'known', href: 'next', jsonapi: 'known', version: 'known' },
  },
  {
    name: 'offset and limit',
    looks: '{"items":[...],"total":4,"limit":2,"offset":0}',
    next: 'the offset after the records read, under `offset`',
    members: { items: 'known', total: 'total', limit: 'known', offset: 'offset', skip: 'offset' },
  },
  {
    name: 'page and size',
    looks: '{"items":[...],"total":4,"page":1,"size":2,"pages":2} (fastapi-pagination)',
    next: 'the next page number, under `page`',
    members: { page: 'page', size: 'known', pages: 'pages', total: 'total' },
  },
  {
    name: 'Spring page',
    looks: '{"content":[...],"totalPages":2,"totalElements":4,"number":0,"size":2,"last":false,"first":true,"pageable":{...}}',
    next: 'the next page number (counted from 0), under `page`',
    members: {
      totalPages: 'pages',
      totalElements: 'total',
      number: 'page0',
      last: 'last',
      numberOfElements: 'known',
      pageable: 'known',
      sort: 'known',
      sorted: 'known',
      unsorted: 'known',
      empty: 'known',
      paged: 'known',
      unpaged: 'known',
      pageNumber: 'page0',
      pageSize: 'known',
    },
  },
  {
    name: 'nested pagination',
    looks: '{"data":[...],"meta":{"pagination":{"total":4,"current_page":1,"per_page":2,"next_page":2,"total_pages":2}}}',
    next: 'next_page (a page number, under `page`), else the next page number',
    members: {
      current_page: 'page',
      per_page: 'known',
      next_page: 'next',
      total_pages: 'pages',
      last_page: 'pages',
      prev_page: 'known',
      from: 'known',
      to: 'known',
      path: 'known',
      first_page_url: 'known',
      last_page_url: 'known',
      prev_page_url: 'known',
      next_page_url: 'next',
    },
  },
];

/** Near spellings of the table's members, and containers that hold them. */
const MORE_NAMES: Record<string, Role> = {
  nextPage: 'next',
  nextPageToken: 'next',
  next_page_token: 'next',
  nextUrl: 'next',
  next_url: 'next',
  nextLink: 'next',
  endCursor: 'next',
  after: 'next',
  hasNextPage: 'more',
  has_next_page: 'more',
  hasNext: 'more',
  has_next: 'more',
  more: 'more',
  isLast: 'last',
  totalCount: 'total',
  total_count: 'total',
  total_elements: 'total',
  totalItems: 'total',
  total_items: 'total',
  totalResults: 'total',
  total_results: 'total',
  currentPage: 'page',
  page_number: 'page',
  total_pages: 'pages',
  pageCount: 'pages',
  page_count: 'pages',
  lastPage: 'pages',
  start: 'offset',
  perPage: 'known',
  page_size: 'known',
  pageSize: 'known',
  previousPage: 'known',
  prevCursor: 'known',
  prev_cursor: 'known',
  previous_cursor: 'known',
  before: 'known',
  startCursor: 'known',
  hasPreviousPage: 'known',
  has_previous: 'known',
  hasPrevious: 'known',
};

/** Members that hold paging members (read inside). */
const CONTAINERS = new Set([
  'meta',
  'links',
  '_links',
  'pagination',
  'paging',
  'pageInfo',
  'page_info',
  'cursors',
  'pageable',
  'sort',
  'next',
  'page',
]);

const ROLES: Record<string, Role> = Object.assign({}, ...LIST_SHAPES.map((shape) => shape.members), MORE_NAMES);

/** What the envelope says of paging, and what in it the kit does not understand. */
export interface EnvelopeReading {
  /** The next page: a URL or cursor (string), or a page number (number), and where it was found. */
  next?: { value: string | number; at: string };
  /** A next member present and empty (`null`, ""): the envelope says there is no next page. */
  noNext?: boolean;
  more?: boolean;
  /** A last-page flag (Spring's `last`): true on the last page. */
  isLast?: boolean;
  total?: number;
  /** The page answered, counted from 1, when the envelope numbers its pages. */
  page?: number;
  /** 0 when the envelope counts its pages from 0 (so the next page's number is `page`, not `page + 1`). */
  pageBase?: 0 | 1;
  pages?: number;
  offset?: number;
  /** Pointers of members the kit does not understand. */
  unknown: string[];
}

/** Reads `body`'s members beside the records at `listAt` (a pointer such as `/data`, or "" for a bare array). */
export function readEnvelope(body: unknown, listAt: string): EnvelopeReading {
  const reading: EnvelopeReading = { unknown: [] };
  if (!isPlainObject(body)) return reading;
  let zeroBased: number | undefined;
  const visit = (value: Record<string, unknown>, at: string, depth: number) => {
    for (const [key, inner] of Object.entries(value)) {
      const pointer = `${at}/${key}`;
      if (pointer === listAt) continue;
      const role = ROLES[key];
      if (key === 'next' && isPlainObject(inner)) {
        visit(inner, pointer, depth + 1);
        continue;
      }
      if (role === undefined || (role === 'known' && isPlainObject(inner))) {
        if (isPlainObject(inner) && (CONTAINERS.has(key) || role === 'known') && depth < 4) visit(inner, pointer, depth + 1);
        else reading.unknown.push(pointer);
        continue;
      }
      if (isPlainObject(inner) && CONTAINERS.has(key) && depth < 4) {
        visit(inner, pointer, depth + 1);
        continue;
      }
      take(role, inner, pointer);
    }
  };
  const take = (role: Role, value: unknown, pointer: string) => {
    const number = typeof value === 'number' && Number.isFinite(value) ? value : undefined;
    switch (role) {
      case 'next':
        if ((typeof value === 'string' && value !== '') || number !== undefined)
          reading.next ??= { value: value as string | number, at: pointer };
        else if (value === null || value === '' || value === false) reading.noNext = true;
        else if (value !== undefined) reading.unknown.push(pointer);
        return;
      case 'more':
        if (typeof value === 'boolean') reading.more ??= value;
        else reading.unknown.push(pointer);
        return;
      case 'last':
        if (typeof value === 'boolean') reading.isLast ??= value;
        // A string is a link to the last page.
        else if (typeof value !== 'string' && value !== null) reading.unknown.push(pointer);
        return;
      case 'total':
        if (number !== undefined) reading.total ??= number;
        else if (value !== null) reading.unknown.push(pointer);
        return;
      // A number the kit reads, or null (nothing said); any other value ("2", an object) is a shape it does not know.
      case 'page':
      case 'page0':
      case 'pages':
      case 'offset':
        if (number === undefined) {
          if (value !== null) reading.unknown.push(pointer);
        } else if (role === 'page') reading.page ??= number;
        else if (role === 'page0') zeroBased ??= number;
        else if (role === 'pages') reading.pages ??= number;
        else reading.offset ??= number;
        return;
      default:
        return;
    }
  };
  visit(body, '', 0);
  if (reading.page === undefined && zeroBased !== undefined) {
    reading.page = zeroBased + 1;
    reading.pageBase = 0;
  }
  return reading;
}

/** Whether an envelope shows any sign of paging at all (a next page, a has-more flag, page numbers, an offset or a total). */
export function showsPaging(reading: EnvelopeReading): boolean {
  return (
    reading.next !== undefined ||
    reading.more !== undefined ||
    reading.isLast !== undefined ||
    reading.page !== undefined ||
    reading.pages !== undefined ||
    reading.offset !== undefined ||
    reading.total !== undefined ||
    reading.noNext === true
  );
}
