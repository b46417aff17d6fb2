/**
 * Whether a record a create answered is the kit's own: the one rule behind "the kit changes or deletes only
 * records it created in this run". A create's answer is evidence of that only when all of these hold:
 * - the id was in no list the kit read before the run (a list read in part still protects the ids it showed),
 *   and no earlier create of the run answered it (an idempotent create hands back what it made before);
 * - the answer's status is one the target's OpenAPI document declares for a creation, when it declares any
 *   (a 200 where it declares only 201 is how an idempotent create says "this one already existed");
 * - the record, as the answer holds it or else as a GET of its id shows it, carries a value the kit sent that is
 *   unique to the run (its run-tagged name, URL, email…; see unique-values.ts). A record that shows another
 *   value in such a field (another name) is not the kit's, whatever else is true of it.
 * A create example with no value the kit can make unique leaves only the inventory: its new id counts when the
 * lists were read whole before the run. Anything else is not the kit's: never changed or deleted.
 */
import { existedBefore, inventoryWhole, type SuiteContext } from '../context.js';
import { idKey, isPlainObject, show } from '../matchers.js';
import type { Credentials } from '../types.js';
import type { Reply, RequestSpec } from './http.js';
import { recordPath } from './record-path.js';

/**
 * The verdict on one answered record: the kit's own, or not and why (read after "with the record <id>, …");
 * `earlier` when it is the record an earlier create of the run made (in the ledger already).
 */
export type Ownership = { own: true } | { own: false; why: string; earlier?: true };

export interface AnsweredCreate {
  path: string;
  reply: Reply;
  /** The id the answer (or the list) gave. */
  id: string;
  /** The run-unique values sent, by field (`variedFields`). */
  varied: Record<string, string>;
  credentials: Credentials;
}

/** Whether the record `created` names is the kit's own (see the module comment). */
export async function ownership(
  ctx: SuiteContext,
  send: (spec: RequestSpec) => Promise<Reply>,
  created: AnsweredCreate,
): Promise<Ownership> {
  const { path, reply, id, varied, credentials } = created;
  if (existedBefore(ctx, path, id)) return { own: false, why: 'which was there before the run (in a list the kit read at the start)' };
  if (ctx.madeByKit.get(path)?.has(idKey(id)))
    return { own: false, why: 'which an earlier create of this run had answered, so this one made no record of its own', earlier: true };
  // An answered record that shows other values where the kit sent run-unique ones is another record.
  const answeredRecord = ctx.adapter.record(reply.body);
  const answered = sentIn(answeredRecord, varied);
  if (answered === 'other') return { own: false, why: otherValues(answeredRecord, varied) };
  const declared = ctx.examples.createStatuses?.(path) ?? [];
  if (declared.length > 0 && !declared.includes(reply.status))
    return {
      own: false,
      why: `a status the target's OpenAPI document does not declare for POST ${path} (it declares ${declared.join(', ')}), so the answer does not say a record was created`,
    };
  if (Object.keys(varied).length === 0) {
    if (inventoryWhole(ctx, path)) return { own: true };
    return {
      own: false,
      why: `and the create body holds no value the kit can make unique to the run, while the list of ${path} was not read whole before the run, so nothing shows the record is new`,
    };
  }
  if (answered === 'shown') return { own: true };
  // The answer holds no such field (an id alone, an empty body with Location): the record as the target keeps it.
  const url = recordPath(path, id);
  const read = await send({ method: 'GET', path: url, credentials: credentials === 'token2' ? 'token2' : 'token' });
  const kept = ctx.adapter.isRecord(read, id) ? sentIn(ctx.adapter.record(read.body), varied) : 'unknown';
  if (kept === 'shown') return { own: true };
  if (kept === 'other') return { own: false, why: otherValues(ctx.adapter.record(read.body), varied) };
  return {
    own: false,
    why: `but neither the answer nor GET ${url} (${read.status}) shows a value the kit sent that is unique to the run (${fieldList(varied)}), so it may be a record from before the run`,
  };
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
 * What a record shows of the run-unique values: one of them (`shown`), another value in such a field and none
 * of them (`other`: another record), or none of those fields (`unknown`).
 */
function sentIn(record: Record<string, unknown> | undefined, varied: Record<string, string>): 'shown' | 'other' | 'unknown' {
  if (record === undefined) return 'unknown';
  if (showsSent(record, varied, 0)) return 'shown';
  return Object.keys(varied).some((key) => typeof record[key] === 'string') ? 'other' : 'unknown';
}

/** Why a record that shows other values in the run-unique fields is not the kit's. */
function otherValues(record: Record<string, unknown> | undefined, varied: Record<string, string>): string {
  const key = Object.keys(varied).find((field) => typeof record?.[field] === 'string') as string;
  return `whose ${key} is ${show(record?.[key], 80)}, not the run-unique ${show(varied[key], 80)} the kit sent, so it is another record`;
}

function fieldList(varied: Record<string, string>): string {
  return Object.keys(varied).slice(0, 4).join(', ');
}
