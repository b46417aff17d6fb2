/**
 * How a list's next page is addressed: the query parameter names a cursor, an "after this id", a page number or an
 * offset is sent under, a `Link` header's next URL, and a next URL as a path under --base-url.
 */
import type { Target } from '../types.js';
import type { QueryParam } from './examples.js';

/** Names a cursor is sent under when nothing says which (the first the document declares wins). */
export const CURSOR_PARAMS = ['cursor', 'page_token', 'pageToken', 'next', 'continuation', 'token', 'next_token', 'nextToken'];
/** Names of an "after this id" parameter (Stripe's starting_after): the last record's id is sent under it. */
export const AFTER_PARAMS = ['starting_after', 'startingAfter', 'after', 'after_id', 'afterId', 'since_id', 'last_id'];
export const PAGE_PARAMS = ['page', 'pageNumber', 'page_number'];
export const OFFSET_PARAMS = ['offset', 'skip', 'start'];

export const isNextValue = (value: unknown): boolean =>
  (typeof value === 'string' && value !== '') || (typeof value === 'number' && Number.isFinite(value));

export function declaredOf(declared: QueryParam[], names: string[]): string | undefined {
  return names.find((name) => declared.some((param) => param.name === name));
}

/** The query parameter a cursor found at `pointer` is sent back under: `nextPageToken` → `pageToken`, else `cursor`. */
export function guessedParam(pointer: string): string {
  if (/page_token/i.test(pointer)) return 'page_token';
  if (/pageToken/i.test(pointer)) return 'pageToken';
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
