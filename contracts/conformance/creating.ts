/**
 * Creating a record from the published example, safely: run-unique names (one
 * more try with a fresh suffix on a 409), the new id found wherever the target
 * puts it, nothing that existed before the run taken for the kit's own, and
 * every accepted create written in the ledger, or reported as left behind.
 */
import { existedBefore, type SuiteContext } from './context.js';
import type { Reply, RequestSpec } from './http.js';
import { isSuccess } from './http.js';
import type { Ledger } from './ledger.js';
import { listItems } from './listing.js';
import { idsOf, isPlainObject } from './matchers.js';
import { atPointer } from './pointer.js';
import type { Credentials, LedgerEntry } from './types.js';
import { fieldsNamedIn, runUnique } from './unique-values.js';

export interface Created {
  reply: Reply;
  /** The new record's id, written in the ledger; undefined when the create was not accepted or its id is unknown. */
  id?: string;
  /** Set instead of `id` when the create answered a record that was there before the run (an idempotent create). */
  preexisting?: string;
}

export interface CreateOptions {
  credentials?: Credentials;
  ledger?: Ledger;
  /** Ledger fields beyond path, id and credentials (see LedgerEntry). */
  entry?: Pick<LedgerEntry, 'notFoundMeansGone'>;
}

type Sender = (spec: RequestSpec) => Promise<Reply>;

/** Sends `example` to `path` (POST) as described above. */
export async function createRecord(
  ctx: SuiteContext,
  send: Sender,
  path: string,
  example: Record<string, unknown>,
  options: CreateOptions = {},
): Promise<Created> {
  const credentials = options.credentials ?? 'token';
  const ledger = options.ledger ?? ctx.ledger;
  let reply = await send({ method: 'POST', path, credentials, body: runUnique(example, ctx.suffix()) });
  // Taken already (by a record from before the run, or a clash on a field the kit did not think to vary): once more.
  if (reply.status === 409) {
    const named = fieldsNamedIn(reply.text, example);
    reply = await send({ method: 'POST', path, credentials, body: runUnique(example, ctx.suffix(), named) });
  }
  if (!isSuccess(reply.status)) return { reply };
  const id = await createdId(ctx, send, path, reply);
  if (id === undefined) {
    ledger.lost({
      path,
      id: '(unknown)',
      credentials,
      note: `POST ${path} answered ${reply.status}, but the new record's id was not in the answer${ctx.target.idPointer ? ` at ${ctx.target.idPointer}` : ''}, in a Location header, or new in the list`,
    });
    return { reply };
  }
  if (existedBefore(ctx, path, id)) return { reply, preexisting: id };
  ledger.add({ path, id, credentials, ...options.entry });
  const made = ctx.madeByKit.get(path) ?? new Set<string>();
  made.add(id.toLowerCase());
  ctx.madeByKit.set(path, made);
  return { reply, id };
}

/** The id of the record an accepted create made: --id-pointer, else top-level `id`, else Location, else the list compared. */
async function createdId(ctx: SuiteContext, send: Sender, path: string, reply: Reply): Promise<string | undefined> {
  const answered = idInAnswer(ctx, path, reply);
  if (answered !== undefined) return answered;
  const list = await send({ method: 'GET', path });
  const known = new Set([...(ctx.inventory.get(path) ?? []), ...(ctx.madeByKit.get(path) ?? [])]);
  // Without an inventory, no id can be told new.
  if (!ctx.inventory.get(path)) return undefined;
  const fresh = idsOf(listItems(ctx.target, path, list.body, ctx.notes)).filter((candidate) => !known.has(candidate.toLowerCase()));
  if (fresh.length !== 1) return undefined;
  ctx.notes.add(`the id of a record created by POST ${path} was found by comparing the list before and after the create`);
  return fresh[0];
}

/** The id an accepted create's answer gives: at --id-pointer, else the top-level `id`, else in a Location header. */
export function idInAnswer(ctx: SuiteContext, path: string, reply: Reply): string | undefined {
  const { idPointer } = ctx.target;
  const pointed = idPointer === undefined ? undefined : atPointer(reply.body, idPointer);
  if (typeof pointed === 'string') return pointed;
  if (isPlainObject(reply.body) && typeof reply.body.id === 'string') return reply.body.id;
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
