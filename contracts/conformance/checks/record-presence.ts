/** Whether a record the kit created is still there, told as carefully as a real server allows. */
import { holdsId, isGone, isRecord } from '../matchers.js';
import type { ProbeRun } from './probe.js';

/** Whether the collection's list holds `id`; undefined when the list cannot be read. */
export async function listed(t: ProbeRun, collection: string, id: string): Promise<boolean | undefined> {
  const items = t.items(collection, await t.send({ method: 'GET', path: collection }));
  return items === undefined ? undefined : holdsId(items, id);
}

/**
 * 'there' when its read (with the token) answers the record, 'gone' when the read says 404 or 410. When the
 * read tells neither (a 429, a 200 that is not the record), the list decides, but its not holding the id means
 * gone only if it held it before (`listedBefore`): a list may show some records only (a page). 'unknown' else.
 * `seen` says what was read, for the report.
 */
export async function recordPresence(
  t: ProbeRun,
  collection: string,
  id: string,
  listedBefore: boolean | undefined,
): Promise<{ state: 'there' | 'gone' | 'unknown'; seen: string }> {
  const read = await t.send({ method: 'GET', path: `${collection}/${id}` });
  if (isRecord(read, id)) return { state: 'there', seen: `the get with the token answers the record (${read.status})` };
  if (isGone(read.status)) return { state: 'gone', seen: `the get with the token answers ${read.status}` };
  const now = await listed(t, collection, id);
  if (now === true) return { state: 'there', seen: `the get answers ${read.status}, and the list still holds the id` };
  if (now === false && listedBefore === true)
    return { state: 'gone', seen: `the get answers ${read.status}, and the list no longer holds the id` };
  return {
    state: 'unknown',
    seen: `the get answers ${read.status}, and the list ${now === undefined ? 'cannot be read' : 'did not hold the id before either'}`,
  };
}
