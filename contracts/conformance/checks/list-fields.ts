/** One field judged across every item of a list, for the list probes. */
import { isPlainObject, show } from '../matchers.js';
import type { ProbeRun } from './probe.js';

/**
 * Passes `checkId` when every item is an object whose `field` satisfies
 * `holds`; otherwise fails it naming the first item that does not (by its
 * position and id), so the report points at one record to look at.
 * `absent: 'passes'` judges only the items that have the field: for a list
 * whose payload the spec does not show, an item may leave a field out (an
 * item that is no object, such as a bare id string, shows none). When
 * no item shows it, the check is not judged: a pass would claim a field nobody
 * looked at; nor is it when every item read holds but the list was not read whole (`list.whole`).
 */
export function judgeListField(
  t: ProbeRun,
  checkId: string,
  list: { items: unknown[]; whole: boolean; why?: string },
  field: string,
  holds: (value: unknown) => boolean,
  absent: 'fails' | 'passes' = 'fails',
): void {
  const { items } = list;
  // Where an item may leave the field out, an item that is no object (a bare id string) shows no field either.
  const shows = (item: unknown) => isPlainObject(item) && field in item;
  if (absent === 'passes' && !items.some(shows)) {
    t.skipCheck(checkId, `no item of the list shows "${field}", so there is nothing to judge`);
    return;
  }
  const fine = (item: unknown) => (absent === 'passes' && !shows(item)) || (isPlainObject(item) && holds(item[field]));
  const index = items.findIndex((item) => !fine(item));
  const item = items[index];
  const actual = isPlainObject(item)
    ? `item ${index} (id ${show(item.id)}) has "${field}": ${field in item ? show(item[field]) : 'missing'}`
    : `item ${index} is not an object: ${show(item)}`;
  // Every record holds: known only once every page was read. A record that fails fails on any page.
  if (index === -1 && !list.whole) {
    t.skipCheck(checkId, `the records read hold "${field}" as they should, but the list was not read whole: ${list.why}`);
    return;
  }
  t.verdict(checkId, index === -1, actual, item);
}
