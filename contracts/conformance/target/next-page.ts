/**
 * Finding the next page of a list after one page was read (the ways are listed
 * in paging.ts): a path to ask, or a sign of more pages the kit cannot follow,
 * with the reason and the flag that would help. Also where lists show their
 * next page: the members a body may hold it in, the query parameters it is
 * sent back under, and the small readings of links and URLs paging.ts uses too.
 */
import { idsOf, isPlainObject } from '../matchers.js';
import type { Target } from '../types.js';
import type { QueryParam } from './examples.js';
import type { Reply } from './http.js';
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

export type PagingMode = 'auto' | 'link' | 'cursor' | 'page' | 'none';
export const PAGING_MODES: PagingMode[] = ['auto', 'link', 'cursor', 'page', 'none'];
export const DEFAULT_MAX_PAGES = 200;

/** Where the next page is: a path to ask, or a sign of one the kit cannot follow (with why). */
export interface Next {
  path?: string;
  way: string;
  why?: string;
}

export interface PagingSettings {
  mode: PagingMode;
  nextPointer?: string;
  pageParam?: string;
  maxPages: number;
}

/** The paging settings a target's flags give. */
export function pagingOf(target: Target): PagingSettings {
  return {
    mode: target.paging ?? 'auto',
    maxPages: target.maxPages ?? DEFAULT_MAX_PAGES,
    ...(target.nextPointer !== undefined ? { nextPointer: target.nextPointer } : {}),
    ...(target.pageParam !== undefined ? { pageParam: target.pageParam } : {}),
  };
}

/** The next page after `page`, undefined when there is none; a sign of one without a path when it cannot be followed. */
export function nextPage(
  target: Target,
  settings: PagingSettings,
  reply: Reply,
  page: { path: string; items: unknown[]; number: number },
  readSoFar: number,
  declared: QueryParam[],
): Next | undefined {
  const { mode } = settings;
  const follows = (way: PagingMode) => mode === 'auto' || mode === way;
  const cantFollow = (sign: string): Next => ({
    way: sign,
    why:
      mode === 'none'
        ? `the list shows more pages (${sign}), and --paging none says not to follow them`
        : `the list shows more pages (${sign}), which --paging ${mode} does not follow`,
  });

  const link = linkNext(reply.headers.get('link'));
  if (link !== undefined) {
    if (!follows('link')) return cantFollow('a Link header with rel="next"');
    const path = pathOfUrl(target, page.path, link);
    return path === undefined
      ? { way: 'Link rel="next"', why: `the Link header's next page ${link} is not under --base-url, so the kit does not follow it` }
      : { path, way: 'the Link header (rel="next")' };
  }

  const body = isPlainObject(reply.body) ? reply.body : undefined;
  if (body !== undefined && page.path.split('?')[0] !== '/api/v1/schemas') {
    const more = firstFound(body, MORE_POINTERS);
    const pointer = settings.nextPointer ?? NEXT_POINTERS.find((candidate) => isNextValue(atPointer(body, candidate)));
    const value = pointer === undefined ? undefined : atPointer(body, pointer);
    if (more === false && !(settings.nextPointer !== undefined && isNextValue(value))) return undefined;
    if (isNextValue(value) && pointer !== undefined) {
      if (!follows('cursor')) return cantFollow(`a next page at ${pointer}`);
      const text = String(value);
      if (/^(https?:\/\/|\/|\?)/i.test(text)) {
        const path = pathOfUrl(target, page.path, text);
        return path === undefined
          ? {
              way: `the next URL at ${pointer}`,
              why: `the next page at ${pointer} (${text}) is not under --base-url, so the kit does not follow it`,
            }
          : { path, way: `the next URL at ${pointer}` };
      }
      const param = settings.pageParam ?? declaredOf(declared, CURSOR_PARAMS) ?? guessedParam(pointer);
      return { path: withQuery(page.path, param, text), way: `the cursor at ${pointer}, sent as ?${param}=` };
    }
    if (more === true) {
      if (!follows('cursor')) return cantFollow(`"hasMore": true`);
      // No cursor shown: the usual reading is "after the last record" (Stripe's starting_after, an id as cursor).
      const last = idsOf(page.items).at(-1);
      // Under the name given or declared, else `cursor`: a target that ignores it answers page 1 again, which readList sees.
      const param = settings.pageParam ?? declaredOf(declared, CURSOR_PARAMS) ?? 'cursor';
      if (last !== undefined)
        return { path: withQuery(page.path, param, last), way: `"hasMore" with the last record's id sent as ?${param}=` };
      return { way: '"hasMore": true', why: 'the list says it has more pages but shows no cursor; give --next-pointer (and --page-param)' };
    }
    const numbered = pageNumbers(body, page.path, settings, follows('page'));
    if (numbered !== null) return numbered;
    const total = firstFound(body, TOTAL_POINTERS);
    if (
      typeof total === 'number' &&
      total > readSoFar &&
      settings.mode !== 'page' &&
      (declaredOf(declared, [...PAGE_PARAMS, ...OFFSET_PARAMS]) === undefined || !follows('page'))
    ) {
      return {
        way: `a total of ${total}`,
        why: `the list says it holds ${total} records but showed ${readSoFar}, and no next page; give --paging page --page-param NAME, or --next-pointer`,
      };
    }
    const unknown = Object.keys(body).find((key) => PAGING_WORD.test(key) && isNextValue(body[key]) && settings.mode !== 'page');
    if (unknown !== undefined && settings.nextPointer === undefined) {
      return {
        way: `a "${unknown}" member`,
        why: `the list's answer has a "${unknown}" member that may lead to more pages, which the kit cannot read; give --next-pointer /${unknown} (and --page-param), or --paging none if the target does not page`,
      };
    }
  }

  // Page numbers or offsets the document declares (or --paging page): asked until a page brings nothing new.
  if (page.items.length === 0 || !follows('page')) return undefined;
  const pageParam = settings.pageParam ?? declaredOf(declared, PAGE_PARAMS);
  const offsetParam = settings.pageParam === undefined ? declaredOf(declared, OFFSET_PARAMS) : undefined;
  if (pageParam !== undefined && (settings.mode === 'page' || settings.pageParam === undefined)) {
    const start = declared.find((param) => param.name === pageParam)?.minimum ?? 1;
    return { path: withQuery(page.path, pageParam, String(start + page.number)), way: `page numbers sent as ?${pageParam}=` };
  }
  if (offsetParam !== undefined)
    return { path: withQuery(page.path, offsetParam, String(readSoFar)), way: `offsets sent as ?${offsetParam}=` };
  if (settings.mode === 'page') return { path: withQuery(page.path, 'page', String(1 + page.number)), way: 'page numbers sent as ?page=' };
  return undefined;
}

/** A body that numbers its pages (`page` and `totalPages`, or `meta.current_page` and `meta.last_page`); null when it does not. */
function pageNumbers(body: Record<string, unknown>, path: string, settings: PagingSettings, follows: boolean): Next | undefined | null {
  const current = firstFound(body, ['/page', '/meta/current_page', '/meta/page', '/pagination/page']);
  const last = firstFound(body, [
    '/totalPages',
    '/total_pages',
    '/pageCount',
    '/meta/last_page',
    '/meta/totalPages',
    '/pagination/totalPages',
  ]);
  if (typeof current !== 'number' || typeof last !== 'number') return null;
  if (current >= last) return undefined;
  if (!follows)
    return {
      way: `page ${current} of ${last}`,
      why: `the list shows page ${current} of ${last}, which --paging ${settings.mode} does not follow`,
    };
  const param = settings.pageParam ?? 'page';
  return { path: withQuery(path, param, String(current + 1)), way: `page numbers sent as ?${param}=` };
}
