/**
 * Reading one record out of a get, create or update answer. The spec shows none
 * of these answers, so the record is read at --record-pointer, else the answer
 * itself when it is an object with an `id`, else through the one member among
 * `data`, `item`, `result` and `record` that holds an object with an `id`
 * (an envelope such as `{"data": {...}}`), which the report notes.
 */
import { atPointer } from './pointer.js';

const ENVELOPE_MEMBERS = ['data', 'item', 'result', 'record'];

// Written here, not taken from matchers.ts, which reads records through this module.
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface RecordRead {
  /** The record; undefined when none is where the kit looks. */
  record?: Record<string, unknown>;
  /** Where it was read from, when not the answer itself: `at --record-pointer /x` or `"data" member`. */
  via?: string;
}

/** The record an answer body holds (see the module comment). */
export function recordOf(body: unknown, recordPointer?: string): RecordRead {
  if (recordPointer !== undefined) {
    const found = atPointer(body, recordPointer);
    return isPlainObject(found) ? { record: found, via: `at --record-pointer ${recordPointer}` } : {};
  }
  if (!isPlainObject(body)) return {};
  if (typeof body.id === 'string') return { record: body };
  const members = ENVELOPE_MEMBERS.filter(
    (key) => isPlainObject(body[key]) && typeof (body[key] as Record<string, unknown>).id === 'string',
  );
  if (members.length !== 1) return {};
  const member = members[0] as string;
  return { record: body[member] as Record<string, unknown>, via: `"${member}" member` };
}
