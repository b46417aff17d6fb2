/** One resource's create → get → list → update → delete round trip, on a record the kit creates. */
import { noExampleReason } from '../examples.js';
import { isJsonType, isSuccess, type Reply } from '../http.js';
import { answer, canonical, holdsId, isEmptyObject, isGone, isPlainObject, isRecord, isUuid } from '../matchers.js';
import type { Probe, ProbeRun } from '../probe.js';
import { deleteBody, type ResourceFacts, shownInSpec } from '../resources.js';
import { settled } from '../settle.js';
import { roundTripChecks, roundTripIds } from './round-trip-checks.js';
import { listed, whereabouts } from './whereabouts.js';

type Ids = ReturnType<typeof roundTripIds>;

/** A probe that creates one record of `resource` from the published example and deletes it again. */
export function roundTripProbe(resource: ResourceFacts): Probe {
  const ids = roundTripIds(resource);
  return {
    name: `${resource.name} round trip`,
    readOnly: false,
    checks: roundTripChecks(resource),
    async run(t) {
      const sneaked = await createWithoutToken(t, resource);
      // A record made without a token fails the check on its own; none made counts once the create with the token works.
      if (sneaked?.created !== undefined) t.verdict(ids.createNeedsToken, false, `without a token: ${answerOf(sneaked.reply)}`);
      const { reply, id } = await t.tryCreate(resource.path);
      const record = isPlainObject(reply.body) ? reply.body : {};
      t.verdict(ids.create, id !== undefined && isUuid(id) && isJsonType(reply.contentType), answer(reply));
      if (id === undefined) {
        if (sneaked?.created === undefined) {
          t.skipCheck(
            ids.createNeedsToken,
            `the create with the token was not accepted either (${reply.status}), so the path is not known to work`,
          );
        }
        return t.skip(`the create was not accepted (${reply.status}), so there is no record to go on with`);
      }
      if (sneaked && sneaked.created === undefined) t.verdict(ids.createNeedsToken, true, '');
      const url = `${resource.path}/${id}`;
      if (await judgeGet(t, ids.getAfterCreate, url, id, {})) {
        const unauthenticated = await t.sendExpectingRefusal({ method: 'GET', path: url, credentials: 'none' });
        t.verdict(ids.getNeedsToken, !isRecord(unauthenticated, id), answerOf(unauthenticated));
      } else t.skipCheck(ids.getNeedsToken, `GET ${url} with the token does not answer the record, so the path is not known to work`);
      await judgeListed(t, ids.listAfterCreate, resource.path, id, true);
      await judgeUpdate(t, ids, url, id, record);
      const withoutToken = await deleteWithoutToken(t, resource, ids, url, id);
      if (withoutToken === 'removed') return t.skip('the record was deleted without a token, so there is none left to delete');
      const accepted = await judgeDelete(t, resource, ids, url, id);
      // On a path the spec does not show, the record staying proves something only once the delete with the token works.
      if (withoutToken !== 'stays') return;
      if (accepted) t.verdict(ids.deleteNeedsToken, true, '');
      else t.skipCheck(ids.deleteNeedsToken, 'the delete with the token was not accepted either, so the path is not known to work');
    },
  };
}

/** Judges a get with the token; true when it answered the record (whatever its fields). */
async function judgeGet(t: ProbeRun, checkId: string, url: string, id: string, expected: Record<string, unknown>): Promise<boolean> {
  const reply = await t.send({ method: 'GET', path: url });
  const found = isRecord(reply, id);
  t.verdict(checkId, found && reflects(reply.body as Record<string, unknown>, expected), answer(reply));
  return found;
}

/**
 * Whether `id` is in the list (present) or not. A list may settle a moment after a write (a delete answered 202):
 * it is read again, a few times over about three seconds, before the check fails.
 */
async function judgeListed(t: ProbeRun, checkId: string, path: string, id: string, present: boolean): Promise<void> {
  const holds = (reply: Reply) => Array.isArray(reply.body) && holdsId(reply.body, id);
  // Not a list is no reason to read again: it is skipped below.
  const reply = await settled(
    () => t.send({ method: 'GET', path }),
    (read) => !Array.isArray(read.body) || holds(read) === present,
  );
  if (!Array.isArray(reply.body)) return t.skipCheck(checkId, `GET ${path} did not answer a list (${reply.status})`);
  const listed = holds(reply);
  t.verdict(checkId, listed === present, `${id} is ${listed ? 'still' : 'not'} in the list of ${reply.body.length} records`);
}

async function judgeUpdate(t: ProbeRun, ids: Ids, url: string, id: string, created: Record<string, unknown>): Promise<void> {
  const example = t.ctx.examples.update(url.slice(0, url.lastIndexOf('/')));
  if (!example) {
    const reason = noExampleReason(t.ctx.examples, `PATCH ${url.slice(0, url.lastIndexOf('/'))}/{id}`);
    t.skipCheck(ids.update, reason);
    t.skipCheck(ids.updateNeedsToken, reason);
    return t.skipCheck(ids.getAfterUpdate, reason);
  }
  // Tried first, while the example's values are still new to the record. A change it made fails at once; none made
  // counts only once the real update shows the path works.
  const unauthenticated = await unauthorizedUpdate(t, url, example);
  if (unauthenticated?.changed) t.verdict(ids.updateNeedsToken, false, `update without a token: ${unauthenticated.answer}`);
  // Only keys the API shows back can be compared (write-only keys such as passwords are not).
  const shown = Object.fromEntries(Object.entries(example).filter(([key]) => key in created));
  const reply = await t.send({ method: 'PATCH', path: url, body: example });
  const ok = isSuccess(reply.status) && (!isPlainObject(reply.body) || reflects(reply.body, shown));
  t.verdict(ids.update, ok, answer(reply));
  // A change the tokenless update made was failed above; without one, the verdict waits on the real update.
  if (!unauthenticated?.changed) {
    if (!isSuccess(reply.status)) {
      t.skipCheck(ids.updateNeedsToken, `the update with the token was not accepted either (${reply.status})`);
    } else if (unauthenticated === undefined) {
      t.skipCheck(
        ids.updateNeedsToken,
        `GET ${url} did not answer the record around the tokenless update, or the example changes no field it shows steadily`,
      );
    } else t.verdict(ids.updateNeedsToken, true, '');
  }
  if (!isSuccess(reply.status)) return t.skipCheck(ids.getAfterUpdate, `the update was not accepted (${reply.status})`);
  await judgeGet(t, ids.getAfterUpdate, url, id, shown);
}

/**
 * Sends the create example without a token, before the real create. A record it made anyway is deleted at once
 * (a second record of the same example could clash with the real one, e.g. on a unique name): with the token, or,
 * filed elsewhere, without one; if neither delete takes, the report lists it as a leftover.
 */
async function createWithoutToken(
  t: ProbeRun,
  resource: ResourceFacts,
): Promise<{ reply: Reply | undefined; created: string | undefined } | undefined> {
  const example = t.ctx.examples.create(resource.path);
  // Without an example, the real create is skipped too, and this check with it.
  if (!example) return undefined;
  const reply = await t.sendExpectingRefusal({ method: 'POST', path: resource.path, credentials: 'none', body: example });
  const body = reply?.body;
  const created = reply && isSuccess(reply.status) && isPlainObject(body) && typeof body.id === 'string' ? body.id : undefined;
  if (created !== undefined) {
    t.ctx.ledger.add({ path: resource.path, id: created, credentials: 'token', notFoundMeansGone: false });
    const url = `${resource.path}/${created}`;
    // Forgotten only on proof: the token read it, deleted it, and then reads it gone. Otherwise it stays a leftover.
    if (isRecord(await t.send({ method: 'GET', path: url }), created)) {
      await t.send({ method: 'DELETE', path: url, body: deleteBody(resource) });
      if (isGone((await t.send({ method: 'GET', path: url })).status)) t.ctx.ledger.forget(resource.path, created);
    } else {
      // Filed where the token does not reach: try without one (what made it), and report it whatever the answer.
      await t.sendExpectingRefusal({ method: 'DELETE', path: url, credentials: 'none', body: deleteBody(resource) });
    }
  }
  return { reply, created };
}

const answerOf = (reply: Reply | undefined) => (reply ? answer(reply) : 'no answer');

/** `expected`'s values are all in `actual`: objects key by key (the server may add fields, e.g. defaults), the rest equal. */
function holds(actual: unknown, expected: unknown): boolean {
  if (isPlainObject(expected)) return isPlainObject(actual) && Object.entries(expected).every(([key, value]) => holds(actual[key], value));
  return canonical(actual) === canonical(expected);
}

/**
 * Sends the update example with credentials that may not change the record (none, or the other organization's
 * token), and tells whether the record, read with its own token, took any of the example's values. Undefined when
 * that cannot be told (the record not readable, or no steady field the example would change).
 */
export async function unauthorizedUpdate(
  t: ProbeRun,
  url: string,
  example: Record<string, unknown>,
  credentials: 'none' | 'token2' = 'none',
): Promise<{ changed: boolean; answer: string } | undefined> {
  // Read twice first: a field that moves on its own all the time (a counter, a timestamp) is no evidence.
  const first = await t.send({ method: 'GET', path: url });
  const before = await t.send({ method: 'GET', path: url });
  if (!isSuccess(before.status) || !isPlainObject(before.body) || !isPlainObject(first.body)) return undefined;
  const shownBefore = before.body;
  const firstShown = first.body;
  const steady = (key: string) => canonical(firstShown[key]) === canonical(shownBefore[key]);
  // Only values the example would change, among the fields the record shows and that stood still.
  const changes = Object.keys(example).filter((key) => key in shownBefore && steady(key) && !holds(shownBefore[key], example[key]));
  if (changes.length === 0) return undefined;
  const tokenless = () => t.sendExpectingRefusal({ method: 'PATCH', path: url, credentials, body: example });
  const appliedNow = async () => {
    const after = await t.send({ method: 'GET', path: url });
    return isSuccess(after.status) && isPlainObject(after.body)
      ? changes.filter((key) => holds((after.body as Record<string, unknown>)[key], example[key]))
      : undefined;
  };
  const reply = await tokenless();
  let applied = await appliedNow();
  if (applied === undefined) return undefined;
  // Accepted and changed: failed at once. Refused, yet changed: the field may have moved on its own at that very
  // moment (a webhook enabled once verified). Put it back with the token and send the tokenless update again:
  // a server that applies it and then answers 401 does it twice; a field that moved by itself does not.
  if (applied.length > 0 && !(reply && isSuccess(reply.status))) {
    const restore = Object.fromEntries(applied.map((key) => [key, shownBefore[key]]));
    await t.send({ method: 'PATCH', path: url, body: restore });
    const restored = await appliedNow();
    if (restored === undefined || restored.length > 0) return undefined;
    await tokenless();
    applied = await appliedNow();
    if (applied === undefined) return undefined;
  }
  return {
    changed: applied.length > 0,
    answer: `${answerOf(reply)}; then the record read with the token shows ${applied.join(', ') || 'none'} of the example's values`,
  };
}

/**
 * Tries the delete without a token. 'removed': it deleted the record (failed; the rest of the round trip is moot);
 * 'stays': the record stayed on a path the spec does not show (decided after the real delete); 'decided' otherwise.
 */
async function deleteWithoutToken(
  t: ProbeRun,
  resource: ResourceFacts,
  ids: Ids,
  url: string,
  id: string,
): Promise<'removed' | 'stays' | 'decided'> {
  const before = await t.send({ method: 'GET', path: url });
  if (!isSuccess(before.status)) {
    t.skipCheck(ids.deleteNeedsToken, `GET ${url} does not answer the record (${before.status}), so whether it stays cannot be seen`);
    return 'decided';
  }
  const listedBefore = await listed(t, resource.path, id);
  const reply = await t.sendExpectingRefusal({ method: 'DELETE', path: url, body: deleteBody(resource), credentials: 'none' });
  const { state, seen } = await whereabouts(t, resource.path, id, listedBefore);
  const what = `delete without a token: ${answerOf(reply)}; then ${seen}`;
  if (state === 'gone') {
    // Left in the ledger: the cleanup deletes it if the list was wrong, and a 404 there counts as gone.
    t.verdict(ids.deleteNeedsToken, false, what);
    return 'removed';
  }
  if (state === 'unknown') {
    t.skipCheck(ids.deleteNeedsToken, `after the delete without a token, ${seen}: whether the record stayed cannot be seen`);
    return 'decided';
  }
  if (!shownInSpec('DELETE', url)) return 'stays';
  // §5 says every operation takes the token, not how one without it is answered: only that nothing was deleted is judged.
  t.verdict(ids.deleteNeedsToken, true, what);
  return 'decided';
}

/** Judges the delete with the token and what follows; true when it was accepted. */
async function judgeDelete(t: ProbeRun, resource: ResourceFacts, ids: Ids, url: string, id: string): Promise<boolean> {
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
  await judgeListed(t, ids.listAfterDelete, resource.path, id, false);
  const after = await t.send({ method: 'GET', path: url });
  t.verdict(ids.getAfterDelete, after.status === 404, answer(after));
  // Forgotten only once a read shows it gone: a delete that answered 2xx but kept the record leaves it to the cleanup.
  if (isGone(after.status)) t.ctx.ledger.forget(resource.path, id);
  return true;
}

/** Every key of `expected` has the same value in `record`. */
function reflects(record: Record<string, unknown>, expected: Record<string, unknown>): boolean {
  return Object.entries(expected).every(([key, value]) => canonical(record[key]) === canonical(value));
}
