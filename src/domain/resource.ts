/**
 * What a resource is, described once. `defineResource` derives everything
 * else from the writable fields and the server-owned fields: the create and
 * update request schemas, the record schema responses use, and the list of
 * keys a client may not set. HTTP routes, OpenAPI, seeding and the typed
 * client all read these derived pieces, never a second description. The
 * parts a spec is made of (the kinds, the stored record, refusals, rules
 * beyond the schema, checks across fields, side effects) are declared here
 * too, beside the function that reads them.
 */
import type { Faker } from '@faker-js/faker';
import { z } from '@hono/zod-openapi';
import type { Problem } from './problem-list.js';
import { filled, type OneOrVariants, type RecordShape, type UpdateShape, withoutDefault } from './shapes.js';
import type { TelephonyProvider } from './telephony.js';
import { describeIssues } from './validate.js';
import { unionOf, type VariantFields, type VariantSpec, variantFor, variantObjects } from './variants.js';

export type { Problem } from './problem-list.js';

export type ResourceKind = 'sipTrunks' | 'assistants' | 'schemas' | 'tools' | 'webhooks';

/** A stored record: plain JSON, never mutated in place. */
export type StoredRecord = Readonly<Record<string, unknown>> & { readonly id: string };

/** A stored record typed from its resource's schema: the server-owned and writable fields, defaults filled in. */
export type StoredOf<W extends z.ZodRawShape, S extends z.ZodRawShape> = z.output<z.ZodObject<S & W>> & StoredRecord;

/** A field that points at records of another kind in the same organization. */
export interface Reference {
  field: string;
  target: ResourceKind;
  many: boolean;
}

/** A rule that forbids a change: `when` documents it, `check` gives the reason for one record, if it applies. */
export interface Refusal<R = StoredRecord> {
  /** Names its example answer in the OpenAPI document (e.g. `systemTrunk`). */
  name: string;
  when: string;
  check(record: R): string | undefined;
}

/** A rule the document's schemas cannot state; `on`: the operations it applies to. */
export interface RuleBeyondSchema {
  rule: string;
  name: string;
  on: readonly ('create' | 'update')[];
  example: Problem;
}

/** What the running mock tells a resource's rules about itself. */
export interface CheckEnv {
  /** Why a URL may not be delivered to (it is the mock's own control API), or undefined. */
  ownControlRefusal?(url: string): string | undefined;
}

/** Ids of existing records a fake factory may point at. */
export type RefPool = Partial<Record<ResourceKind, string[]>>;

/** Side effects outside the store, e.g. provisioning at the telephony provider. */
export interface Effects<R = StoredRecord> {
  created?(record: R, deps: EffectDeps): void;
  updated?(record: R, deps: EffectDeps): void;
  deleted?(record: R, deps: EffectDeps): void;
}
export interface EffectDeps {
  orgId: string;
  telephony: TelephonyProvider;
}

export interface ResourceSpec<
  W extends z.ZodRawShape,
  S extends z.ZodRawShape,
  WO extends keyof W & string,
  SA extends z.ZodRawShape,
  K extends string,
  VF extends VariantFields,
> {
  kind: ResourceKind;
  /** Path segment under /api/v1, e.g. `sip-trunks`. */
  path: string;
  /**
   * Whether the spec names this resource. The mock, the typed client and the
   * OpenAPI document serve every resource; the contract kit and the shipped
   * pact cover only those the spec names (a real service has no other).
   */
  namedBySpec: boolean;
  /** Names used in messages, OpenAPI components and operationIds. */
  names: { singular: string; plural: string; type: string; types: string };
  /** Fields a client may send; `.default()` fills what a create omits. */
  writable: W;
  /** Fields only the server sets. */
  serverOwned: S;
  /** When the fields a record takes and needs depend on one field's value (a tool's `type`): one variant per value. */
  variants?: VariantSpec<K, VF>;
  /** Starting values of server-owned flags (e.g. `isSystem: false`). */
  initial?: Readonly<Record<string, unknown>>;
  /** How a writable field looks in responses when it differs from what a client sends (e.g. a masked secret). */
  responseOnly?: SA;
  /** Shown values a client may send back unchanged (a masked secret): ignored in bodies, like server-owned keys. */
  ignoredWhenSentBack?: Readonly<Record<string, (value: unknown) => boolean>>;
  /** Writable fields never shown in responses (e.g. a password). */
  writeOnly?: readonly WO[];
  references?: readonly Reference[];
  /** Fields whose value must be unique within the organization (409 otherwise). */
  unique?: readonly (keyof W & string)[];
  /** Rules of `check` JSON Schema cannot state, for the OpenAPI document: the rule, and an example problem (named) it reports. */
  beyondSchema?: readonly RuleBeyondSchema[];
  /** Rules across fields, run on the whole candidate record on create and update. */
  // Each field of the candidate holds a value its schema accepts, or is absent (it failed its own rules, reported already).
  check?(candidate: Partial<StoredOf<W, S>>, previous: StoredOf<W, S> | undefined, env?: CheckEnv): Problem[];
  /** When the organization may not change or delete a record (403). */
  refuseUpdate?: Refusal<StoredOf<W, S>>;
  refuseDelete?: Refusal<StoredOf<W, S>>;
  /** Fills values the server generates at create time (e.g. a webhook secret). */
  complete?(candidate: Record<string, unknown>): Record<string, unknown>;
  /** Turns a stored record into what a response shows. `fresh`: the create response. */
  toResponse?(record: StoredRecord, how: { fresh: boolean }): Record<string, unknown>;
  effects?: Effects<StoredOf<W, S>>;
  /** How DELETE answers an id the organization does not have. */
  deleteOfUnknown?: 'not-found' | 'forbidden';
  /**
   * Realistic create input; `refs` holds ids it may reference, `index` counts
   * records made so far. Unique fields take a value that differs for each
   * `index`, whatever the faker draws (seeding, and tests that create many, rely on it).
   */
  fake(faker: Faker, refs: RefPool, index: number): z.input<OneOrVariants<W, K, VF>>;
  /**
   * For a field added after states were saved without it, that a record must
   * hold and has no default: the value a record of such a state takes when it
   * loads (src/state/snapshot/upgrade.ts).
   */
  olderStates?: Readonly<Record<string, unknown>>;
  /** Writable keys the documented PATCH example changes. */
  exampleUpdateKeys: readonly (keyof W & string)[];
}

export function defineResource<
  W extends z.ZodRawShape,
  S extends z.ZodRawShape,
  WO extends keyof W & string = never,
  // biome-ignore lint/complexity/noBannedTypes: an empty shape is the right default: no presentation-only fields
  SA extends z.ZodRawShape = {},
  K extends string = never,
  // biome-ignore lint/complexity/noBannedTypes: no variants unless a resource names them
  VF extends VariantFields = {},
>(spec: ResourceSpec<W, S, WO, SA, K, VF>) {
  const writeOnly = new Set<string>(spec.writeOnly ?? []);
  // A record always holds a defaulted field (nested ones too), so the record schema (and the OpenAPI document) requires it.
  const shown = Object.fromEntries(
    Object.entries(spec.writable)
      .filter(([key]) => !writeOnly.has(key))
      .map(([key, schema]) => [key, filled(schema as z.ZodType)]),
  );
  const { type, singular } = spec.names;
  const flatCreate = z.strictObject(spec.writable);
  // PATCH changes only what it names, so defaults must not fill the rest.
  const updateShape = Object.fromEntries(
    Object.entries(spec.writable).map(([key, schema]) => [key, withoutDefault(schema as z.ZodType).optional()]),
  ) as unknown as UpdateShape<W>;
  const flatUpdate = z.strictObject(updateShape);
  const recordShape = { ...spec.serverOwned, ...shown, ...spec.responseOnly } as unknown as RecordShape<W, S, WO, SA>;
  // What the store holds (and a snapshot carries): write-only fields included, presentation-only ones not.
  const storedShape = { ...spec.serverOwned, ...spec.writable };
  const variants = spec.variants;
  const same = (field: z.ZodType) => field;
  const optional = (field: z.ZodType) => withoutDefault(field).optional();
  const objects = variants && {
    create: variantObjects(variants, spec.writable, same, { singular, component: (prefix) => `${prefix}${type}Create` }),
    update: variantObjects(variants, updateShape, optional, { singular, component: (prefix) => `${prefix}${type}Update` }),
    record: variantObjects(variants, recordShape, filled, { singular, component: (prefix) => `${prefix}${type}` }),
  };
  const createInput = (objects ? unionOf(variants.key, objects.create) : flatCreate).openapi(`${type}Create`);
  // A patch may leave the key out (the record already has it): a union, not a discriminated one.
  const updateInput = (objects ? z.union([...objects.update.values()]) : flatUpdate).openapi(`${type}Update`);
  const record = (objects ? unionOf(variants.key, objects.record) : z.strictObject(recordShape)).openapi(type);
  const stored = z.strictObject(storedShape);
  // A variant's rules hold for every record. A create or update is parsed with its variant's schema already
  // (createSchemaFor, updateSchemaFor); a snapshot's records, checked with `stored` alone, need them asked apart.
  const writableKeys = Object.keys(spec.writable);
  const variantProblems = (candidate: Record<string, unknown>): Problem[] => {
    const fields = Object.fromEntries(writableKeys.filter((key) => Object.hasOwn(candidate, key)).map((key) => [key, candidate[key]]));
    const result = variantFor(objects?.create, variants?.key, fields)?.safeParse(fields);
    return result?.success === false ? describeIssues(result.error.issues, fields).problems : [];
  };
  // The one place untyped records meet the rules: the callers (an operation, a snapshot's import) validated each field first.
  const check = (candidate: Record<string, unknown>, previous: StoredRecord | undefined, env?: CheckEnv): Problem[] =>
    spec.check?.(candidate as Partial<StoredOf<W, S>>, previous as StoredOf<W, S> | undefined, env) ?? [];
  /** Keys a client may send back but the server owns or derives: ignored in request bodies. */
  const serverOwnedKeys = [
    ...Object.keys(spec.serverOwned),
    ...Object.keys(spec.responseOnly ?? {}).filter((key) => !(key in spec.writable)),
  ];
  return {
    ...spec,
    createInput: createInput as unknown as OneOrVariants<W, K, VF>,
    updateInput: updateInput as unknown as z.ZodType<unknown, z.input<typeof flatUpdate>> & {
      parse(value: unknown): z.output<typeof flatUpdate>;
    },
    record: record as unknown as OneOrVariants<RecordShape<W, S, WO, SA>, K, VF>,
    stored,
    check,
    /** The problems of a record against its variant's rules (none without variants): what a snapshot's import asks besides `check`. */
    variantProblems: (record: Record<string, unknown>): Problem[] => (objects ? variantProblems(record) : []),
    /** The object schema a create body is checked by: its variant's, or (with no known key value) the flat one, which names the key's values. */
    createSchemaFor: (body: unknown): z.ZodObject => variantFor(objects?.create, variants?.key, body) ?? flatCreate,
    /** The object schema a patch of `previous` is checked by: its variant's, so a patch cannot take another variant's rules. */
    updateSchemaFor: (previous: StoredRecord): z.ZodObject => variantFor(objects?.update, variants?.key, previous) ?? flatUpdate,
    /** Keys a record shows. */
    shownKeys: Object.keys(recordShape),
    /** Keys a client may send back but the server owns or derives: ignored in request bodies. */
    serverOwnedKeys,
    writableKeys,
    /** Every top-level key some create or update body of this resource can be read for: the rest are unknown to every schema. */
    bodyKeys: new Set([
      ...writableKeys,
      ...(objects ? [...objects.create.values()].flatMap((object) => Object.keys(object.shape)) : []),
      ...serverOwnedKeys,
      ...Object.keys(spec.ignoredWhenSentBack ?? {}),
    ]) as ReadonlySet<string>,
    /** The only keys `ignoresInBody` can drop: a body is checked for these, not each of its keys against them. */
    ignorableKeys: [...serverOwnedKeys, ...Object.keys(spec.ignoredWhenSentBack ?? {})],
    /** Whether a body's key is dropped before validation: the server owns it, or it is a shown value sent back. */
    // Own keys only: a body key such as "__defineGetter__" must not reach Object.prototype.
    ignoresInBody: (key: string, value: unknown): boolean =>
      serverOwnedKeys.includes(key) ||
      (spec.ignoredWhenSentBack !== undefined &&
        Object.hasOwn(spec.ignoredWhenSentBack, key) &&
        spec.ignoredWhenSentBack[key]?.(value) === true),
    toResponse: spec.toResponse ?? ((stored: StoredRecord) => stripWriteOnly(stored, writeOnly)),
  };
}

function stripWriteOnly(stored: StoredRecord, writeOnly: Set<string>): Record<string, unknown> {
  if (writeOnly.size === 0) return stored;
  return Object.fromEntries(Object.entries(stored).filter(([key]) => !writeOnly.has(key)));
}

/** Any resource: its request and record schemas are objects, or unions of them for a resource with variants. */
export type Resource = Omit<ReturnType<typeof defineResource>, 'createInput' | 'record' | 'fake'> & {
  createInput: z.ZodType;
  record: z.ZodType;
  fake(faker: Faker, refs: RefPool, index: number): Record<string, unknown>;
};
