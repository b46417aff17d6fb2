/**
 * What a read of a record the sequence made is held to: the values written to it that the target showed as sent,
 * never a secret, nor a key the target shows in a form of its own (a URL given a trailing slash, a value masked).
 */
import { canonical } from '../matchers.js';
import type { ModelRecord } from './model.js';
import { isSuccess, type Reply, type Session } from './target-seam.js';

/**
 * The values of a write that a read can be held to: when the answer shows the record, only the keys it shows as sent
 * (a secret shown masked, a number written in the target's own form are the target's choice); else all of them but
 * those the target is known to show in its own form.
 */
export function shownAsSent(
  session: Session,
  reply: Reply,
  sent: Record<string, unknown>,
  ownForm: string[] = [],
): Record<string, unknown> {
  const shown = isSuccess(reply.status) ? session.record(reply.body) : undefined;
  const comparable = Object.entries(sent).filter(([key]) => !SECRET.test(key));
  if (shown === undefined) return Object.fromEntries(comparable.filter(([key]) => !ownForm.includes(key)));
  return Object.fromEntries(comparable.filter(([key, value]) => canonical(shown[key]) === canonical(value)));
}

/** `{ ownForm }` when the answer showed the record, for a new model record; else nothing (not known yet). */
export const withOwnForm = (keys: string[] | undefined) => (keys === undefined ? {} : { ownForm: keys });

/** The keys a write's answer shows otherwise than they were sent; undefined when the answer shows no record. */
export function shownOtherwise(session: Session, reply: Reply, sent: Record<string, unknown>): string[] | undefined {
  const shown = isSuccess(reply.status) ? session.record(reply.body) : undefined;
  if (shown === undefined) return undefined;
  return Object.keys(sent).filter((key) => key in shown && canonical(shown[key]) !== canonical(sent[key]));
}

/**
 * What a read of `record` is held to. Where no answer has shown the record yet and it was not updated since its
 * create, the first read shows the target's own form of the values created: a key it shows otherwise is not held.
 */
export function heldTo(record: ModelRecord, shown: Record<string, unknown>): Record<string, unknown> {
  if (record.ownForm !== undefined || record.updates > 0) return record.written;
  return Object.fromEntries(
    Object.entries(record.written).filter(([key, value]) => !(key in shown) || canonical(shown[key]) === canonical(value)),
  );
}

/** Secrets (a webhook's signing secret, a trunk's password) may be shown once, masked, or never: not compared. */
const SECRET = /secret|password|token|apikey|api_key|credential/i;

/** Every key written that the answer shows has the value written (a key it never shows, a password, is not compared). */
export function reflects(record: Record<string, unknown>, written: Record<string, unknown>): boolean {
  return Object.entries(written).every(([key, value]) => !(key in record) || canonical(record[key]) === canonical(value));
}
