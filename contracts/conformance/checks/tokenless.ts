/**
 * The round trip's requests without a token (or with the other organization's): a create, an update and a
 * delete that must change nothing, each judged by what the record, read with its own token, shows afterwards.
 */
import { answer, canonical, idsOf, isGone, isPlainObject, sameId } from '../matchers.js';
import { deleteBody, type ResourceFacts, shownInSpec } from '../resources.js';
import { claimCreated, recordMade, showsSent, variedFields } from '../target/creating.js';
import { isRefusal, isSuccess, type Reply } from '../target/http.js';
import { recordPath } from '../target/record-path.js';
import { settled } from '../target/settle.js';
import { runUnique } from '../target/unique-values.js';
import type { Attempt, ProbeRun } from './probe.js';
import { listed, recordPresence } from './record-presence.js';
import type { roundTripIds } from './round-trip-checks.js';

type Ids = ReturnType<typeof roundTripIds>;

export const answerOf = (reply: Reply | undefined) => (reply ? answer(reply) : 'no answer');

/** A create sent without a token: its answer, what it made (if accepted), and what to look for in the list afterwards. */
export interface TokenlessCreate {
  reply: Reply | undefined;
  /** Why the answer shows nothing either way (a 5xx, a 429, no answer): a record found still fails the check. */
  nothing?: string;
  accepted: boolean;
  created: string | undefined;
  /** The run-unique values it carried: a record showing one of them is this request's doing. */
  varied: Record<string, string>;
  /** When it was answered (`performance.now()`), and how long its read-back reads from then (ProbeRun.attempt). */
  answeredAt: number;
  settleMs: number;
}

/**
 * Sends the create example (run-unique) without a token, before the real create. A record it made anyway is
 * deleted at once: with the token, or, filed elsewhere, without one; if neither delete takes, the report lists
 * it as a leftover. An id that was there before the run is not the request's doing, and is left alone. An answer
 * that shows nothing (a 5xx, a 429) or none at all is kept as such: the list read afterwards still decides.
 */
export async function createWithoutToken(t: ProbeRun, resource: ResourceFacts): Promise<TokenlessCreate | undefined> {
  const example = t.ctx.examples.create(resource.path);
  // Without an example, the real create is skipped too, and this check with it.
  if (!example) return undefined;
  const body = runUnique(example, t.ctx.suffix());
  const varied = variedFields(example, body);
  const { reply, nothing, answeredAt, settleMs } = await t.attempt({ method: 'POST', path: resource.path, credentials: 'none', body });
  // Any 2xx accepted it, whatever the answer holds: the caller fails the check on that alone.
  if (reply === undefined || nothing !== undefined || !isSuccess(reply.status))
    return { reply, ...(nothing !== undefined ? { nothing } : {}), accepted: false, created: undefined, varied, answeredAt, settleMs };
  const accepted = true;
  const claimed = await claimCreated(t.ctx, (spec) => t.send(spec), resource.path, reply, varied, {
    credentials: 'none',
    ledger: t.ctx.ledger,
  });
  // A record from before the run is not the request's doing, and is left alone; one not the kit's is listed.
  const created = claimed.id;
  if (created === undefined) return { reply, accepted, created: undefined, varied, answeredAt, settleMs };
  const url = recordPath(resource.path, created);
  // Forgotten only on proof: the token read it, deleted it, and then reads it gone. Otherwise it stays a leftover.
  if (t.isRecord(await t.send({ method: 'GET', path: url }), created)) {
    await t.send({ method: 'DELETE', path: url, body: deleteBody(resource) });
    if (isGone((await t.send({ method: 'GET', path: url })).status)) t.ctx.ledger.forget(resource.path, created);
  } else {
    // Filed where the token does not reach: try without one (what made it), and report it whatever the answer.
    await t.sendAny({ method: 'DELETE', path: url, credentials: 'none', body: deleteBody(resource) });
  }
  return { reply, accepted, created, varied, answeredAt, settleMs };
}

/**
 * Judges a create without a token that was not accepted, once the create with the token made `own`: it passes only
 * on a refusal (a 4xx other than 429) and on the token's whole list, read over the settle time, holding no record
 * that shows a run-unique value the refused create sent, while the same reading shows `own` with those fields (a
 * list that does not show them could not show the refused create's record either). A record found is the
 * request's doing: the check fails, and the record goes into the ledger to be deleted.
 */
export async function judgeRefusedCreate(t: ProbeRun, resource: ResourceFacts, check: string, sneaked: TokenlessCreate, own: string) {
  const { reply, varied } = sneaked;
  const { path } = resource;
  const fields = Object.keys(varied);
  if (fields.length === 0)
    return t.skipCheck(
      check,
      `the create example carries no value the kit makes unique to the run, so a record the refused create made could not be told from others`,
    );
  const made = (items: unknown[] | undefined) => (items ?? []).filter((item) => showsSent(item, varied, 0));
  const read = await settled(
    () => t.list(path, 'token', true),
    (reading) => made(reading.items).length > 0,
    sneaked.settleMs,
    sneaked.answeredAt,
  );
  const found = made(read.items);
  if (found.length > 0) {
    const ids = idsOf(found);
    for (const id of ids) recordMade(t.ctx, t.ctx.ledger, path, id, 'none');
    return t.verdict(
      check,
      false,
      `without a token: ${sneaked.nothing ?? answerOf(reply)}; yet the token's list then holds ${ids.length > 0 ? ids.join(', ') : 'a record'} carrying the values that create sent`,
      found[0],
    );
  }
  // No record found: that counts only after a refusal, a 4xx other than 429.
  if (sneaked.nothing !== undefined) return t.skipCheck(check, `the create without a token: ${sneaked.nothing}`);
  if (reply === undefined || !isRefusal(reply.status))
    return t.skipCheck(check, `the create without a token answered ${answerOf(reply)}, which is neither a refusal nor an acceptance`);
  if (read.items === undefined) return t.skipCheck(check, `after the refused create, ${read.why ?? `GET ${path} did not answer a list`}`);
  if (!read.whole) return t.skipCheck(check, `after the refused create, the list was not read whole: ${read.why}`);
  const ownItem = read.items.find((item) => isPlainObject(item) && sameId(item.id, own));
  if (!isPlainObject(ownItem) || !fields.some((key) => typeof ownItem[key] === 'string'))
    return t.skipCheck(
      check,
      `the token's list, read after the refused create, does not show the record the token created (${own}) with the fields made unique (${fields.join(', ')}), so it could not show one the refused create made either`,
    );
  t.verdict(check, true, '');
}

/** `expected`'s values are all in `actual`: objects key by key (the server may add fields, e.g. defaults), the rest equal. */
export function holds(actual: unknown, expected: unknown): boolean {
  if (isPlainObject(expected)) return isPlainObject(actual) && Object.entries(expected).every(([key, value]) => holds(actual[key], value));
  return canonical(actual) === canonical(expected);
}

/** Why an update `unauthorizedUpdate` saw accepted, yet taking no value so far, judges nothing (`sent`: how it was sent). */
export const acceptedNotYetSeen = (sent: string, answer: string): string =>
  `${sent}: ${answer}, but the update was accepted, which is no refusal: it may yet be carried out after --settle-ms`;

/**
 * Sends the update example with credentials that may not change the record (none, or the other organization's
 * token), and tells whether the record, read with its own token over the settle time, took any of the example's
 * values: `changed` true fails, false (a refusal, and no value taken) passes, undefined (accepted, yet no value
 * taken so far) is no evidence either way. Undefined when that cannot be told (the record not readable, or no
 * steady field the example would change).
 */
export async function unauthorizedUpdate(
  t: ProbeRun,
  url: string,
  example: Record<string, unknown>,
  credentials: 'none' | 'token2' = 'none',
): Promise<{ changed: boolean | undefined; answer: string } | undefined> {
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
  const tokenless = () => t.attempt({ method: 'PATCH', path: url, credentials, body: example });
  // The keys the record, read with its own token, shows with the example's values; undefined when it was not read.
  const appliedNow = async () => {
    const after = await t.sendAny({ method: 'GET', path: url });
    const shown = isSuccess(after.status) ? shownBy(after) : undefined;
    return shown !== undefined ? changes.filter((key) => holds(shown[key], example[key])) : undefined;
  };
  // Read over the settle time from the answer (a target may carry out a write later, a 202 or a refusal queued anyway).
  const appliedBy = (sent: Attempt) =>
    settled(appliedNow, (applied) => applied !== undefined && applied.length > 0, sent.settleMs, sent.answeredAt);
  const sent = await tokenless();
  const { reply } = sent;
  let applied = await appliedBy(sent);
  if (applied === undefined) return undefined;
  // Accepted and changed: failed at once. Refused, yet changed: the field may have moved on its own at that very
  // moment (a webhook enabled once verified). Put it back with the token and send the tokenless update again:
  // a server that applies it and then answers 401 does it twice; a field that moved by itself does not.
  if (applied.length > 0 && !(reply && isSuccess(reply.status))) {
    const restore = Object.fromEntries(applied.map((key) => [key, shownBefore[key]]));
    await t.send({ method: 'PATCH', path: url, body: restore });
    const restored = await appliedNow();
    if (restored === undefined || restored.length > 0) return undefined;
    applied = await appliedBy(await tokenless());
    if (applied === undefined) return undefined;
  }
  const answered = `${sent.nothing ?? answerOf(reply)}; then the record read with the token shows ${applied.join(', ') || 'none'} of the example's values`;
  // Nothing changed passes only on a refusal: an accepted update may yet be carried out after the settle time.
  if (applied.length === 0 && !(reply && sent.nothing === undefined && isRefusal(reply.status)))
    return { changed: undefined, answer: answered };
  return { changed: applied.length > 0, answer: answered };
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
  const sent = await t.attempt({ method: 'DELETE', path: url, body: deleteBody(resource), credentials: 'none' });
  const { reply } = sent;
  const { state, seen } = await recordPresence(t, resource.path, id, listedBefore, sent.answeredAt, sent.settleMs);
  const what = `delete without a token: ${sent.nothing ?? answerOf(reply)}; then ${seen}`;
  if (state === 'gone') {
    // Left in the ledger: the cleanup deletes it if the list was wrong, and a 404 there counts as gone.
    t.verdict(ids.deleteNeedsToken, false, what);
    return 'removed';
  }
  if (state === 'unknown') {
    t.skipCheck(ids.deleteNeedsToken, `after the delete without a token, ${seen}: whether the record stayed cannot be seen`);
    return 'decided';
  }
  // Still there passes only after a refusal: an accepted delete may yet be carried out after the settle time.
  if (reply === undefined || sent.nothing !== undefined || !isRefusal(reply.status)) {
    t.skipCheck(ids.deleteNeedsToken, `${what}, but that answer is no refusal: the delete may yet be carried out after --settle-ms`);
    return 'decided';
  }
  if (!shownInSpec('DELETE', url)) return 'stays';
  // §5 says every operation takes the token, not how one without it is answered: only that nothing was deleted is judged.
  t.verdict(ids.deleteNeedsToken, true, what);
  return 'decided';
}
