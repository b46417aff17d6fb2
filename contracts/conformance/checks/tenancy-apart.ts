/** `tenancy.<kind>.apart`: the two organizations' lists share no record, judged without creating anything. */
import { holdsId, idsOf, isPlainObject } from '../matchers.js';
import type { ResourceFacts } from '../resources.js';
import type { ListRead } from '../target/paging.js';
import type { ProbeRun } from './probe.js';

/**
 * The read-only isolation check: the two organizations' lists share no record. Passed on evidence only: both lists
 * read whole, or else records of each organization fetched with the other's token and refused (a record served so
 * is `tenancy.<kind>.get`'s to fail, an assumed check). A record both lists hold that is flagged built-in
 * (`isLocked` or `isSystem` true) is taken as one a platform shares, which the spec does not forbid.
 * Answers token2's list for the checks that follow.
 */
export async function judgeApart(t: ProbeRun, resource: ResourceFacts): Promise<ListRead> {
  const check = `tenancy.${resource.name}.apart`;
  const mine = await t.list(resource.path);
  const theirs = await t.list(resource.path, 'token2');
  if (mine.items === undefined || theirs.items === undefined) {
    t.skipCheck(check, `GET ${resource.path} did not answer a list to ${mine.items === undefined ? 'token' : 'token2'}`);
    return theirs;
  }
  const builtIn = (item: unknown) => isPlainObject(item) && (item.isLocked === true || item.isSystem === true);
  const shared = mine.items
    .filter((item) => !builtIn(item))
    .flatMap((item) => idsOf([item]))
    .filter((id) => holdsId(theirs.items, id));
  if (shared.length > 0) {
    t.verdict(check, false, `both organizations' lists hold ${shared.length} record(s), such as ${shared[0]}`, shared);
    return theirs;
  }
  // Ids are what is compared: records that show none, or two lists that hold none, prove nothing about sharing.
  const idless = [mine, theirs].find((list) => (list.items?.length ?? 0) > 0 && idsOf(list.items).length === 0);
  if (idless || idsOf(mine.items).length + idsOf(theirs.items).length === 0) {
    const reason = idless
      ? `the ${idless === mine ? 'first' : 'second'} token's list holds records that show no id to compare`
      : 'neither list holds a record id to compare';
    t.skipCheck(check, reason);
    return theirs;
  }
  if (mine.whole && theirs.whole) {
    t.verdict(check, true, '');
    return theirs;
  }
  // Not read whole: a few records of each organization, read with the other's token, must be refused (a 4xx other
  // than 429), on both sides; a 5xx or 429 is no refusal and counts for nothing.
  const refusedBySide = [0, 0];
  let served = 0;
  const sides = [
    { ids: idsOf(mine.items), own: 'token' as const, other: 'token2' as const },
    { ids: idsOf(theirs.items), own: 'token2' as const, other: 'token' as const },
  ];
  for (const [side, { ids, own, other }] of sides.entries()) {
    for (const id of ids.slice(-2)) {
      const url = `${resource.path}/${id}`;
      if (!t.isRecord(await t.send({ method: 'GET', path: url, credentials: own }), id)) continue;
      const reply = await t.send({ method: 'GET', path: url, credentials: other });
      if (t.isRecord(reply, id)) served += 1;
      else if (reply.status >= 400 && reply.status < 500 && reply.status !== 429) refusedBySide[side] = (refusedBySide[side] ?? 0) + 1;
    }
  }
  const why = mine.whole ? theirs.why : mine.why;
  if (refusedBySide.every((count) => count > 0) && served === 0) t.verdict(check, true, '');
  else if (served > 0)
    t.skipCheck(
      check,
      `the lists were not read whole (${why}), and a record was served to the other organization's token, so their being apart cannot be shown`,
    );
  else
    t.skipCheck(
      check,
      `the lists were not read whole (${why}), and records of both organizations could not each be read with their own token and refused to the other's`,
    );
  return theirs;
}
