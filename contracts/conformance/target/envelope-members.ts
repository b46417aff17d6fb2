/**
 * The members of a list answer's envelope the kit understands, and what each
 * means. LIST_SHAPES is the table of the common shapes the kit reads (each row
 * has a test in list-shapes.test.ts, and docs/conformance.md lists them); the
 * names known are those of the table and a few near spellings.
 */

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
  /** How many records a page holds (a `limit`, a page size): a page with fewer is the last. */
  | 'size'
  /** Understood, and not needed to find the next page: previous and first links, sort flags, a list's own URL. */
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
    members: { items: 'known', total: 'total', limit: 'size', offset: 'offset', skip: 'offset' },
  },
  {
    name: 'page and size',
    looks: '{"items":[...],"total":4,"page":1,"size":2,"pages":2} (fastapi-pagination)',
    next: 'the next page number, under `page`',
    members: { page: 'page', size: 'size', pages: 'pages', total: 'total' },
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
      pageSize: 'size',
    },
  },
  {
    name: 'nested pagination',
    looks: '{"data":[...],"meta":{"pagination":{"total":4,"current_page":1,"per_page":2,"next_page":2,"total_pages":2}}}',
    next: 'next_page (a page number, under `page`), else the next page number',
    members: {
      current_page: 'page',
      per_page: 'size',
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
  perPage: 'size',
  page_size: 'size',
  pageSize: 'size',
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
export const CONTAINERS = new Set([
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

export const ROLES: Record<string, Role> = Object.assign({}, ...LIST_SHAPES.map((shape) => shape.members), MORE_NAMES);
