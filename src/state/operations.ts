/**
 * The five operations every resource has (list, get, create, update, delete), with the rules that hold across
 * resources: references stay inside the organization, unique fields stay
 * unique, refusals (403) come before any change, side effects run before the
 * store changes (so a failing provider leaves everything as it was), and a
 * delete clears references to the deleted record.
 */

import { capitalized, withArticle } from '../domain/english.js';
import { DomainError, notFound } from '../domain/errors.js';
import { referenceKey, uniqueKey } from '../domain/index-keys.js';
import { ProblemList, shortText } from '../domain/problem-list.js';
import type { Problem, Resource, ResourceKind, StoredRecord } from '../domain/resource.js';
import { resourceByKind } from '../domain/resources/index.js';
import type { TelephonyProvider } from '../domain/telephony.js';
import { isoTimestamp } from '../domain/timestamp.js';
import { mergeProblems, parseFields } from '../domain/validate.js';
import type { CollectionCache } from './changes.js';
import { assertRoomFor, type Limits } from './limits.js';
import type { Store } from './store.js';

/** Everything an operation needs, already scoped to the caller's organization. */
export interface OrgContext {
  orgId: string;
  store: Store;
  telephony: TelephonyProvider;
  now: () => Date;
  newId: () => string;
  /** Defaults to DEFAULT_LIMITS (src/state/limits.ts). */
  limits?: Partial<Limits>;
  /** Why a URL would reach the mock's own control API (a webhook may not point there). */
  ownControlRefusal?: (url: string) => string | undefined;
  /** Where list texts are kept until their collection changes (the mock state's); without it every list is serialized again. */
  lists?: CollectionCache<string>;
}

type Fields = Record<string, unknown>;

/** The organization's records of the kind, newest first, as their responses in JSON text. */
export function listRecords(ctx: OrgContext, def: Resource): string {
  const text = () => JSON.stringify(ctx.store.list(ctx.orgId, def.kind).map((record) => def.toResponse(record, { fresh: false })));
  return ctx.lists ? ctx.lists.get(ctx.orgId, def.kind, text) : text();
}

export function getRecord(ctx: OrgContext, def: Resource, id: string): StoredRecord {
  const record = ctx.store.get(ctx.orgId, def.kind, id);
  if (!record) throw notFound(def.names.singular, id);
  return record;
}

/**
 * Creates a record from a request body. `fixed` sets server-owned fields
 * (an id, `isSystem`, timestamps) for seeding and tests; clients cannot.
 */
export function createRecord(ctx: OrgContext, def: Resource, body: Fields, fixed: Fields = {}): StoredRecord {
  assertRoomFor(ctx, def);
  const parsed = parseFields(def.createSchemaFor(body), body);
  const candidate = def.complete ? def.complete(parsed.value) : parsed.value;
  assertValid(ctx, def, candidate, parsed.problems, undefined);
  const now = isoTimestamp(ctx.now());
  const record = { id: ctx.newId(), ...candidate, ...def.initial, createdAt: now, updatedAt: now, ...fixed } as StoredRecord;
  def.effects?.created?.(record, ctx);
  ctx.store.put(ctx.orgId, def.kind, record);
  return record;
}

/** Applies a partial change: only the keys given change; arrays and maps are replaced. */
export function updateRecord(ctx: OrgContext, def: Resource, id: string, body: Fields): StoredRecord {
  const previous = getRecord(ctx, def, id);
  const refusal = def.refuseUpdate?.check(previous);
  if (refusal) throw new DomainError('forbidden', refusal);
  const parsed = parseFields(def.updateSchemaFor(previous), body);
  const candidate: Fields = { ...previous, ...parsed.value };
  assertValid(ctx, def, candidate, parsed.problems, previous);
  // The candidate is this call's own copy: it becomes the record (the store freezes it).
  candidate.updatedAt = isoTimestamp(ctx.now());
  const record = candidate as StoredRecord;
  def.effects?.updated?.(record, ctx);
  ctx.store.put(ctx.orgId, def.kind, record);
  return record;
}

export function deleteRecord(ctx: OrgContext, def: Resource, id: string): void {
  const record = ctx.store.get(ctx.orgId, def.kind, id);
  if (!record) {
    if (def.deleteOfUnknown === 'forbidden') throw unknownOnDelete(def, id);
    throw notFound(def.names.singular, id);
  }
  const refusal = def.refuseDelete?.check(record);
  if (refusal) throw new DomainError('forbidden', refusal);
  def.effects?.deleted?.(record, ctx);
  ctx.store.remove(ctx.orgId, def.kind, id);
  clearReferencesTo(ctx, def, id);
}

/** The 403 a resource whose spec lists no 404 for its delete answers an unknown id with. */
export function unknownOnDelete(def: Resource, id: string): DomainError {
  return new DomainError(
    'forbidden',
    `No ${def.names.singular} with id ${shortText(id)} exists in your organization, so it cannot be deleted.`,
  );
}

/** Field problems and rule problems are reported together; a conflict only once the body is valid. */
function assertValid(
  ctx: OrgContext,
  def: Resource,
  candidate: Fields,
  fieldProblems: ProblemList,
  previous: StoredRecord | undefined,
): void {
  const problems = mergeProblems(fieldProblems, [
    ...missingReferences(ctx, def, candidate),
    ...(def.check?.(candidate, previous, ctx) ?? []),
  ]);
  if (problems.count > 0) throw invalidBody(def, problems);
  for (const field of def.unique ?? []) {
    const holder = ctx.store.lookup(ctx.orgId, uniqueKey(def.kind, field, candidate[field])).find((other) => other.id !== previous?.id);
    const clash = holder && ctx.store.get(ctx.orgId, def.kind, holder.id);
    if (clash) throw uniqueClash(def, field, candidate[field], clash.id);
  }
}

/** The 409 for a value another record of the organization already holds (the OpenAPI document shows it too). */
export function uniqueClash(def: Resource, field: string, value: unknown, holderId: string): DomainError {
  return new DomainError(
    'conflict',
    `${capitalized(withArticle(def.names.singular))} with ${field} "${String(value)}" already exists (id ${holderId}); pick another ${field}.`,
    [{ path: [field], message: `Already used by ${def.names.singular} ${holderId}.` }],
  );
}

/** What a body is told about a reference to a record the organization does not have. */
export function missingReferenceMessage(target: ResourceKind, refId: string): string {
  return `No ${resourceByKind[target].names.singular} with id ${refId} exists in your organization.`;
}

/** The 400 for a body with `problems`. */
export function invalidBody(def: Resource, problems: ProblemList | Problem[]): DomainError {
  const list = Array.isArray(problems) ? ProblemList.of(problems) : problems;
  return new DomainError('validation', `The ${def.names.singular} in the request is not valid: ${list.summary()}.`, list);
}

function missingReferences(ctx: OrgContext, def: Resource, candidate: Fields): Problem[] {
  const problems: Problem[] = [];
  for (const { field, target, many } of def.references ?? []) {
    // A field that failed its own rules is absent here: nothing to look up.
    if (candidate[field] === undefined) continue;
    const ids = many ? (candidate[field] as string[]) : [candidate[field] as string | null];
    ids.forEach((refId, index) => {
      if (refId !== null && !ctx.store.get(ctx.orgId, target, refId)) {
        problems.push({ path: many ? [field, index] : [field], message: missingReferenceMessage(target, refId) });
      }
    });
  }
  return problems;
}

/** After a delete, references to the record are emptied (lists lose the id, single references become null). */
function clearReferencesTo(ctx: OrgContext, deleted: Resource, deletedId: string): void {
  const now = isoTimestamp(ctx.now());
  for (const { kind, id } of ctx.store.lookup(ctx.orgId, referenceKey(deleted.kind, deletedId))) {
    const record = ctx.store.get(ctx.orgId, kind, id);
    if (!record) continue;
    const cleared: Fields = {};
    for (const { field, target, many } of resourceByKind[kind].references ?? []) {
      if (target !== deleted.kind) continue;
      const value = record[field];
      if (many) cleared[field] = (value as string[]).filter((refId) => refId !== deletedId);
      else if (value === deletedId) cleared[field] = null;
    }
    ctx.store.put(ctx.orgId, kind, { ...record, ...cleared, updatedAt: now });
  }
}
