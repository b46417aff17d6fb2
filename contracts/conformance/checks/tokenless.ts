/**
 * The round trip's requests without a token (or with the other organization's): a create, an update and a
 * delete that must change nothing, each judged by what the record, read with its own token, shows afterwards.
 */
import { answer, canonical, isGone, isPlainObject } from '../matchers.js';
import { deleteBody, type ResourceFacts, shownInSpec } from '../resources.js';
import { claimCreated, variedFields } from '../target/creating.js';
import { isSuccess, type Reply } from '../target/http.js';
import { runUnique } from '../target/unique-values.js';
import type { ProbeRun } from './probe.js';
import { listed, recordPresence } from './record-presence.js';
import type { roundTripIds } from './round-trip-checks.js';

type Ids = ReturnType<typeof roundTripIds>;

export const answerOf = (reply: Reply | undefined) => (reply ? answer(reply) : 'no answer');

/**
 * Sends the create example (run-unique) without a token, before the real create. A record it made anyway is
 * deleted at once: with the token, or, filed elsewhere, without one; if neither delete takes, the report lists
 * it as a leftover. An id that was there before the run is not the request's doing, and is left alone.
 */
export async function createWithoutToken(
  t: ProbeRun,
  resource: ResourceFacts,
): Promise<{ reply: Reply | undefined; accepted: boolean; created: string | undefined } | undefined> {
  const example = t.ctx.examples.create(resource.path);
  // Without an example, the real create is skipped too, and this check with it.
  if (!example) return undefined;
  const body = runUnique(example, t.ctx.suffix());
  const reply = await t.sendExpectingRefusal({ method: 'POST', path: resource.path, credentials: 'none', body });
  // Any 2xx accepted it, whatever the answer holds: the caller fails the check on that alone.
  const accepted = reply !== undefined && isSuccess(reply.status);
  if (!accepted) return { reply, accepted, created: undefined };
  const claimed = await claimCreated(t.ctx, (spec) => t.send(spec), resource.path, reply, variedFields(example, body), {
    credentials: 'none',
    ledger: t.ctx.ledger,
  });
  // A record from before the run is not the request's doing, and is left alone; one not the kit's is listed.
  const created = claimed.id;
  if (created === undefined) return { reply, accepted, created: undefined };
  const url = `${resource.path}/${created}`;
  // Forgotten only on proof: the token read it, deleted it, and then reads it gone. Otherwise it stays a leftover.
  if (t.isRecord(await t.send({ method: 'GET', path: url }), created)) {
    await t.send({ method: 'DELETE', path: url, body: deleteBody(resource) });
    if (isGone((await t.send({ method: 'GET', path: url })).status)) t.ctx.ledger.forget(resource.path, created);
  } else {
    // Filed where the token does not reach: try without one (what made it), and report it whatever the answer.
    await t.sendExpectingRefusal({ method: 'DELETE', path: url, credentials: 'none', body: deleteBody(resource) });
  }
  return { reply, accepted, created };
}

/** `expected`'s values are all in `actual`: objects key by key (the server may add fields, e.g. defaults), the rest equal. */
export function holds(actual: unknown, expected: unknown): boolean {
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
  // The record as the adapter reads it (bare or in its envelope), else the answer's object as it is.
  const shownBy = (reply: Reply) => (isPlainObject(reply.body) ? (t.record(reply) ?? reply.body) : undefined);
  const first = await t.send({ method: 'GET', path: url });
  const before = await t.send({ method: 'GET', path: url });
  const shownBefore = shownBy(before);
  const firstShown = shownBy(first);
  if (!isSuccess(before.status) || shownBefore === undefined || firstShown === undefined) return undefined;
  const steady = (key: string) => canonical(firstShown[key]) === canonical(shownBefore[key]);
  // Only values the example would change, among the fields the record shows and that stood still.
  const changes = Object.keys(example).filter((key) => key in shownBefore && steady(key) && !holds(shownBefore[key], example[key]));
  if (changes.length === 0) return undefined;
  const tokenless = () => t.sendExpectingRefusal({ method: 'PATCH', path: url, credentials, body: example });
  const appliedNow = async () => {
    const after = await t.send({ method: 'GET', path: url });
    const shown = shownBy(after);
    return isSuccess(after.status) && shown !== undefined ? changes.filter((key) => holds(shown[key], example[key])) : undefined;
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
export async function deleteWithoutToken(
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
  const listedBefore = (await listed(t, resource.path, id)).holds;
  const reply = await t.sendExpectingRefusal({ method: 'DELETE', path: url, body: deleteBody(resource), credentials: 'none' });
  const { state, seen } = await recordPresence(t, resource.path, id, listedBefore);
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
