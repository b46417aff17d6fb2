/**
 * The list step: the whole list of one kind as one organization sees it,
 * read through the target adapter (every page, any envelope), judged against
 * what the sequence made. A record's presence is evidence from any page; its
 * absence only from the whole list, and only when every item of it is a record
 * whose id the kit reads (an id of another type, a bare id string, a record
 * under a name the kit does not know hold nothing it could compare).
 */
import { holdsId, idsReadable, isIsoUtc, isPlainObject, isUuid } from '../matchers.js';
import { SCHEMA_LIST_PATH } from '../resources.js';
import { settled } from '../target/settle.js';
import { type ModelRecord, otherOrg, pathOf, resolvedKind, type Step } from './model.js';
import { RULES } from './rules.js';
import { judge, type SequenceRun } from './sequence.js';
import type { Org } from './target-seam.js';

/**
 * After a write of the kind by `owner`: a list may show a record at one time and not at another (capped to the newest,
 * ordered by the last update), so its records count as shown by a list again only once a list read after the write
 * shows them: the positive control of a deleted record's absence.
 */
export function unlist(records: readonly ModelRecord[], kind: string, owner: Org): void {
  for (const record of records) if (record.kind === kind && record.owner === owner) record.listed = false;
}

/** Reads and judges the list of the step's kind as the step's organization sees it (or the kind and organization given). */
export async function judgeList(run: SequenceRun, step: Step, which?: { kind: string; as: Org }): Promise<void> {
  const { model, session } = run;
  const kind = which?.kind ?? resolvedKind(model, step);
  const as = which?.as ?? step.as;
  const path = pathOf(kind);
  const mine = model.records.filter((record) => record.kind === kind && record.owner === as);
  // What the sequence made that the list does not show yet, or still shows after its delete: a target may carry a
  // write out a moment after answering it, so the list is read again over --settle-ms before a rule breaks.
  const behind = (items: unknown[]) =>
    mine.some((record) => record.deleted === holdsId(items, record.id)) ||
    (kind === 'sip-trunks' && model.systemTrunks[as] !== undefined && !holdsId(items, model.systemTrunks[as]));
  // The settle time counts from the last of those writes' answers: time spent on other steps since is not waited again.
  const lastWrite = mine.length > 0 ? Math.max(...mine.map((record) => record.writtenAt)) : undefined;
  const read = await settled(
    () => session.list(path, as),
    (reading) => reading.items === undefined || !reading.whole || !idsReadable(reading.items) || !behind(reading.items),
    session.target.settleMs,
    lastWrite,
  );
  run.log.push({
    step,
    as,
    method: 'GET',
    path,
    status: read.first.status,
    answered: `${read.first.status}: ${read.items === undefined ? 'no list the kit can read' : `${read.items.length} records in ${read.pages} page(s)${read.whole ? '' : ' (not whole)'}`}`,
  });
  const items = read.items;
  if (items === undefined) return;
  const theirs = model.records.filter((record) => record.kind === kind && record.owner === otherOrg(as) && !record.deleted);
  const leaked = theirs.find((record) => holdsId(items, record.id));
  // What is on a page read fails at once; that nothing breaks a rule is known only of a whole list of readable records,
  // and only where the other organization has records of the kind the list could have shown (none without --token2).
  const whole = read.whole && idsReadable(items);
  if (leaked !== undefined || (whole && theirs.length > 0))
    judge(run, leaked === undefined, RULES.listOwnOnly, `the list holds ${leaked?.id}, a record of the other organization`, {
      subject: leaked?.id,
    });
  if (path === SCHEMA_LIST_PATH) {
    const bad = items.find((item) => !isSchemaRecord(item));
    if (bad !== undefined || read.whole)
      judge(run, bad === undefined, RULES.schemaListFields, `a schema without the fields of §2: ${JSON.stringify(bad)?.slice(0, 200)}`);
  }
  for (const record of mine) if (!record.deleted && holdsId(items, record.id)) record.listed = true;
  if (!whole) return;
  const missing = mine.find((record) => !record.deleted && !holdsId(items, record.id));
  // Only the schema list is shown holding all of the organization's records (§4); for the others it is assumed.
  const every = path === SCHEMA_LIST_PATH ? RULES.listEveryOwn : RULES.listEveryOwnOther;
  judge(run, missing === undefined, every, `${missing?.id}, created and not deleted, is not in the whole list`, {
    subject: missing?.id,
  });
  const kept = mine.find((record) => record.deleted && holdsId(items, record.id));
  const rule = kind === 'sip-trunks' ? RULES.deletedTrunkGone : RULES.deletedNotListed;
  // A deleted record's absence shows its delete only from a list that can show it (a positive control): one that held
  // it while it was live, read since the last write of its kind (a delete step reads it first where none has).
  if (kept !== undefined || mine.some((record) => record.deleted && record.listed))
    judge(run, kept === undefined, rule, `${kept?.id}, whose delete was accepted, is still in the list`, { subject: kept?.id });
  const system = model.systemTrunks[as];
  if (kind === 'sip-trunks' && system !== undefined)
    judge(run, holdsId(items, system), RULES.systemTrunkKept, `the system trunk ${system} is no longer in the list`, {
      subject: system,
    });
}

/** A schema record with the fields of §2 and their types. */
function isSchemaRecord(item: unknown): boolean {
  if (!isPlainObject(item)) return false;
  const { id, name, type, description, properties, isLocked, createdAt, updatedAt } = item;
  return (
    isUuid(id) &&
    typeof name === 'string' &&
    typeof type === 'string' &&
    typeof description === 'string' &&
    isPlainObject(properties) &&
    Object.values(properties).every((value) => typeof value === 'string') &&
    typeof isLocked === 'boolean' &&
    isIsoUtc(createdAt) &&
    isIsoUtc(updatedAt)
  );
}
