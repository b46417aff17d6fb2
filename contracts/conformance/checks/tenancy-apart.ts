/** `tenancy.<kind>.apart`: the two organizations' lists share no record of either's, judged without creating anything. */
import { idKey, idLookup, idsOf, idsReadable } from '../matchers.js';
import type { ResourceFacts } from '../resources.js';
import type { ListRead } from '../target/paging.js';
import type { ProbeRun } from './probe.js';

/**
 * The isolation check on lists. §5 says a token lists its organization's records; it does not forbid records a
 * platform shows every organization (built-in tools, shared schemas), and nothing in a record tells such a one from
 * one organization's record shown to the other. So the evidence of a leak is a record the kit itself created with
 * one token (the records it seeded, or created in an earlier probe) in the other token's list: that fails, either
 * way, on any page read. A record both lists hold that the kit did not create is no evidence either way: it is noted,
 * and in a run that created nothing (--read-only) it leaves the check not judged, since the kit cannot tell.
 * A pass needs both lists read whole with ids the kit reads, each holding a record the other does not, and, where
 * the kit created records, the first list showing one of them (read the same way, a positive control).
 * Records fetched by id with the other token are evidence about gets (`tenancy.<kind>.get`), never about lists.
 * Answers token2's list for the checks that follow.
 */
export async function judgeApart(t: ProbeRun, resource: ResourceFacts): Promise<ListRead> {
  const check = `tenancy.${resource.name}.apart`;
  const { path } = resource;
  const mine = await t.list(path);
  const theirs = await t.list(path, 'token2');
  if (mine.items === undefined || theirs.items === undefined) {
    t.skipCheck(check, `GET ${path} did not answer a list to ${mine.items === undefined ? 'token' : 'token2'}`);
    return theirs;
  }
  // The kit's records of each organization: it seeds the second one's with the second token.
  const theirsMade = t.ctx.madeWithToken2.get(path) ?? new Set<string>();
  const kitMade = new Set([...(t.ctx.madeByKit.get(path) ?? [])].filter((id) => !theirsMade.has(id)));
  const madeByKit = (id: string) => kitMade.has(idKey(id));
  // The kit's own records of either organization, in the other's list: a leak, on whatever page, either way.
  const leaks = [
    { ids: idsOf(theirs.items).filter(madeByKit), shown: 'second', made: 'first' },
    { ids: idsOf(mine.items).filter((id) => theirsMade.has(idKey(id))), shown: 'first', made: 'second' },
  ];
  const leak = leaks.find(({ ids }) => ids.length > 0);
  if (leak !== undefined) {
    t.verdict(
      check,
      false,
      `the ${leak.shown} organization's list holds ${leak.ids.length} record(s) the kit created with the ${leak.made} token, such as ${leak.ids[0]}`,
      leak.ids,
    );
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
  const theirsHold = idLookup(theirs.items);
  const shared = idsOf(mine.items).filter(theirsHold);
  if (shared.length > 0) {
    t.ctx.notes.add(
      `GET ${path}: both organizations' lists hold ${shared.length} record(s) the kit did not create, such as ${shared[0]}; the spec does not forbid records a platform shares, so they are not counted as a leak`,
    );
  }
  const ownMade = idsOf(mine.items).filter(madeByKit);
  if (shared.length > 0 && ownMade.length === 0) {
    t.skipCheck(
      check,
      `both lists hold ${shared.length} record(s), such as ${shared[0]}, which may be records the platform shares (the spec does not forbid them) or one organization's shown to the other: the kit tells a leak only by a record it created, and ${t.ctx.readOnly ? '--read-only creates none' : 'the first list shows none it created'}`,
    );
    return theirs;
  }
  if (kitMade.size > 0 && ownMade.length === 0) {
    t.skipCheck(
      check,
      `the first token's list, read whole, shows none of the records the kit created with it, so their absence from the second's proves nothing`,
    );
    return theirs;
  }
  const sharedHold = idLookup(shared.map((id) => ({ id })));
  const without = [mine, theirs].findIndex((read) => idsOf(read.items).filter((id) => !sharedHold(id)).length === 0);
  if (without !== -1) {
    t.skipCheck(
      check,
      `the ${without === 0 ? 'first' : 'second'} token's list holds no record the other's does not, so nothing of that organization's own was compared`,
    );
    return theirs;
  }
  t.verdict(check, true, '');
  return theirs;
}
