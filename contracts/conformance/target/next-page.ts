/**
 * Finding the next page of a list after one page was read (the order is in
 * paging.ts): a path to ask, page numbers or offsets to try, the list whole
 * (and why), or a sign of more pages the kit cannot follow (with the reason
 * and the flag that would help).
 */
import { idsOf } from '../matchers.js';
import { SCHEMA_LIST_PATH } from '../resources.js';
import type { Target } from '../types.js';
import type { QueryParam } from './examples.js';
import type { PageReading } from './header-paging.js';
import type { Reply } from './http.js';
import {
  AFTER_PARAMS,
  CURSOR_PARAMS,
  declaredOf,
  guessedParam,
  isNextValue,
  linkNext,
  OFFSET_PARAMS,
  PAGE_PARAMS,
  pathOfUrl,
  withQuery,
} from './page-addresses.js';
import type { PagingMode, PagingSettings } from './paging-settings.js';
import { atPointer } from './pointer.js';

/** A member of a list's envelope whose name looks like paging the kit does not know. */
const PAGING_WORD = /next|cursor|more|continu|page_?token|after/i;

/** What to do after a page. */
export type Next =
  /** The list is whole: the reason. */
  | { kind: 'whole'; because: string }
  /** Ask this path next. */
  | { kind: 'follow'; path: string; way: string }
  /** Try page numbers or offsets under `param` (the target's answers tell whether it takes them: paging.ts). */
  | { kind: 'numbers'; param: string; style: 'page' | 'offset'; start?: number; way: string }
  /** More pages are shown (or may be) and the kit cannot follow them. */
  | { kind: 'stuck'; way: string; why: string };

export interface PageSeen {
  /** The list's own path (no paging parameters of the kit's). */
  path: string;
  /** The path this page was read at. */
  at: string;
  items: unknown[];
  reply: Reply;
  envelope: PageReading;
}

/** What comes after `page` (see paging.ts for the order); `readSoFar` counts every record read. */
export function nextPage(target: Target, settings: PagingSettings, page: PageSeen, readSoFar: number, declared: QueryParam[]): Next {
  const { mode } = settings;
  const follows = (way: PagingMode) => mode === 'auto' || mode === way;
  const cantFollow = (sign: string): Next => ({
    kind: 'stuck',
    way: sign,
    why:
      mode === 'none'
        ? `the list shows more pages (${sign}), and --paging none says not to follow them`
        : `the list shows more pages (${sign}), which --paging ${mode} does not follow`,
  });
  const collection = page.path.split('?')[0]?.replace(/(.)\/$/, '$1');

  // 1. An explicit sign first: a Link header, then a next URL or cursor in the body.
  const link = linkNext(page.reply.headers.get('link'));
  if (link !== undefined) {
    if (!follows('link')) return cantFollow('a Link header with rel="next"');
    const path = pathOfUrl(target, page.at, link);
    return path === undefined
      ? {
          kind: 'stuck',
          way: 'Link rel="next"',
          why: `the Link header's next page ${link} is not under --base-url, so the kit does not follow it`,
        }
      : { kind: 'follow', path, way: 'the Link header (rel="next")' };
  }
  // §4: the schema list is a JSON array of all the organization's schemas. Only a Link header, or page parameters
  // the document declares for it, say otherwise; and a list that ignores those is whole (paging.ts).
  if (collection === SCHEMA_LIST_PATH) {
    const numbers = numberedPaging(settings, declared, page.items.length > 0);
    return numbers ?? { kind: 'whole', because: 'the schema list is one JSON array (§4) and shows no sign of pages' };
  }

  const envelope = page.envelope;
  const given = settings.nextPointer === undefined ? undefined : atPointer(page.reply.body, settings.nextPointer);
  const next = isNextValue(given) ? { value: given as string | number, at: settings.nextPointer as string } : envelope.next;
  if (next !== undefined && envelope.more !== false) {
    if (typeof next.value === 'number') {
      if (!follows('page') && !follows('cursor')) return cantFollow(`a next page number at ${next.at}`);
      const param = settings.pageParam ?? declaredOf(declared, PAGE_PARAMS) ?? 'page';
      return {
        kind: 'follow',
        path: withQuery(page.path, param, String(next.value)),
        way: `the next page number at ${next.at}, sent as ?${param}=`,
      };
    }
    if (!follows('cursor')) return cantFollow(`a next page at ${next.at}`);
    if (/^(https?:\/\/|\/|\?)/i.test(next.value)) {
      const path = pathOfUrl(target, page.at, next.value);
      return path === undefined
        ? {
            kind: 'stuck',
            way: `the next URL at ${next.at}`,
            why: `the next page at ${next.at} (${next.value}) is not under --base-url, so the kit does not follow it`,
          }
        : { kind: 'follow', path, way: `the next URL at ${next.at}` };
    }
    const param = settings.pageParam ?? declaredOf(declared, CURSOR_PARAMS) ?? declaredOf(declared, AFTER_PARAMS) ?? guessedParam(next.at);
    return { kind: 'follow', path: withQuery(page.path, param, next.value), way: `the cursor at ${next.at}, sent as ?${param}=` };
  }
  if (envelope.more === true) {
    if (!follows('cursor')) return cantFollow('"has more": true');
    // No cursor shown: the usual reading is "after the last record" (Stripe's starting_after, an id as cursor).
    const last = idsOf(page.items).at(-1);
    const param = settings.pageParam ?? declaredOf(declared, AFTER_PARAMS) ?? declaredOf(declared, CURSOR_PARAMS) ?? 'starting_after';
    if (last !== undefined)
      return { kind: 'follow', path: withQuery(page.path, param, last), way: `"has more" with the last record's id sent as ?${param}=` };
    return {
      kind: 'stuck',
      way: '"has more": true',
      why: 'the list says it has more pages but shows no cursor; give --next-pointer (and --page-param)',
    };
  }

  // A header that names a next page or cursor the kit does not know how to send back: more pages may follow.
  if (envelope.unfollowedHeader !== undefined)
    return {
      kind: 'stuck',
      way: `a ${envelope.unfollowedHeader} header`,
      why: `the list's answer has a ${envelope.unfollowedHeader} header with a value, which may lead to more pages the kit cannot read; give --paging page or offset (with --page-param), or --next-pointer if the body holds the cursor too`,
    };
  // 2. Page numbers or an offset the body (or a header) shows.
  const { page: number, pages, offset, total } = envelope;
  if (number !== undefined && pages !== undefined && number < pages && page.items.length > 0) {
    if (!follows('page')) return cantFollow(`page ${number} of ${pages}`);
    const param = settings.pageParam ?? declaredOf(declared, PAGE_PARAMS) ?? 'page';
    const value = envelope.pageBase === 0 ? number : number + 1;
    return { kind: 'follow', path: withQuery(page.path, param, String(value)), way: `page numbers sent as ?${param}=` };
  }
  if (offset !== undefined && total !== undefined && offset + page.items.length < total && page.items.length > 0) {
    if (!follows('offset') && !follows('page')) return cantFollow(`an offset of ${offset} of ${total}`);
    const param = settings.pageParam ?? declaredOf(declared, OFFSET_PARAMS) ?? 'offset';
    return { kind: 'follow', path: withQuery(page.path, param, String(offset + page.items.length)), way: `offsets sent as ?${param}=` };
  }

  // 3. Page numbers or offsets the document declares, or that --paging page/offset asks for.
  const numbers = numberedPaging(settings, declared, page.items.length > 0);
  const doneSign =
    envelope.more === false ||
    envelope.isLast === true ||
    envelope.noNext === true ||
    (number !== undefined && pages !== undefined && number >= pages) ||
    (total !== undefined && total <= readSoFar && !(numbers !== undefined && pageSized(total, page)));
  if (envelope.isLast === false && !doneSign && numbers === undefined)
    return {
      kind: 'stuck',
      way: '"last": false',
      why: 'the list says this is not its last page but shows no way to the next; give --paging page (with --page-param), or --next-pointer',
    };
  if (total !== undefined && total > readSoFar && !doneSign) {
    if (numbers !== undefined) return numbers;
    return {
      kind: 'stuck',
      way: `a total of ${total}`,
      why: `the list says it holds ${total} records but showed ${readSoFar}, and no next page; give --paging page or offset (with --page-param NAME), or --next-pointer`,
    };
  }
  // A page count above 1 without the number of the page answered: where the list stands is unknown.
  if (pages !== undefined && pages > 1 && number === undefined && !doneSign) {
    if (numbers !== undefined) return numbers;
    return {
      kind: 'stuck',
      way: `a page count of ${pages}`,
      why: `the list says it has ${pages} pages but not which one this is; give --paging page or offset (with --page-param NAME), or --next-pointer`,
    };
  }
  // The member --next-pointer names (and those holding it) is understood: the user said what it is.
  const told = settings.nextPointer;
  const unknown = envelope.unknown.filter((pointer) => told === undefined || !(told === pointer || told.startsWith(`${pointer}/`)));
  // A member named like a next page or cursor, with a value, may lead to more pages whatever a count (maybe the page's) says.
  const pagingValue = unknown.find(
    (pointer) => PAGING_WORD.test(pointer.split('/').at(-1) ?? '') && holdsValue(atPointer(page.reply.body, pointer)),
  );
  if (pagingValue !== undefined && mode !== 'none')
    return {
      kind: 'stuck',
      way: `a "${pagingValue.slice(1)}" member`,
      why: `the list's answer has a "${pagingValue.slice(1)}" member with a value, which may lead to more pages the kit cannot read (a count beside it does not show the list is whole); give --next-pointer ${pagingValue} (and --page-param), or --paging none if the target does not page`,
    };
  if (unknown.length > 0 && total !== readSoFar && mode !== 'none') {
    const named = unknown.find((pointer) => PAGING_WORD.test(pointer.split('/').at(-1) ?? ''));
    const members = unknown.slice(0, 4).join(', ');
    return {
      kind: 'stuck',
      way: `members the kit does not understand (${members})`,
      why: named
        ? `the list's answer has a "${named.slice(1)}" member that may lead to more pages, which the kit cannot read; give --next-pointer ${named} (and --page-param), or --paging none if the target does not page`
        : `the list's answer holds members beside its records that the kit does not understand (${members}) and no total that matches the records read, so it cannot tell that it is the whole list; give --paging none if the target does not page, or --next-pointer and --page-param`,
    };
  }
  if (doneSign) return { kind: 'whole', because: 'the last page read says no more follow' };
  const bounded = boundedPage(settings, page, declared, numbers);
  if (bounded !== undefined) return bounded;
  if (numbers !== undefined) return numbers;
  return { kind: 'whole', because: 'the answer shows no sign of another page' };
}

/** Whether an envelope member holds something (not null, "", false, nor an empty object or array). */
const holdsValue = (value: unknown): boolean =>
  value !== null && value !== undefined && value !== '' && value !== false && (typeof value !== 'object' || Object.keys(value).length > 0);

/** Page numbers or offsets to try: under --page-param with --paging page/offset, or the parameter the document declares. */
function numberedPaging(settings: PagingSettings, declared: QueryParam[], any: boolean): Next | undefined {
  if (!any) return undefined;
  const { mode, pageParam } = settings;
  if (mode !== 'auto' && mode !== 'page' && mode !== 'offset') return undefined;
  if (mode === 'offset' || (mode === 'auto' && pageParam === undefined && declaredOf(declared, PAGE_PARAMS) === undefined)) {
    const param =
      (mode === 'offset' ? pageParam : undefined) ?? declaredOf(declared, OFFSET_PARAMS) ?? (mode === 'offset' ? 'offset' : undefined);
    if (param !== undefined) return { kind: 'numbers', param, style: 'offset', way: `offsets sent as ?${param}=` };
  }
  const param = (mode === 'page' ? pageParam : undefined) ?? declaredOf(declared, PAGE_PARAMS) ?? (mode === 'page' ? 'page' : undefined);
  if (param === undefined) return undefined;
  const minimum = declared.find((entry) => entry.name === param)?.minimum;
  return {
    kind: 'numbers',
    param,
    style: 'page',
    ...(minimum !== undefined ? { start: minimum } : {}),
    way: `page numbers sent as ?${param}=`,
  };
}

/**
 * Whether a total is the number of records on the page it came with: it may be that page's size (a `count` of the
 * page, not of the list), so where the kit can ask the next page it asks rather than take the list for whole.
 */
export const pageSized = (total: number, page: { items: unknown[] }): boolean => total === page.items.length;

/**
 * A page that shows where it stands (an offset, a page number, a `Content-Range`) or how many records a page holds,
 * or that answered 206 Partial Content, and neither a total, a page count nor an end: a page of a list that may go
 * on. It ends the list only when it shows the end, by holding no record or fewer than the size it states; else the
 * next offset or page number is asked (the records the next page brings, or none, tell the rest: paging.ts).
 */
function boundedPage(settings: PagingSettings, page: PageSeen, declared: QueryParam[], numbers: Next | undefined): Next | undefined {
  const { offset, page: number, size, total, pages } = page.envelope;
  const partial = page.reply.status === 206;
  if (total !== undefined || pages !== undefined) return undefined;
  if (offset === undefined && number === undefined && size === undefined && !partial) return undefined;
  const held = page.items.length;
  if (held === 0) return { kind: 'whole', because: 'the page after the records read is empty' };
  if (size !== undefined && held < size)
    return { kind: 'whole', because: `the last page holds ${held} records, fewer than the ${size} a page holds` };
  const follows = (way: PagingMode) => settings.mode === 'auto' || settings.mode === way;
  if (offset !== undefined && (follows('offset') || follows('page'))) {
    const param = settings.pageParam ?? declaredOf(declared, OFFSET_PARAMS) ?? 'offset';
    return { kind: 'follow', path: withQuery(page.path, param, String(offset + held)), way: `offsets sent as ?${param}=` };
  }
  if (number !== undefined && follows('page')) {
    const param = settings.pageParam ?? declaredOf(declared, PAGE_PARAMS) ?? 'page';
    const value = page.envelope.pageBase === 0 ? number : number + 1;
    return { kind: 'follow', path: withQuery(page.path, param, String(value)), way: `page numbers sent as ?${param}=` };
  }
  if (numbers !== undefined) return numbers;
  const shown = partial
    ? 'a 206 Partial Content answer'
    : size !== undefined
      ? `a full page of ${size} records`
      : 'a page of a longer list';
  return {
    kind: 'stuck',
    way: shown,
    why: `the list's answer is ${shown} with no total, no end and no way to the next page the kit can follow; give --paging page or offset (with --page-param NAME), or --next-pointer`,
  };
}
