/** One field judged across every item of a list, for the list probes. */
import { isPlainObject, show } from '../matchers.js';
import type { ProbeRun } from '../probe.js';

/**
 * Passes `checkId` when every item is an object whose `field` satisfies
 * `holds`; otherwise fails it naming the first item that does not (by its
 * position and id), so the report points at one record to look at.
 */
export function judgeListField(t: ProbeRun, checkId: string, items: unknown[], field: string, holds: (value: unknown) => boolean): void {
  const index = items.findIndex((item) => !isPlainObject(item) || !holds(item[field]));
  const item = items[index];
  const actual = isPlainObject(item)
    ? `item ${index} (id ${show(item.id)}) has "${field}": ${field in item ? show(item[field]) : 'missing'}`
    : `item ${index} is not an object: ${show(item)}`;
  t.verdict(checkId, index === -1, actual);
}
