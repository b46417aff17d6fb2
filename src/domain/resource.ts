/**
 * What a resource is, described once. `defineResource` derives everything
 * else from the writable fields and the server-owned fields: the create and
 * update request schemas, the record schema responses use, and the list of
 * keys a client may not set. HTTP routes, OpenAPI, seeding and the typed
 * client all read these derived pieces, never a second description.
 */
import type { Faker } from '@faker-js/faker';
import { z } from '@hono/zod-openapi';
import type { Problem } from './problem.js';
import type { CheckEnv, RefPool, ResourceSpec, StoredOf, StoredRecord } from './resource-spec.js';
import { filled, type OneOrVariants, type RecordShape, type UpdateShape, withoutDefault } from './shapes.js';
import { describeIssues } from './validate.js';
import { unionOf, type VariantFields, variantFor, variantObjects } from './variants.js';

export type { Problem } from './problem.js';
export type {
  CheckEnv,
  EffectDeps,
  Effects,
  Reference,
  RefPool,
  Refusal,
  ResourceKind,
  ResourceSpec,
  RuleBeyondSchema,
  StoredOf,
  StoredRecord,
} from './resource-spec.js';

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
