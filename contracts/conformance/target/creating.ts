/**
 * Creating a record from the published example, safely: run-unique names (one
 * more try with a fresh suffix on a 409), the new id found wherever the target
 * puts it, nothing that existed before the run taken for the kit's own, and
 * every accepted create written in the ledger, or reported as left behind.
 */
import { existedBefore, type SuiteContext } from '../context.js';
import { idsOf, isPlainObject } from '../matchers.js';
import type { Reply, RequestSpec } from './http.js';
import { isSuccess } from './http.js';
import type { Ledger } from './ledger.js';
import { atPointer } from './pointer.js';
import { fieldsNamedIn, runUnique } from './unique-values.js';

export interface Created {
  reply: Reply;
  /** The new record's id, written in the ledger; undefined when the create was not accepted or its id is unknown. */
  id?: string;
  /** Set instead of `id` when the create answered a record that was there before the run (an idempotent create). */
  preexisting?: string;
  /**
   * Set instead of `id` when the path's list could not be read before the run and neither the answer nor a read
   * of the id shows the run-unique name just sent: it may be a record from before the run, so it is not touched.
   */
  unconfirmed?: string;
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
        problem: `POST ${path} requires ${reference.member}, and the record it names could not be created first (POST ${reference.path} answered ${made.reply.status})`,
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
  return { reply, ...(await claimCreated(ctx, send, path, reply, variedFields(example, sent), { credentials, ledger })) };
}

/**
 * What an accepted create made, as the kit may treat it: its id (written in the ledger, to be deleted), or the id
 * of a record from before the run (`preexisting`, never touched), or an id the kit cannot show to be its own
 * (`unconfirmed`, listed as left behind), or nothing when no id can be found (listed as left behind).
 * `credentials` are the create's: one sent without a token made a record the kit may not reach, so its ledger
 * entry is deleted with the token but a 404 there does not count as gone, and its id is not looked for in the list.
 */
export async function claimCreated(
  ctx: SuiteContext,
  send: Sender,
  path: string,
  reply: Reply,
  varied: Record<string, string>,
  how: { credentials: 'token' | 'none'; ledger: Ledger },
): Promise<Omit<Created, 'reply'>> {
  const { credentials, ledger } = how;
  const id = credentials === 'token' ? await createdId(ctx, send, path, reply, varied) : idInAnswer(ctx, path, reply);
  if (id === undefined) {
    const pointer = ctx.target.idPointer ? ` at ${ctx.target.idPointer}` : '';
    const note =
      credentials === 'token'
        ? `POST ${path} answered ${reply.status}, but the new record's id was not in the answer${pointer}, in a Location header, or new in the list`
        : `POST ${path} without a token answered ${reply.status}, but no id of a record it may have made was in the answer${pointer} or a Location header`;
    ledger.lost({ path, id: '(unknown)', credentials, note });
    return {};
  }
  if (existedBefore(ctx, path, id)) return { preexisting: id };
  // Without the list read before the run, an answered id may be a record from before it: listed, never deleted.
  if (!(await isOwnRecord(ctx, send, path, reply, id, varied))) {
    ledger.lost({ path, id, credentials, note: unconfirmedNote(path, reply.status) });
    return { unconfirmed: id };
  }
  ledger.add({ path, id, credentials: 'token', ...(credentials === 'none' ? { notFoundMeansGone: false } : {}) });
  const made = ctx.madeByKit.get(path) ?? new Set<string>();
  made.add(id.toLowerCase());
  ctx.madeByKit.set(path, made);
  return { id };
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
  // Without an inventory, no id can be told new.
  if (!ctx.inventory.get(path)) return undefined;
  const list = await ctx.adapter.list(send, path);
  const known = new Set([...(ctx.inventory.get(path) ?? []), ...(ctx.madeByKit.get(path) ?? [])]);
  // A fresh id is the kit's only when its record shows a run-unique value just sent: another client may have
  // created one meanwhile on a shared environment.
  const items = list.items ?? [];
  const fresh = idsOf(items.filter((item) => showsSent(item, varied, 0))).filter((candidate) => !known.has(candidate.toLowerCase()));
  if (fresh.length !== 1) return undefined;
  ctx.notes.add(`the id of a record created by POST ${path} was found by comparing the list before and after the create`);
  return fresh[0];
}

/** The fields `runUnique` changed in `sent` (the run-unique names), with the values sent. */
export function variedFields(example: Record<string, unknown>, sent: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(sent).filter(([key, value]) => typeof value === 'string' && value !== example[key])) as Record<
    string,
    string
  >;
}

/**
 * Whether `value`, or an object inside it (an envelope such as `{data: {...}}`), holds a varied field as sent: the
 * values are unique to the run, so one is enough (a target may write another back in its own form, a phone number).
 */
export function showsSent(value: unknown, varied: Record<string, string>, depth: number): boolean {
  const entries = Object.entries(varied);
  if (!isPlainObject(value) || entries.length === 0 || depth > 3) return false;
  if (entries.some(([key, sent]) => value[key] === sent)) return true;
  return Object.values(value).some((inner) => showsSent(inner, varied, depth + 1));
}

/**
 * Whether the answered `id` is a record the kit's create made. With the path's list read before the run, an id
 * not in it is new. Without it, an id is taken as the kit's own only when the create's answer, or else a read of
 * the id, shows the run-unique name just sent: an idempotent or broken create may answer a record from before the
 * run, and the kit would then delete it.
 */
async function isOwnRecord(
  ctx: SuiteContext,
  send: Sender,
  path: string,
  reply: Reply,
  id: string,
  varied: Record<string, string>,
): Promise<boolean> {
  if (ctx.inventory.get(path) !== undefined) return true;
  if (showsSent(reply.body, varied, 0)) return true;
  const read = await send({ method: 'GET', path: `${path}/${id}` });
  return ctx.adapter.isRecord(read, id) && showsSent(read.body, varied, 0);
}

/** Why an answered id the kit cannot show to be its own is left alone and listed. */
function unconfirmedNote(path: string, status: number): string {
  return `POST ${path} answered ${status} with this id, but the list of ${path} could not be read before the run (give --list-pointer) and neither the answer nor GET of the id shows the run-unique name sent, so it may be a record from before the run: not deleted, check it by hand`;
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
  return rest !== '' && !rest.includes('/') ? decodeURIComponent(rest) : undefined;
}
