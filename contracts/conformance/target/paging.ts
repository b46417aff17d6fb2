/**
 * Reading a list whole, every page of it. The spec shows no paging (§4: "Query
 * parameters, pagination and filters of the schema list: not shown"), so the
 * kit follows the usual ways, in this order: a `Link: <…>; rel="next"` header;
 * a next URL or cursor in the body (`next`, `nextCursor`, `links.next`,
 * `meta.next_cursor` …), or `hasMore` with the last record's id as the cursor;
 * page numbers or offsets when the target's OpenAPI document declares such
 * query parameters. `--paging`, `--next-pointer` and `--page-param` say it for
 * a target the kit cannot read on its own; `--max-pages` bounds it.
 *
 * A list is *whole* when the last page read shows no sign of another. When a
 * page shows one and the kit cannot follow it, the read says why, naming the
 * flag that would help: a check that rests on a record's absence from the list
 * is then not judged.
 */
import { idsOf, isPlainObject } from '../matchers.js';
import type { Credentials, Target } from '../types.js';
import type { QueryParam } from './examples.js';
import { isSuccess, type Reply, type RequestSpec } from './http.js';
import { listItems, type Notes } from './listing.js';
import { nextPage, pagingOf } from './next-page.js';

export { DEFAULT_MAX_PAGES, linkNext, PAGING_MODES, type PagingMode, type PagingSettings, pagingOf } from './next-page.js';

export type Sender = (spec: RequestSpec) => Promise<Reply>;

/** One list read, page by page. */
export interface ListRead {
  /** The first page's answer. */
  first: Reply;
  /** Every item of every page read; undefined when the first answer holds no list where the kit looks. */
  items: unknown[] | undefined;
  /** Every page was read: the last one shows no sign of another. */
  whole: boolean;
  pages: number;
  /** How the pages after the first were reached ("one page" when there were none). */
  way: string;
  /** Why the list is not known whole, naming the flag that would help. */
  why?: string;
}

/** Reads `path` with `credentials`, following its pages (see the module comment). */
export async function readList(
  target: Target,
  send: Sender,
  path: string,
  credentials: Credentials,
  declared: QueryParam[],
  notes?: Notes,
): Promise<ListRead> {
  const settings = pagingOf(target);
  const first = await send({ method: 'GET', path, credentials });
  const firstItems = isSuccess(first.status) ? listItems(target, path, first.body, notes) : undefined;
  if (firstItems === undefined) {
    return {
      first,
      items: undefined,
      whole: false,
      pages: 1,
      way: 'one page',
      why: `GET ${path} answered ${first.status} without a list the kit can read`,
    };
  }
  const items = [...firstItems];
  const seen = new Set(idsOf(firstItems).map((id) => id.toLowerCase()));
  const asked = new Set([path]);
  let reply = first;
  let page = { path, items: firstItems, number: 1 };
  let way = 'one page';
  for (;;) {
    const next = nextPage(target, settings, reply, page, items.length, declared);
    if (next === undefined) return { first, items, whole: true, pages: page.number, way };
    if (next.path === undefined) return { first, items, whole: false, pages: page.number, way, why: next.why ?? next.way };
    if (page.number >= settings.maxPages) {
      const why = `GET ${path} has more than ${settings.maxPages} pages (${next.way}); give a higher --max-pages`;
      return { first, items, whole: false, pages: page.number, way: next.way, why };
    }
    if (asked.has(next.path)) {
      const why = `GET ${path}: the next page (${next.way}) points back to a page already read; say how the target pages with --paging, --next-pointer or --page-param`;
      return { first, items, whole: false, pages: page.number, way: next.way, why };
    }
    asked.add(next.path);
    way = next.way;
    reply = await send({ method: 'GET', path: next.path, credentials });
    const more = isSuccess(reply.status) ? listItems(target, path, reply.body) : undefined;
    if (more === undefined) {
      const why = `GET ${next.path} (page ${page.number + 1}, reached by ${way}) answered ${reply.status} without a list: say where the next cursor is with --next-pointer (and its parameter with --page-param), or how the target pages with --paging`;
      return { first, items, whole: false, pages: page.number + 1, way, why };
    }
    const fresh = more.filter((item) => !(isPlainObject(item) && typeof item.id === 'string' && seen.has(item.id.toLowerCase())));
    if (more.length > 0 && fresh.length === 0) {
      const why = `GET ${next.path} (page ${page.number + 1}, reached by ${way}) answered only records already read: the target does not take the page that way; say where the next cursor is with --next-pointer (and its parameter with --page-param), or how the target pages with --paging`;
      return { first, items, whole: false, pages: page.number + 1, way, why };
    }
    for (const id of idsOf(fresh)) seen.add(id.toLowerCase());
    items.push(...fresh);
    page = { path: next.path, items: more, number: page.number + 1 };
  }
}
