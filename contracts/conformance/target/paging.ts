/**
 * Reading a list whole, every page of it. The spec shows no paging for the
 * four lists it names only, and none for the schema list (a JSON array of all
 * the organization's schemas, §4), so the kit follows the usual ways, in this
 * order: explicit signs first — a `Link: <…>; rel="next"` header, then a next
 * URL, cursor or page number anywhere in the body's envelope (envelope.ts), or
 * a has-more flag with the last record's id sent under the declared "after"
 * parameter; then page numbers or an offset the body shows; then page numbers
 * or offsets the target's OpenAPI document declares (or `--paging page|offset`
 * asks for), finding out on the way whether pages count from 0 or 1, and
 * whether the target takes the parameter at all. `--paging`, `--next-pointer`
 * and `--page-param` say it for a target the kit cannot read on its own.
 *
 * A list is *whole* only on evidence: the last page read shows no sign of
 * another and the kit understands every member of its envelope (or a total it
 * shows equals the records read), or the parameter the kit tried does nothing
 * (the "next page" answers the same records, or is refused with a 400 or 422,
 * and no page shows a paging sign; page-refusal.ts). Headers count as the body
 * does (header-paging.ts), and a total any page announced above the records
 * read leaves the list not whole, however it was read. Otherwise the read says
 * why, naming the flag that would help: a check that rests on a record's
 * absence from the list is then not judged.
 *
 * The kit's memory is bounded: at most `--max-pages` pages, `--max-records`
 * records and `--max-list-mib` MiB of answers of one list are read (a list past
 * any of them is not read whole, saying so: each page after the first is read
 * only up to what is left of the MiB), and records are appended one by one,
 * never spread into a call.
 */
import { idKey, isPlainObject, show } from '../matchers.js';
import type { Credentials, Target } from '../types.js';
import { readEnvelope, showsPaging } from './envelope.js';
import type { QueryParam } from './examples.js';
import { withHeaders } from './header-paging.js';
import { isSuccess, MAX_ANSWER_BYTES, mebibytes, type Reply, type RequestSpec, TOO_LARGE, TransportError } from './http.js';
import { listIn, type Notes } from './listing.js';
import { type Next, nextPage, type PageSeen, pageSized } from './next-page.js';
import { withQuery } from './page-addresses.js';
import { pageFailureHint, refusesRequest } from './page-refusal.js';
import { pagingOf } from './paging-settings.js';

export { linkNext } from './page-addresses.js';
export {
  DEFAULT_MAX_LIST_MIB,
  DEFAULT_MAX_PAGES,
  DEFAULT_MAX_RECORDS,
  PAGING_MODES,
  type PagingMode,
  type PagingSettings,
  pagingOf,
} from './paging-settings.js';

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
  /** The bytes of answers read, every page. */
  bytes: number;
  /** How the pages after the first were reached ("one page" when there were none). */
  way: string;
  /** Why the list is not known whole, naming the flag that would help. */
  why?: string;
  /** Why the list is known whole, when it is. */
  because?: string;
}

/** Page numbers or offsets being tried (see nextPage's `numbers`). */
interface Numbering {
  param: string;
  style: 'page' | 'offset';
  /** The value asked last. */
  value: number;
  /** Whether the first page's number is known (declared minimum, or found by comparing answers). */
  baseKnown: boolean;
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
  const found = isSuccess(first.status) ? listIn(target, path, first.body, notes) : undefined;
  if (found === undefined) {
    return {
      first,
      items: undefined,
      whole: false,
      pages: 1,
      bytes: sizeOf(first),
      way: 'one page',
      why: `GET ${path} answered ${first.status} without a list the kit can read`,
    };
  }
  const items: unknown[] = [];
  const seen = new Set<string>();
  let pages = 1;
  let bytes = sizeOf(first);
  let way = 'one page';
  // The largest total any page announced (in its body or a header): a list read with fewer records is not whole.
  let announced: number | undefined;
  const result = (whole: boolean, reason: string): ListRead => {
    if (whole && announced !== undefined && items.length < announced)
      return {
        first,
        items,
        whole: false,
        pages,
        bytes,
        way,
        why: `GET ${path} says it holds ${announced} records, and the kit read ${items.length} (${reason}); give --paging page or offset (with --page-param NAME), or --next-pointer`,
      };
    return whole ? { first, items, whole, pages, bytes, way, because: reason } : { first, items, whole, pages, bytes, way, why: reason };
  };
  // Records appended one by one (a spread of 200,000 arguments overflows the stack), up to --max-records.
  const take = (more: unknown[]): boolean => {
    for (const item of more) {
      if (items.length >= settings.maxRecords) return false;
      items.push(item);
      if (isPlainObject(item) && typeof item.id === 'string') seen.add(idKey(item.id));
    }
    return true;
  };
  const tooMany = () => `GET ${path} holds more than ${settings.maxRecords} records; give a higher --max-records`;
  if (!take(found.items)) return result(false, tooMany());

  const firstEnvelope = withHeaders(readEnvelope(first.body, found.at), first.headers);
  announced = firstEnvelope.total;
  const firstShowsPaging = first.headers.has('link') || showsPaging(firstEnvelope) || firstEnvelope.unfollowedHeader !== undefined;
  const asked = new Set([path]);
  let page: PageSeen = { path, at: path, items: found.items, reply: first, envelope: firstEnvelope };
  let numbering: Numbering | undefined;
  for (;;) {
    const step: Next | { kind: 'numbers-next' } =
      numbering === undefined ? nextPage(target, settings, page, items.length, declared) : { kind: 'numbers-next' };
    // A list whose pages were reached by a sign it showed ends where the signs do: page numbers are not tried after it.
    if (step.kind === 'numbers' && pages > 1) return result(true, 'the last page read shows no sign of another');
    if (step.kind === 'whole') return result(true, step.because);
    if (step.kind === 'stuck') {
      way = step.way;
      return result(false, step.why);
    }
    let nextPath: string;
    if (step.kind === 'numbers') {
      // Without a declared minimum, page 1 is asked first: the same records as the first answer mean pages count from 1.
      const value = step.style === 'offset' ? items.length : step.start !== undefined ? step.start + 1 : 1;
      numbering = { param: step.param, style: step.style, value, baseKnown: step.style === 'offset' || step.start !== undefined };
      way = step.way;
      nextPath = withQuery(path, step.param, String(value));
    } else if (step.kind === 'numbers-next' && numbering !== undefined) {
      const total = page.envelope.total;
      if (total !== undefined && items.length >= total && !pageSized(total, page))
        return result(true, `${way}: the ${total} records the list says it holds are read`);
      numbering.value = numbering.style === 'offset' ? items.length : numbering.value + 1;
      nextPath = withQuery(path, numbering.param, String(numbering.value));
    } else if (step.kind === 'follow') {
      way = step.way;
      nextPath = step.path;
    } else return result(false, 'the kit lost track of the pages');
    if (pages >= settings.maxPages)
      return result(false, `GET ${path} has more than ${settings.maxPages} pages (${way}); give a higher --max-pages`);
    if (asked.has(nextPath))
      return result(
        false,
        `GET ${path}: the next page (${way}) points back to a page already read; say how the target pages with --paging, --next-pointer or --page-param`,
      );
    const tooBig = () =>
      `GET ${path} holds more than ${mebibytes(settings.maxBytes)} of answers (${pages} pages read); give a higher --max-list-mib`;
    if (bytes >= settings.maxBytes) return result(false, tooBig());
    asked.add(nextPath);
    let reply: Reply;
    try {
      reply = await send({ method: 'GET', path: nextPath, credentials, maxBytes: Math.min(MAX_ANSWER_BYTES, settings.maxBytes - bytes) });
    } catch (error) {
      if (!(error instanceof TransportError) || error.code === 'ABORTED') throw error;
      // A page past what is left of the bound (or past the most of one answer) ends the read, not the check.
      if (error.code === TOO_LARGE)
        return result(false, settings.maxBytes - bytes < MAX_ANSWER_BYTES ? tooBig() : `GET ${nextPath}: ${error.message}`);
      // So does a page that got no answer: the pages before it stand as read.
      return result(
        false,
        `GET ${nextPath} (page ${pages + 1}, reached by ${way}): ${error.message}, so the rest of the list was not seen`,
      );
    }
    bytes += sizeOf(reply);
    const more = isSuccess(reply.status) ? listIn(target, path, reply.body) : undefined;
    if (more === undefined) {
      // A page asked by the kit's own numbering that is refused ends nothing the target showed: the first answer stands alone.
      if (numbering !== undefined && !firstShowsPaging && refusesRequest(reply) && pages === 1)
        return result(true, `the target refused ?${numbering.param}= (${reply.status}) and its first answer shows no paging sign`);
      // Asked to tell a total from a page's size: a page past the records the total counts that is refused or not
      // found (as a framework answers a page past the end) confirms the total.
      if (
        numbering !== undefined &&
        announced !== undefined &&
        items.length >= announced &&
        (refusesRequest(reply) || reply.status === 404)
      )
        return result(true, `the ${announced} records the list says it holds are read, and the page after them answered ${reply.status}`);
      // A refusal that names another parameter than the one the kit sent tells which one the target takes.
      const hint = pageFailureHint(reply, declared, [...new URL(nextPath, 'http://target.invalid').searchParams.keys()]);
      return result(
        false,
        `GET ${nextPath} (page ${pages + 1}, reached by ${way}) answered ${reply.status} without a list (${show(reply.body, 120)}): ${hint}`,
      );
    }
    const envelope = withHeaders(readEnvelope(reply.body, more.at), reply.headers);
    if (envelope.total !== undefined) announced = Math.max(announced ?? 0, envelope.total);
    const paged = reply.headers.has('link') || showsPaging(envelope) || envelope.unfollowedHeader !== undefined;
    const fresh = more.items.filter((item) => !(isPlainObject(item) && typeof item.id === 'string' && seen.has(idKey(item.id))));
    if (numbering !== undefined) {
      if (more.items.length === 0) return result(true, `${way}: the next page is empty`);
      if (fresh.length === 0) {
        if (!numbering.baseKnown && numbering.style === 'page') {
          // Page 1 answered the first page again: pages count from 1 (or the parameter is ignored, which page 2 shows).
          numbering.baseKnown = true;
          continue;
        }
        if (!firstShowsPaging && !paged && pages === 1)
          return result(true, `the target ignores ?${numbering.param}= (the next page answered the same records) and shows no paging sign`);
        return result(true, `${way}: the next page brings no record not read already`);
      }
      numbering.baseKnown = true;
    } else if (more.items.length > 0 && fresh.length === 0) {
      return result(
        false,
        `GET ${nextPath} (page ${pages + 1}, reached by ${way}) answered only records already read: the target does not take the page that way; say where the next cursor is with --next-pointer (and its parameter with --page-param), or how the target pages with --paging`,
      );
    }
    pages += 1;
    if (!take(fresh)) return result(false, tooMany());
    page = { path, at: nextPath, items: more.items, reply, envelope };
  }
}

/** The bytes of an answer's body (its text's length where the sender did not count them). */
const sizeOf = (reply: Reply): number => reply.bytes ?? Buffer.byteLength(reply.text);
