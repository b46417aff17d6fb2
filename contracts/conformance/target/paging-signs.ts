/**
 * Where lists show their next page: the members a body may hold it in, the
 * query parameters it is sent back under, and the small readings of links and
 * URLs that next-page.ts and paging.ts share.
 */
import type { Target } from '../types.js';
import type { QueryParam } from './examples.js';
import { atPointer } from './pointer.js';

/** Names a cursor is sent under when nothing says which (the first the document declares wins). */
export const CURSOR_PARAMS = ['cursor', 'after', 'starting_after', 'page_token', 'pageToken', 'next', 'continuation', 'token'];
export const PAGE_PARAMS = ['page', 'pageNumber', 'page_number'];
export const OFFSET_PARAMS = ['offset', 'skip', 'start'];

/** Where a body may hold the next page's URL or cursor. */
export const NEXT_POINTERS = [
  '/next',
  '/nextCursor',
  '/next_cursor',
  '/nextPageToken',
  '/next_page_token',
  '/nextPage',
  '/next_page',
  '/cursor',
  '/links/next',
  '/links/next/href',
  '/_links/next/href',
  '/_links/next',
  '/meta/next',
  '/meta/next_cursor',
  '/meta/nextCursor',
  '/meta/cursor',
  '/pagination/next',
  '/pagination/next_cursor',
  '/pagination/nextCursor',
  '/pagination/cursor',
  '/paging/next',
  '/paging/cursors/after',
];
/** Where a body may say whether more pages follow. */
export const MORE_POINTERS = [
  '/hasMore',
  '/has_more',
  '/hasNextPage',
  '/has_next_page',
  '/hasNext',
  '/has_next',
  '/more',
  '/meta/hasMore',
  '/meta/has_more',
  '/pagination/hasMore',
  '/pagination/has_more',
  '/pagination/hasNextPage',
  '/pageInfo/hasNextPage',
];
export const TOTAL_POINTERS = ['/total', '/totalCount', '/total_count', '/meta/total', '/pagination/total', '/pagination/totalCount'];
/** A member of a list's envelope whose name looks like paging the kit does not know. */
export const PAGING_WORD = /next|cursor|more|continu|page_?token|after/i;

export const isNextValue = (value: unknown): boolean =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));

export function firstFound(body: unknown, pointers: string[]): unknown {
  for (const pointer of pointers) {
    const value = atPointer(body, pointer);
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

export function declaredOf(declared: QueryParam[], names: string[]): string | undefined {
  return names.find((name) => declared.some((param) => param.name === name));
}

/** The query parameter a cursor found at `pointer` is sent back under: `nextPageToken` → `pageToken`, else `cursor`. */
export function guessedParam(pointer: string): string {
  if (/page_token/i.test(pointer)) return 'page_token';
  if (/pageToken/.test(pointer)) return 'pageToken';
  if (/after$/.test(pointer)) return 'after';
  return 'cursor';
}

/** `path` with `name` set to `value` in its query. */
export function withQuery(path: string, name: string, value: string): string {
  const [bare, query = ''] = path.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(name, value);
  return `${bare}?${params.toString()}`;
}

/** The URL of a `Link` header's rel="next" entry. */
export function linkNext(header: string | null): string | undefined {
  if (header === null) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

/** A next-page URL (absolute, or relative to the page read) as a path under --base-url; undefined when it lies elsewhere. */
export function pathOfUrl(target: Target, current: string, link: string): string | undefined {
  const base = new URL(target.baseUrl.endsWith('/') ? target.baseUrl : `${target.baseUrl}/`);
  const here = new URL(`${base.href.replace(/\/$/, '')}${current}`);
  if (!URL.canParse(link, here.href)) return undefined;
  const url = new URL(link, here.href);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname.replace(/\/$/, '') || '/')) return undefined;
  const prefix = base.pathname.replace(/\/$/, '');
  return `${url.pathname.slice(prefix.length)}${url.search}`;
}
