/** Whether a record the kit created is still there, told only on evidence: its own read, or the whole list. */
import { holdsId, idsReadable, isGone } from '../matchers.js';
import { recordPath } from '../target/record-path.js';
import { settled } from '../target/settle.js';
import type { ProbeRun } from './probe.js';

/**
 * Whether the collection's whole list holds `id`: true when a page read holds it, false only when every page was
 * read without it; undefined when the list cannot be read, or not whole (`why` says which, and what would help).
 */
export async function listed(
  t: ProbeRun,
  collection: string,
  id: string,
  fresh = false,
): Promise<{ holds: boolean | undefined; why?: string }> {
  const read = await t.list(collection, 'token', fresh);
  if (read.items !== undefined && holdsId(read.items, id)) return { holds: true };
  if (read.items !== undefined && read.whole && idsReadable(read.items)) return { holds: false };
  if (read.items !== undefined && read.whole)
    return { holds: undefined, why: `GET ${collection} holds items without an id the kit reads, so an id's absence shows nothing` };
  return { holds: undefined, why: read.why ?? `GET ${collection} did not answer a list (${read.first.status})` };
}

/**
 * 'there' when its read (with the token) answers the record, 'gone' when the read says 404 or 410. When the
 * read tells neither (a 429, a 200 that is not the record), the whole list decides, but its not holding the id
 * means gone only if it held it before (`listedBefore`): a list may leave some records out. 'unknown' else.
 * `since` is when the write that may have removed it was answered (`performance.now()`): a target may carry a
 * write out after answering it (a delete answered 202, a refusal queued anyway), so the record is read again for
 * `budgetMs` from then (the write's `Attempt.settleMs`) before 'there' or 'unknown' is concluded.
 * `seen` says what was read, for the report.
 */
export async function recordPresence(
  t: ProbeRun,
  collection: string,
  id: string,
  listedBefore: boolean | undefined,
  since: number,
  budgetMs: number,
): Promise<{ state: 'there' | 'gone' | 'unknown'; seen: string }> {
  return settled(
    () => presenceNow(t, collection, id, listedBefore),
    (reading) => reading.state === 'gone',
    budgetMs,
    since,
  );
}

async function presenceNow(
  t: ProbeRun,
  collection: string,
  id: string,
  listedBefore: boolean | undefined,
): Promise<{ state: 'there' | 'gone' | 'unknown'; seen: string }> {
  // A read that shows nothing (a 5xx, a 429) is passed over for the list, as any read that tells neither way.
  const read = await t.sendAny({ method: 'GET', path: recordPath(collection, id) });
  if (t.isRecord(read, id)) return { state: 'there', seen: `the get with the token answers the record (${read.status})` };
  if (isGone(read.status)) return { state: 'gone', seen: `the get with the token answers ${read.status}` };
  const now = await listed(t, collection, id, true);
  if (now.holds === true) return { state: 'there', seen: `the get answers ${read.status}, and the list still holds the id` };
  if (now.holds === false && listedBefore === true)
    return { state: 'gone', seen: `the get answers ${read.status}, and the whole list no longer holds the id` };
  const why = now.holds === undefined ? now.why : 'the list did not hold the id before either';
  return { state: 'unknown', seen: `the get answers ${read.status} (give --record-pointer if the record is in it), and ${why}` };
}
