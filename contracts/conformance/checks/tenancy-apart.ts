/** `tenancy.<kind>.apart`: the two organizations' lists share no record, judged without creating anything. */
import { idLookup, idsOf, idsReadable, isPlainObject } from '../matchers.js';
import type { ResourceFacts } from '../resources.js';
import type { ListRead } from '../target/paging.js';
import type { ProbeRun } from './probe.js';

/**
 * The read-only isolation check: the two organizations' lists share no record. A check about lists rests on lists:
 * it passes only when both lists were read whole and each holds at least one ordinary record (neither `isLocked`
 * nor `isSystem`) that was compared with the other's list. Records fetched by id with the other token are evidence
 * about gets (`tenancy.<kind>.get`), never about what a list returns, so a list not read whole leaves this check
 * not judged. A record both lists hold that is flagged built-in is taken as one a platform shares, which the spec
 * does not forbid. Answers token2's list for the checks that follow.
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
  const theirsHold = idLookup(theirs.items);
  const shared = idsOf(mine.items.filter((item) => !builtIn(item))).filter(theirsHold);
  // A record on any page read that both hold is evidence enough to fail.
  if (shared.length > 0) {
    t.verdict(check, false, `both organizations' lists hold ${shared.length} record(s), such as ${shared[0]}`, shared);
    return theirs;
  }
  if (!mine.whole || !theirs.whole) {
    const [side, read] = mine.whole ? ['second', theirs] : ['first', mine];
    t.skipCheck(check, `the ${side} token's list was not read whole (${read.why}), so the two lists cannot be compared`);
    return theirs;
  }
  // A record without an id the kit reads may be shared without its being seen: the lists cannot be compared.
  const unreadable = [mine, theirs].findIndex((read) => !idsReadable(read.items ?? []));
  if (unreadable !== -1) {
    t.skipCheck(
      check,
      `the ${unreadable === 0 ? 'first' : 'second'} token's list holds items without an id the kit reads, so the two lists cannot be compared`,
    );
    return theirs;
  }
  const ordinary = (read: ListRead) => idsOf((read.items ?? []).filter((item) => !builtIn(item))).length;
  const without = [mine, theirs].findIndex((read) => ordinary(read) === 0);
  if (without !== -1) {
    const side = without === 0 ? 'first' : 'second';
    t.skipCheck(
      check,
      `the ${side} token's list holds no ordinary record with an id (only built-ins flagged isSystem or isLocked, records without ids, or none), so nothing of that organization's own was compared`,
    );
    return theirs;
  }
  t.verdict(check, true, '');
  return theirs;
}
