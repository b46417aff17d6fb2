/**
 * What a read of a record the sequence made is held to: the values written to it that the target showed as sent,
 * never a secret (a webhook's signing secret, a trunk's password: shown once, masked or never; named as the masker
 * names them), nor a key the target shows in a form of its own (a URL given a trailing slash, a value masked).
 */
import { canonical } from '../matchers.js';
import { isSecretName } from '../verdict/mask.js';
import type { ModelRecord } from './model.js';
import { isSuccess, type Reply, type Session } from './target-seam.js';

/**
 * What reads are held to after an accepted update, and the keys known in the target's own form. Every key sent is
 * held to the value sent, never to its value from before: the update's answer is not judged, so the reads after it
 * are where an update that was not carried out shows. Not held: secrets, the keys known in the target's own form,
 * and a key the answer shows as neither the value sent nor the value held before (a URL given a trailing slash). A key
 * the answer shows at its value from before is held to the value sent: the update may not have been carried out, or
 * the answer may show the record as it was, and the next read tells which.
 */
export function heldAfterUpdate(
  session: Session,
  reply: Reply,
  record: Pick<ModelRecord, 'id' | 'written' | 'ownForm'>,
  sent: Record<string, unknown>,
): Pick<ModelRecord, 'written' | 'ownForm'> {
  // Only an answer that is this record shows it (an update answered 202 with a job of its own shows nothing of it).
  const shown = isSuccess(reply.status) && session.isRecord(reply, record.id) ? session.record(reply.body) : undefined;
  const held = record.written;
  const showsOtherwise = (key: string, value: unknown) => shown !== undefined && key in shown && canonical(shown[key]) !== canonical(value);
  // The record seen for the first time: a key held from the create that the answer shows otherwise is its own form.
  const known =
    record.ownForm ??
    (shown === undefined ? undefined : Object.keys(held).filter((key) => !(key in sent) && showsOtherwise(key, held[key])));
  const ownForm = new Set(known);
  for (const [key, value] of Object.entries(sent))
    if (showsOtherwise(key, value) && (!(key in held) || showsOtherwise(key, held[key]))) ownForm.add(key);
  const written = { ...held, ...Object.fromEntries(Object.entries(sent).filter(([key]) => !isSecretName(key))) };
  for (const key of ownForm) delete written[key];
  return { written, ...(known === undefined && ownForm.size === 0 ? {} : { ownForm: [...ownForm] }) };
}

/**
 * The model record of a record a create made, answered `reply`. An answer shows the record only where it shows every
 * value sent that can be compared (secrets aside): then a value it shows otherwise is the target's own form, never
 * held, and the rest is held. An answer that shows none of it, or only some (`{"id": …}` alone), tells nothing of the
 * form of the rest: every value is held until the first read that shows the record decides (heldTo).
 */
export function madeRecord(
  session: Session,
  reply: Reply,
  made: Pick<ModelRecord, 'kind' | 'owner' | 'id' | 'created' | 'example'>,
  writtenAt: number,
): ModelRecord {
  const comparable = Object.entries(made.created).filter(([key]) => !isSecretName(key));
  const answered = isSuccess(reply.status) ? session.record(reply.body) : undefined;
  const shown = answered !== undefined && comparable.every(([key]) => key in answered) ? answered : undefined;
  const base = { ...made, deleted: false, updates: 0, writtenAt };
  if (shown === undefined) return { ...base, written: Object.fromEntries(comparable) };
  const ownForm = comparable.filter(([key, value]) => canonical(shown[key]) !== canonical(value)).map(([key]) => key);
  return { ...base, written: Object.fromEntries(comparable.filter(([key]) => !ownForm.includes(key))), ownForm };
}

/**
 * What a read of `record` is held to. Where no answer has shown the record yet and it was not updated since its
 * create, the first read shows the target's own form of the values created: a key it shows otherwise is not held.
 * (An update step reads such a record first, so that its own form is known before an update's values are held.)
 */
export function heldTo(record: ModelRecord, shown: Record<string, unknown>): Record<string, unknown> {
  if (record.ownForm !== undefined || record.updates > 0) return record.written;
  return Object.fromEntries(
    Object.entries(record.written).filter(([key, value]) => !(key in shown) || canonical(shown[key]) === canonical(value)),
  );
}

/** Every key written that the answer shows has the value written (a key it never shows, a password, is not compared). */
export function reflects(record: Record<string, unknown>, written: Record<string, unknown>): boolean {
  return Object.entries(written).every(([key, value]) => !(key in record) || canonical(record[key]) === canonical(value));
}
