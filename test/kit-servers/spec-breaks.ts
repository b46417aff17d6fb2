/**
 * The ways of breaking a spec rule that framework-default, nested-envelope and after-id each carry out in their
 * own idiom, with the checks that must then fail. Every rule the kit judges as spec (its resource aside) has one
 * here; a few rules the spec only documents (a delete of an unknown id, a deleted trunk's get) ride along.
 * The breaks are turned on in three kit runs per server, so that none hides another (see `breaksOfRun`).
 */
import { isObject } from './plumbing.js';

const SCHEMA_FIELDS = ['id', 'name', 'type', 'description', 'properties', 'isLocked', 'createdAt', 'updatedAt'];

export const SPEC_BREAKS: Record<string, readonly string[]> = {
  /** The schema list comes wrapped in an object. */
  'schema-list-wrapped': ['schemas.list.json-array'],
  /** One schema of the list gets each field wrong: an id that is no UUID, numbers for texts, local times... */
  'schema-fields-wrong': SCHEMA_FIELDS.map((field) => `schemas.list.field.${field}`),
  /** The tool list shows its ids with a prefix, no longer UUIDs. */
  'list-ids-not-uuid': ['tools.list.ids-uuid'],
  /** The trunk list gives isSystem as text. */
  'is-system-text': ['sip-trunks.list.field.isSystem'],
  /** The webhook list is served without a token (the first organization's). */
  'lists-without-token': ['auth.missing-token.webhooks'],
  /** The assistant list is served to a token no organization holds (the first organization's). */
  'lists-for-any-token': ['auth.unknown-token.assistants'],
  /** A tool is read by id without a token. */
  'get-without-token': ['tools.get.needs-token'],
  /** An assistant is created without a token (for the first organization). */
  'create-without-token': ['assistants.create.needs-token'],
  /** A webhook is changed without a token. */
  'update-without-token': ['webhooks.update.needs-token'],
  /** A schema is deleted without a token. */
  'delete-without-token': ['schemas.delete.needs-token'],
  /** A created schema is not in the schema list. */
  'schema-not-listed': ['schemas.list-after-create'],
  /** A trunk delete that carries a JSON body (the example's {}) is refused. */
  'trunk-delete-refuses-body': ['sip-trunks.delete.accepts-example'],
  /** An assistant delete answers a record of what was deleted instead of {}. */
  'assistant-delete-not-empty': ['assistants.delete.empty-object'],
  /** A delete of an id no record has answers success. */
  'unknown-delete-succeeds': ['sip-trunks.delete.unknown-id', 'tools.delete.unknown-id', 'webhooks.delete.unknown-id'],
  /** A system trunk's delete is refused, and the trunk removed all the same. */
  'system-trunk-removed-anyway': ['sip-trunks.delete.system-survives'],
  /** A deleted trunk is still read by id. */
  'deleted-trunk-gettable': ['sip-trunks.get-after-delete'],
  /** The schema list shows both organizations' schemas. */
  'schemas-of-all-organizations': ['tenancy.schemas.list', 'tenancy.schemas.apart'],
};

/**
 * The kit run (1, 2 or 3) each break is turned on in, where not the first: breaks that would hide one another
 * run apart (a refused trunk delete hides a system trunk deleted anyway; text flags show no system trunk).
 */
const LATER_RUN: Record<string, number> = {
  'schema-list-wrapped': 2,
  'list-ids-not-uuid': 2,
  'is-system-text': 2,
  'trunk-delete-refuses-body': 2,
  'system-trunk-removed-anyway': 3,
  'deleted-trunk-gettable': 3,
  'schemas-of-all-organizations': 3,
};
export const KIT_RUNS = [1, 2, 3] as const;

/** The breaks of `table` turned on in kit run `run`. */
export const breaksOfRun = (table: Record<string, readonly string[]>, run: number): string[] =>
  Object.keys(table).filter((name) => (LATER_RUN[name] ?? 1) === run);

/** The first record of a schema list with every field wrong (the others as they are). */
export function withWrongSchemaFields(items: Record<string, unknown>[]): Record<string, unknown>[] {
  const [first, ...rest] = items;
  if (!first) return items;
  const wrong = {
    ...first,
    id: `schema-${String(first.id).slice(0, 8)}`,
    name: 42,
    type: 7,
    description: null,
    properties: { topic: 3 },
    isLocked: 'no',
    createdAt: '2026-04-01 11:00',
    updatedAt: 'yesterday',
  };
  return [wrong, ...rest];
}

/** A trunk list's records with isSystem written as text. */
export const withTextFlags = (items: Record<string, unknown>[]): Record<string, unknown>[] =>
  items.map((item) => (isObject(item) && 'isSystem' in item ? { ...item, isSystem: String(item.isSystem) } : item));

/** A list's records with their ids prefixed (no longer UUIDs). */
export const withPrefixedIds = (items: Record<string, unknown>[]): Record<string, unknown>[] =>
  items.map((item) => ({ ...item, id: `tool_${String(item.id)}` }));
