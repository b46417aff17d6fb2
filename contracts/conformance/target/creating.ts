/**
 * Creating a record from the published example, safely: run-unique names (one
 * more try with a fresh suffix on a 409), the new id found wherever the target
 * puts it, only a record the kit can show its create made taken for its own
 * (ownership.ts), and every accepted create written in the ledger, or reported.
 */
import { inventoryWhole, type SuiteContext } from '../context.js';
import { idKey, idsOf } from '../matchers.js';
import type { Credentials } from '../types.js';
import type { Reply, RequestSpec } from './http.js';
import { isSuccess } from './http.js';
import type { Ledger } from './ledger.js';
import { ownership, showsSent, variedFields } from './ownership.js';
import { atPointer } from './pointer.js';
import { idOfSegment, whyUnaddressable } from './record-path.js';
import { fieldsNamedIn, runUnique } from './unique-values.js';

export { showsSent, variedFields } from './ownership.js';

export interface Created {
  reply: Reply;
  /** The new record's id, written in the ledger; undefined when the create was not accepted or its id is unknown. */
  id?: string;
  /**
   * Set instead of `id` when the answer is no evidence that the kit's create made the record it names (an id from
   * before the run or one the run had already, another name than the one sent, a status the target's document
   * does not declare for a creation): that record is never changed or deleted; `why` says so, naming its id.
   */
  notOwn?: { id: string; why: string };
  /** The body the accepted create carried (the example with its references and the run's unique values). */
  sent?: Record<string, unknown>;
}

export interface CreateOptions {
  /** The ledger the record goes into: the run's (deleted when its check ends or the run does) or the seed ledger. */
  ledger?: Ledger;
}

type Sender = (spec: RequestSpec) => Promise<Reply>;

/**
 * `example` with the required members that name other records (see bodies.ts) filled in: each such record is
 * created first, from its own body, and written in the ledger, so it is deleted after the record that names it.
 * The body, or why it could not be completed.
 */
export async function withReferences(
  ctx: SuiteContext,
  send: Sender,
  path: string,
  example: Record<string, unknown>,
  options: CreateOptions = {},
): Promise<{ body: Record<string, unknown> } | { problem: string }> {
  const body = { ...example };
  for (const reference of ctx.examples.references?.(path) ?? []) {
    const named = ctx.examples.create(reference.path);
    if (named === undefined || reference.path === path || (ctx.examples.references?.(reference.path) ?? []).length > 0)
      return {
        problem: `POST ${path} requires ${reference.member}, a record of ${reference.path} the kit cannot create on its own; give a body with --examples`,
      };
    const made = await createRecord(ctx, send, reference.path, named, options);
    if (made.id === undefined)
      return {
        problem: `POST ${path} requires ${reference.member}, and the record it names could not be created first (${made.notOwn?.why ?? `POST ${reference.path} answered ${made.reply.status}`})`,
      };
    body[reference.member] = reference.many ? [made.id] : made.id;
  }
  return { body };
}

/** Sends `example` to `path` (POST) as described above. */
export async function createRecord(
  ctx: SuiteContext,
  send: Sender,
  path: string,
  example: Record<string, unknown>,
  options: CreateOptions = {},
): Promise<Created> {
  // Always with the token: the records a create with other credentials makes are handled where it is sent (tokenless.ts).
  const credentials = 'token';
  const ledger = options.ledger ?? ctx.ledger;
  let sent = runUnique(example, ctx.suffix());
  let reply = await send({ method: 'POST', path, credentials, body: sent });
  // Taken already (by a record from before the run, or a clash on a field the kit did not think to vary): once more.
  if (reply.status === 409) {
    sent = runUnique(example, ctx.suffix(), fieldsNamedIn(reply.text, example));
    reply = await send({ method: 'POST', path, credentials, body: sent });
  }
  if (!isSuccess(reply.status)) return { reply };
  return { reply, sent, ...(await claimCreated(ctx, send, path, reply, variedFields(example, sent), { credentials, ledger })) };
}

/**
 * What an accepted create made, as the kit may treat it: its id (written in the ledger, to be deleted) only on
 * evidence that the kit's create made that record in this run (ownership.ts); otherwise `notOwn`: the answered
 * record is never changed or deleted, and is named in the notes and among the records left behind (unless an
 * earlier create of the run made it), for a person to look at. No id found at all is listed as left behind too. `credentials` are the create's: one sent
 * without a token made a record the kit may not reach, so its ledger entry is deleted with the token but a 404
 * there does not count as gone; one sent with the second token is deleted with it. Only the token's creates look
 * for the id in the list.
 */
export async function claimCreated(
  ctx: SuiteContext,
  send: Sender,
  path: string,
  reply: Reply,
  varied: Record<string, string>,
  how: { credentials: Credentials; ledger: Ledger },
): Promise<Omit<Created, 'reply'>> {
  const { credentials, ledger } = how;
  const id = credentials === 'token' ? await createdId(ctx, send, path, reply, varied) : idInAnswer(ctx, path, reply);
  const request = `POST ${path}${credentials === 'token2' ? ' with the second token' : credentials === 'none' ? ' without a token' : ''}`;
  if (id === undefined) {
    const pointer = ctx.target.idPointer ? ` at ${ctx.target.idPointer}` : '';
    const note =
      credentials === 'token'
        ? `POST ${path} answered ${reply.status}, but the new record's id was not in the answer${pointer}, in a Location header, or new in the list`
        : `${request} answered ${reply.status}, but no id of a record it may have made was in the answer${pointer} or a Location header`;
    ledger.lost({ path, id: '(unknown)', credentials, note });
    return {};
  }
  // A record no path can name is never read, changed or deleted: listed for a person, and nothing goes on with it.
  const unaddressable = whyUnaddressable(id);
  if (unaddressable !== undefined) {
    const why = `${request} answered ${reply.status}, but ${unaddressable}: the kit can neither read, change nor delete that record`;
    ctx.notes.add(why);
    ledger.lost({ path, id, credentials, note: `${why}; check it by hand` });
    return { notOwn: { id, why } };
  }
  const owned = await ownership(ctx, send, { path, reply, id, varied, credentials });
  if (!owned.own) {
    const why = `${request} answered ${reply.status} with the record ${id}, ${owned.why}: the kit does not change or delete that record, so there is no record of its own to go on with`;
    ctx.notes.add(why);
    // Listed with the records left behind, so that a person looks at it; one the run made earlier is in the ledger.
    if (owned.earlier === undefined)
      ledger.lost({ path, id, credentials, note: `${request} answered it, ${owned.why}: left alone, check it by hand` });
    return { notOwn: { id, why } };
  }
  recordMade(ctx, ledger, path, id, credentials);
  return { id };
}

/**
 * A record the kit made, sent with `credentials`: in `ledger`, to be deleted at the end, and among the records the
 * kit made (of the second organization too, with the second token). A record a create without a token made is
 * deleted with the token; a 404 then is no proof it is gone.
 */
export function recordMade(ctx: SuiteContext, ledger: Ledger, path: string, id: string, credentials: Credentials): void {
  ledger.add(credentials === 'none' ? { path, id, credentials: 'token', notFoundMeansGone: false } : { path, id, credentials });
  for (const made of credentials === 'token2' ? [ctx.madeByKit, ctx.madeWithToken2] : [ctx.madeByKit]) {
    made.set(path, (made.get(path) ?? new Set<string>()).add(idKey(id)));
  }
}

/** The id of the record an accepted create made: --id-pointer, else top-level `id`, else Location, else the list compared. */
async function createdId(
  ctx: SuiteContext,
  send: Sender,
  path: string,
  reply: Reply,
  varied: Record<string, string>,
): Promise<string | undefined> {
  const answered = idInAnswer(ctx, path, reply);
  if (answered !== undefined) return answered;
  // Only a list read whole, before the run and now, can tell an id new.
  if (!inventoryWhole(ctx, path)) return undefined;
  const list = await ctx.adapter.list(send, path);
  if (!list.whole) return undefined;
  const known = new Set([...(ctx.inventory.get(path)?.ids ?? []), ...(ctx.madeByKit.get(path) ?? [])]);
  // A fresh id is the kit's only when its record shows a run-unique value just sent: another client may have
  // created one meanwhile on a shared environment.
  const items = list.items ?? [];
  const fresh = idsOf(items.filter((item) => showsSent(item, varied, 0))).filter((candidate) => !known.has(idKey(candidate)));
  if (fresh.length !== 1) return undefined;
  ctx.notes.add(`the id of a record created by POST ${path} was found by comparing the list before and after the create`);
  return fresh[0];
}

/** The id an accepted create's answer gives: at --id-pointer, else the top-level `id`, else in a Location header. */
export function idInAnswer(ctx: SuiteContext, path: string, reply: Reply): string | undefined {
  const { idPointer } = ctx.target;
  const pointed = idPointer === undefined ? undefined : atPointer(reply.body, idPointer);
  if (typeof pointed === 'string') return pointed;
  const record = ctx.adapter.record(reply.body);
  if (typeof record?.id === 'string') return record.id;
  const fromLocation = idOfLocation(reply.headers.get('location'), path);
  if (fromLocation !== undefined) ctx.notes.add(`the id of a record created by POST ${path} was read from the Location header`);
  return fromLocation;
}

/** The last path segment of a Location under `path` (`/api/v1/tools/<id>`, absolute or relative). */
function idOfLocation(location: string | null, path: string): string | undefined {
  if (location === null || !URL.canParse(location, 'http://target.invalid')) return undefined;
  const { pathname } = new URL(location, 'http://target.invalid');
  const at = pathname.lastIndexOf(`${path}/`);
  if (at === -1) return undefined;
  const rest = pathname.slice(at + path.length + 1).replace(/\/$/, '');
  return rest !== '' && !rest.includes('/') ? idOfSegment(rest) : undefined;
}
