/**
 * Whether a record shows what the kit wrote to it, member by member. A server may show a member otherwise than it
 * was written: masked (`whsec_********abcd`), replaced (`REDACTED`), normalized. Where the record showed a member
 * that way before the write, what it shows after is judged only as far as the kit understands the form: a mask is
 * checked against the ends of the value sent; any other form of the server's own is not judged at all (neither a
 * pass nor a failure), and the verdict rests on the members shown plainly. A member shown as sent is evidence of the
 * write only where the write changed it: one the record already showed at the value sent is consistent, no more.
 */
import { canonical, isPlainObject, maskedFormOf, shownMasked } from '../matchers.js';

/** What a comparison saw, as the paths of the members sent (`secret`, `headers.X-Api-Key`, `items[0]`). */
export interface Comparison {
  /** Shown with another value than the one sent: the write was not carried out as sent. */
  differs: string[];
  /** Shown as sent, where the record showed another value before the write (or nothing is known of before). */
  same: string[];
  /**
   * Consistent with what was sent, but no evidence of the write: shown as sent where the record already showed that
   * value before it, or an empty object sent, which any object the record shows holds.
   */
  unchanged: string[];
  /** Shown masked, and the mask leaves the ends of the value sent: consistent, but no evidence on its own. */
  masked: string[];
  /**
   * Shown, before the write, otherwise than the kit had written them (at the create), in a form that is not a mask
   * the kit reads, and not as sent now: the server's own form, which the kit cannot hold to a value.
   */
  ownForm: string[];
}

/** What the record showed before the write, and what the kit had written to it then (the create's body). */
export interface Earlier {
  before?: Record<string, unknown> | undefined;
  written?: Record<string, unknown> | undefined;
}

/**
 * Compares every member of `sent` with the record: nested objects as a subset (members the server adds, such as a
 * default it fills in, are allowed), arrays item by item with the same length, other values exactly, with the
 * exceptions above where the record showed the member otherwise before.
 */
export function compareWritten(record: Record<string, unknown>, sent: Record<string, unknown>, earlier: Earlier = {}): Comparison {
  const seen: Comparison = { differs: [], same: [], unchanged: [], masked: [], ownForm: [] };
  walkObject(record, sent, earlier.before, earlier.written, '', seen);
  return seen;
}

/** Whether a comparison saw the write carried out: nothing shown otherwise than sent, and something it changed shown as sent. */
export const shownAsWritten = (seen: Comparison): boolean => seen.differs.length === 0 && seen.same.length > 0;

function walkObject(
  actual: Record<string, unknown>,
  sent: Record<string, unknown>,
  before: unknown,
  written: unknown,
  path: string,
  seen: Comparison,
) {
  const keys = Object.keys(sent);
  if (keys.length === 0) seen.unchanged.push(path || '{}');
  for (const key of keys) {
    const inner = path === '' ? key : `${path}.${key}`;
    walk(actual[key], sent[key], memberOf(before, key), memberOf(written, key), inner, seen);
  }
}

function walk(actual: unknown, sent: unknown, before: unknown, written: unknown, path: string, seen: Comparison): void {
  if (isPlainObject(sent) && isPlainObject(actual)) walkObject(actual, sent, before, written, path, seen);
  else if (Array.isArray(sent) && Array.isArray(actual) && actual.length === sent.length) {
    if (sent.length === 0) seen[Array.isArray(before) && before.length === 0 ? 'unchanged' : 'same'].push(path);
    for (const [index, item] of sent.entries())
      walk(actual[index], item, itemOf(before, index), itemOf(written, index), `${path}[${index}]`, seen);
  } else seen[leafShown(actual, sent, before, written)].push(path);
}

/** How a member that is not an object or array on both sides (or whose arrays differ in length) shows the value sent. */
function leafShown(actual: unknown, sent: unknown, before: unknown, written: unknown): keyof Comparison {
  if (!isPlainObject(sent) && !Array.isArray(sent) && canonical(actual) === canonical(sent))
    return before !== undefined && canonical(before) === canonical(sent) ? 'unchanged' : 'same';
  const sentPlain = typeof sent === 'string' && !shownMasked(sent);
  // A mask the kit reads decides on its own: what it leaves must be the value sent's ends, and a value shown masked
  // before that comes back plain must be the value sent (it is not, or it would have been the same above).
  if (sentPlain && shownMasked(before))
    return typeof actual === 'string' && shownMasked(actual) && maskedFormOf(actual, sent) ? 'masked' : 'differs';
  // Shown plain before, a member that comes back masked was not written as sent.
  if (sentPlain && shownMasked(actual)) return 'differs';
  return shownOtherwise(before, written) ? 'ownForm' : 'differs';
}

/** The record showed the member, and not as the kit had written it. */
function shownOtherwise(before: unknown, written: unknown): boolean {
  return before !== undefined && written !== undefined && canonical(before) !== canonical(written);
}

const memberOf = (value: unknown, key: string): unknown => (isPlainObject(value) && Object.hasOwn(value, key) ? value[key] : undefined);
const itemOf = (value: unknown, index: number): unknown => (Array.isArray(value) ? value[index] : undefined);
