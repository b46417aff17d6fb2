/**
 * What a page request answered without a list tells. Only a refusal of the request itself (400 or 422, without
 * Retry-After) shows the target does not take the parameter the kit sent, and may name the one it takes. A 429,
 * a 5xx or an answer with Retry-After says the target did not serve the page now; a 401, 403 or 404 may come from
 * a gateway or proxy: neither shows anything of the parameter, so the rest of the list stays unseen.
 */
import type { QueryParam } from './examples.js';
import type { Reply } from './http.js';
import { AFTER_PARAMS, CURSOR_PARAMS, OFFSET_PARAMS, PAGE_PARAMS } from './page-addresses.js';

/** Whether the answer refuses the page request itself (see the module comment). */
export function refusesRequest(reply: Reply): boolean {
  return (reply.status === 400 || reply.status === 422) && !reply.headers.has('retry-after');
}

/** What to say after "answered N without a list": the parameter a refusal names, why a throttle shows nothing, or the flags. */
export function pageFailureHint(reply: Reply, declared: QueryParam[], sent: string[]): string {
  const named = reply.status >= 400 && reply.status < 500 && reply.status !== 429 ? paramNamedIn(reply.text, declared, sent) : undefined;
  if (named) return `the target's refusal names "${named}": give --page-param ${named}`;
  if (reply.status === 429 || reply.status === 503 || reply.headers.has('retry-after'))
    return `a ${reply.status} says nothing of the page parameter: the target asked the kit to wait, so the rest of the list was not seen (run again when it answers)`;
  if (reply.status >= 500)
    return `a ${reply.status} says nothing of the page parameter: the target failed, so the rest of the list was not seen (run again when it answers)`;
  return 'say where the next cursor is with --next-pointer (and its parameter with --page-param), or how the target pages with --paging';
}

/** A query parameter a refusal of a page request names (from the kit's lists of paging names, or a declared one). */
export function paramNamedIn(text: string, declared: QueryParam[], sent: string[] = []): string | undefined {
  const names = [...AFTER_PARAMS, ...CURSOR_PARAMS, ...PAGE_PARAMS, ...OFFSET_PARAMS, ...declared.map((param) => param.name)].filter(
    (name) => !sent.includes(name),
  );
  return names.find((name) => new RegExp(`(^|[^A-Za-z0-9_])${name}([^A-Za-z0-9_]|$)`).test(text));
}
