/** One resource's create → get → list → update → delete round trip, on a record the kit creates. */
import { updateExample } from '../context.js';
import { answer, holdsId, idsReadable, isEmptyObject, isGone, isPlainObject, isUuid } from '../matchers.js';
import { deleteBody, type ResourceFacts } from '../resources.js';
import { noExampleReason } from '../target/examples.js';
import { isSuccess, type Reply } from '../target/http.js';
import type { ListRead } from '../target/paging.js';
import { recordPath } from '../target/record-path.js';
import { settled } from '../target/settle.js';
import type { Probe, ProbeRun } from './probe.js';
import { roundTripChecks, roundTripIds } from './round-trip-checks.js';
import {
  acceptedNotYetSeen,
  answerOf,
  createWithoutToken,
  deleteWithoutToken,
  judgeRefusedCreate,
  unauthorizedUpdate,
} from './tokenless.js';
import { type Comparison, compareWritten, type Earlier, shownAsWritten } from './written-values.js';

type Ids = ReturnType<typeof roundTripIds>;

/** A probe that creates one record of `resource` from the published example and deletes it again. */
export function roundTripProbe(resource: ResourceFacts): Probe {
  const ids = roundTripIds(resource);
  return {
    name: `${resource.name} round trip`,
    readOnly: false,
    checks: roundTripChecks(resource),
    async run(t) {
      // An answer to the tokenless create that shows nothing (a 5xx, a 429), or none, leaves only its check not judged.
      const sneaked = await t.judging([ids.createNeedsToken], () => createWithoutToken(t, resource));
      // A create without a token that was accepted (any 2xx, with or without an id) fails the check on its own; a refused
      // one counts once the create with the token works, and the list read after it shows no record it made.
      if (sneaked?.accepted) t.verdict(ids.createNeedsToken, false, `without a token: ${answerOf(sneaked.reply)}`);
      const { reply, id, sent } = await t.tryCreate(resource.path);
      // The id may come from the answer, --id-pointer, Location or the list: any of them shows the create worked. The
      // answer's media type is the target's choice (the spec gives none): a JSON body labelled text/plain still counts.
      t.verdict(ids.create, id !== undefined && isUuid(id), answer(reply));
      if (id === undefined) {
        if (!t.isDecided(ids.createNeedsToken)) {
          t.skipCheck(
            ids.createNeedsToken,
            `the create with the token was not accepted either (${reply.status}), so the path is not known to work`,
          );
        }
        return t.skip(`the create was not accepted (${reply.status}), so there is no record to go on with`);
      }
      const url = recordPath(resource.path, id);
      // The record as the target shows it: its get, which answers the same whatever the create's answer looked like.
      const record = await judgeGet(t, ids.getAfterCreate, url, id);
      // The positive control of the absence checks below: the same reading must show the record while it exists.
      const shownInList = await judgeListed(t, ids.listAfterCreate, resource.path, id, true);
      await judgeUpdate(t, ids, url, id, { before: record, written: sent });
      // Judged now: the list read for it is the one the create's settle time has run on (the steps since count).
      if (sneaked && !sneaked.accepted && !t.isDecided(ids.createNeedsToken))
        await t.judging([ids.createNeedsToken], () => judgeRefusedCreate(t, resource, ids.createNeedsToken, sneaked, id));
      const withoutToken = await t.judging([ids.deleteNeedsToken], () => deleteWithoutToken(t, resource, ids, url, id));
      if (withoutToken === undefined)
        return t.skip('the delete without a token got no answer that shows anything, so whether the record is still there is not known');
      if (withoutToken === 'removed') return t.skip('the record was deleted without a token, so there is none left to delete');
      const accepted = await judgeDelete(t, resource, ids, url, id, shownInList);
      // On a path the spec does not show, the record staying proves something only once the delete with the token works.
      if (withoutToken !== 'stays') return;
      if (accepted) t.verdict(ids.deleteNeedsToken, true, '');
      else t.skipCheck(ids.deleteNeedsToken, 'the delete with the token was not accepted either, so the path is not known to work');
    },
  };
}

/** What a get after a write is held to: the members sent, and what the record showed and had written before. */
interface Expected {
  sent: Record<string, unknown>;
  earlier: Earlier;
  /** When the write was answered (`performance.now()`): the settle time counts from then. */
  answeredAt: number;
}

/**
 * Judges a get with the token; the record when it answered it (whatever its fields). With `expected`, the record must
 * show what was sent (written-values.ts): it fails on a member shown otherwise, and is not judged when no member the
 * write changed is shown plainly (masked, in the server's own form, or at the value the record showed before the
 * write, shows nothing was written).
 */
async function judgeGet(
  t: ProbeRun,
  checkId: string,
  url: string,
  id: string,
  expected?: Expected,
): Promise<Record<string, unknown> | undefined> {
  // A write may show a moment after its answer (an update answered 202, a read replica behind): read again, over
  // the target's settle time, until the record shows and holds what was sent. A 2xx in a shape the kit does not
  // read would answer the same again: it ends the reading.
  const shows = (answered: Reply) => {
    if (isSuccess(answered.status) && t.record(answered) === undefined) return true;
    const record = t.isRecord(answered, id) ? t.record(answered) : undefined;
    return record !== undefined && (expected === undefined || compareWritten(record, expected.sent, expected.earlier).differs.length === 0);
  };
  const reply = await settled(() => t.send({ method: 'GET', path: url }), shows, t.target.settleMs, expected?.answeredAt);
  const found = t.isRecord(reply, id) ? t.record(reply) : undefined;
  // A 2xx answer in which the kit finds no record is no evidence either way: the record may be wrapped otherwise (in
  // an array, under a member it does not know).
  if (found === undefined && isSuccess(reply.status) && t.record(reply) === undefined) {
    t.skipCheck(checkId, `GET ${url} answered ${reply.status}, but the kit found no record in it: give --record-pointer`);
    return undefined;
  }
  if (found === undefined || expected === undefined) {
    t.verdict(checkId, found !== undefined, answer(reply));
    return found;
  }
  const seen = compareWritten(found, expected.sent, expected.earlier);
  noteOtherForms(t, url, seen);
  if (seen.differs.length === 0 && seen.same.length === 0)
    t.skipCheck(
      checkId,
      `the record, as its get shows it, holds the keys written (${Object.keys(expected.sent).join(', ')}) only masked, in a form of its own, or at the values it showed before the write, so nothing written can be read back`,
    );
  else t.verdict(checkId, shownAsWritten(seen), answer(reply));
  return found;
}

/** Names, never shows, the members a record showed masked or in a form the kit does not hold to a value. */
function noteOtherForms(t: ProbeRun, url: string, seen: Comparison): void {
  const collection = url.slice(0, url.lastIndexOf('/'));
  if (seen.masked.length > 0)
    t.ctx.notes.add(
      `PATCH ${collection}/{id}: ${seen.masked.join(', ')} shown masked in the record, so compared only with what the mask leaves`,
    );
  if (seen.ownForm.length > 0)
    t.ctx.notes.add(
      `PATCH ${collection}/{id}: ${seen.ownForm.join(', ')} shown otherwise than the kit wrote them, before the update and after it, so not compared`,
    );
}

/**
 * Whether `id` is in the list (present) or not. A list may settle a moment after a write (a delete answered 202):
 * it is read again, a few times over the target's settle time (three seconds by default), before the check fails.
 */
async function judgeListed(t: ProbeRun, checkId: string, path: string, id: string, present: boolean): Promise<boolean | undefined> {
  // Every page is read: a record's absence is evidence only from the whole list, its presence from any page.
  const holds = (read: ListRead) => read.items !== undefined && holdsId(read.items, id);
  // Not a list, not the whole of it, or items without ids it reads, is no reason to read again: it is not judged below.
  // Read fresh each time: a read kept from before could not show a write carried out since.
  let readings = 0;
  const read = await settled(
    () => {
      readings += 1;
      return t.list(path, 'token', true);
    },
    (reading) => reading.items === undefined || !reading.whole || !idsReadable(reading.items) || holds(reading) === present,
    t.target.settleMs,
  );
  if (read.items === undefined) {
    t.skipCheck(checkId, `GET ${path} did not answer a list (${read.first.status})`);
    return undefined;
  }
  const listed = holds(read);
  // A write that showed only on a later reading: the target carries writes out after answering them.
  if (readings > 1 && listed === present) t.ctx.defersWrites = true;
  if (!listed && !read.whole) {
    t.skipCheck(checkId, `${id} is not on the pages read, but the list was not read whole: ${read.why}`);
    return undefined;
  }
  if (!listed && !idsReadable(read.items)) {
    t.skipCheck(
      checkId,
      `${id} is not in the list, but some of its items carry no id the kit reads (give --list-pointer if it is elsewhere)`,
    );
    return undefined;
  }
  const pages = read.pages === 1 ? '' : ` (${read.pages} pages)`;
  t.verdict(
    checkId,
    listed === present,
    `${id} is ${listed ? 'still' : 'not'} in the list of ${read.items.length} records${pages}`,
    listed ? id : undefined,
  );
  return listed;
}

async function judgeUpdate(t: ProbeRun, ids: Ids, url: string, id: string, earlier: Earlier): Promise<void> {
  const example = updateExample(t.ctx, url.slice(0, url.lastIndexOf('/')));
  if (!example) {
    const reason = noExampleReason(t.ctx.examples, `PATCH ${url.slice(0, url.lastIndexOf('/'))}/{id}`);
    t.skipCheck(ids.update, reason);
    t.skipCheck(ids.updateNeedsToken, reason);
    return t.skipCheck(ids.getAfterUpdate, reason);
  }
  // Tried first, while the example's values are still new to the record. A change it made fails at once; none made
  // counts only once the real update shows the path works.
  const unauthenticated = await t.judging([ids.updateNeedsToken], () => unauthorizedUpdate(t, url, example));
  if (unauthenticated?.changed) t.verdict(ids.updateNeedsToken, false, `update without a token: ${unauthenticated.answer}`);
  // Only keys the API shows back can be compared (write-only keys such as passwords are not). A key the record showed
  // masked before the update (a secret as whsec_********abcd) shows only what its mask leaves: that much must be the
  // value sent, and it is no evidence on its own that anything was written (written-values.ts).
  const created = earlier.before ?? {};
  const shown = Object.fromEntries(Object.entries(example).filter(([key]) => key in created));
  const collection = url.slice(0, url.lastIndexOf('/'));
  t.noteBody(collection, 'update');
  const reply = await t.send({ method: 'PATCH', path: url, body: example });
  const answeredAt = performance.now();
  const refused = t.refusedBody(collection, 'update', reply);
  if (refused !== undefined) {
    for (const check of [ids.update, ids.getAfterUpdate]) t.skipCheck(check, refused);
    if (!t.isDecided(ids.updateNeedsToken)) t.skipCheck(ids.updateNeedsToken, refused);
    return;
  }
  // The record the answer holds; a body with none of the keys written is an acknowledgement (`{"success":true}`),
  // which shows nothing of the values.
  const body = isPlainObject(reply.body) ? reply.body : undefined;
  const answered = t.record(reply) ?? (body !== undefined && Object.keys(shown).some((key) => key in body) ? body : undefined);
  const answeredAsSent = answered === undefined || compareWritten(answered, shown, earlier).differs.length === 0;
  const ok = isSuccess(reply.status) && answeredAsSent;
  t.verdict(ids.update, ok, answer(reply));
  // A change the tokenless update made was failed above; without one, the verdict waits on the real update.
  if (!t.isDecided(ids.updateNeedsToken)) {
    if (!isSuccess(reply.status)) {
      t.skipCheck(ids.updateNeedsToken, `the update with the token was not accepted either (${reply.status})`);
    } else if (unauthenticated === undefined) {
      t.skipCheck(
        ids.updateNeedsToken,
        `GET ${url} did not answer the record around the tokenless update, or the example changes no field it shows steadily`,
      );
    } else if (unauthenticated.changed === undefined) {
      t.skipCheck(ids.updateNeedsToken, acceptedNotYetSeen('update without a token', unauthenticated.answer));
    } else t.verdict(ids.updateNeedsToken, true, '');
  }
  if (!isSuccess(reply.status)) return t.skipCheck(ids.getAfterUpdate, `the update was not accepted (${reply.status})`);
  if (earlier.before === undefined)
    return t.skipCheck(ids.getAfterUpdate, `GET ${url} showed no record the kit reads after the create, so there is nothing to compare`);
  if (Object.keys(shown).length === 0)
    return t.skipCheck(
      ids.getAfterUpdate,
      `the record, as its get shows it, holds none of the update example's keys (${Object.keys(example).join(', ')}), so nothing written can be read back`,
    );
  await judgeGet(t, ids.getAfterUpdate, url, id, { sent: shown, earlier, answeredAt });
}

/** Judges the delete with the token and what follows; true when it was accepted. */
async function judgeDelete(
  t: ProbeRun,
  resource: ResourceFacts,
  ids: Ids,
  url: string,
  id: string,
  shownInList: boolean | undefined,
): Promise<boolean> {
  const reply = await t.send({ method: 'DELETE', path: url, body: deleteBody(resource) });
  if (reply.status === 403 && resource.deleteErrors.includes(403)) {
    // §5 leaves open which roles get 403, and the spec lists it for this delete: the token may only lack the right.
    const reason = `the delete answered 403, which the spec lists for it without saying when (§5: roles and permissions are not shown); the token may not be allowed to delete ${resource.noun}s`;
    const judged = [
      ids.deleteAccepted,
      ...(resource.deleteAnswersEmptyObject ? [ids.deleteEmpty] : []),
      ids.listAfterDelete,
      ids.getAfterDelete,
    ];
    for (const check of judged) t.skipCheck(check, reason);
    return false;
  }
  t.verdict(ids.deleteAccepted, isSuccess(reply.status), answer(reply));
  if (resource.deleteAnswersEmptyObject) {
    t.verdict(ids.deleteEmpty, isSuccess(reply.status) && isEmptyObject(reply.body), answer(reply));
  }
  if (!isSuccess(reply.status)) {
    for (const check of [ids.listAfterDelete, ids.getAfterDelete]) t.skipCheck(check, `the delete was not accepted (${reply.status})`);
    return false;
  }
  if (shownInList !== false) await judgeListed(t, ids.listAfterDelete, resource.path, id, false);
  else
    t.skipCheck(
      ids.listAfterDelete,
      `the list, read the same way, did not show the record after its create, so its absence after the delete proves nothing`,
    );
  const after = await t.send({ method: 'GET', path: url });
  t.verdict(ids.getAfterDelete, isGone(after.status), answer(after));
  // Forgotten only once a read shows it gone: a delete that answered 2xx but kept the record leaves it to the cleanup.
  if (isGone(after.status)) t.ctx.ledger.forget(resource.path, id);
  return true;
}
