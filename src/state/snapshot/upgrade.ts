/**
 * What lets a state saved by an older version load in this one: the step
 * every record of a state takes before it is checked (`upgradeRecord`), and
 * the rules the schemas keep for the rest. A state names no version of the
 * mock; it is brought up to this one by what it lacks:
 *
 * - a kind of record it has no list for has no records (the state schema's
 *   `records` are partial);
 * - a kind a plan gives no count for has none (the plan's `counts` are
 *   partial), so the organization's reset seeds what it did;
 * - a writable field with a default takes it, as a create would;
 * - a field a newer version requires and has no default for takes the value
 *   its resource names in `olderStates` (src/domain/resource.ts).
 */
import type { Resource } from '../../domain/resource.js';

/** The record with the values of `def.olderStates` for the fields it lacks (the record itself when it lacks none). */
export function upgradeRecord(def: Pick<Resource, 'olderStates'>, record: unknown): unknown {
  const added = def.olderStates;
  if (!added || typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  const missing = Object.keys(added).filter((field) => !Object.hasOwn(record, field));
  if (missing.length === 0) return record;
  return { ...record, ...Object.fromEntries(missing.map((field) => [field, structuredClone(added[field])])) };
}
