/**
 * What a resource is, described once. `defineResource` derives everything
 * else from the writable fields and the server-owned fields: the create and
 * update request schemas, the record schema responses use, and the list of
 * keys a client may not set. HTTP routes, OpenAPI, seeding and the typed
 * client all read these derived pieces, never a second description.
 */
import type { Faker } from '@faker-js/faker';
import { z } from '@hono/zod-openapi';
import type { TelephonyProvider } from '../telephony/provider.js';

export type ResourceKind = 'sipTrunks' | 'assistants' | 'schemas' | 'tools' | 'webhooks';

/** A stored record: plain JSON, never mutated in place. */
export type StoredRecord = Readonly<Record<string, unknown>> & { readonly id: string };

/** One thing wrong with a request body, located by its path inside the body. */
export interface Problem {
  path: (string | number)[];
  message: string;
}

/** A field that points at records of another kind in the same organization. */
export interface Reference {
  field: string;
  target: ResourceKind;
  many: boolean;
}

/** A rule that forbids a change: `when` documents it, `check` gives the reason for one record, if it applies. */
export interface Refusal {
  when: string;
  check(record: StoredRecord): string | undefined;
}

/** What the running mock tells a resource's rules about itself. */
export interface CheckEnv {
  /** Why a URL may not be delivered to (it is the mock's own control API), or undefined. */
  ownControlRefusal?(url: string): string | undefined;
}

/** Ids of existing records a fake factory may point at. */
export type RefPool = Partial<Record<ResourceKind, string[]>>;

/** Side effects outside the store, e.g. provisioning at the telephony provider. */
export interface Effects {
  created?(record: StoredRecord, deps: EffectDeps): void;
  updated?(record: StoredRecord, deps: EffectDeps): void;
  deleted?(record: StoredRecord, deps: EffectDeps): void;
}
export interface EffectDeps {
  orgId: string;
  telephony: TelephonyProvider;
}

interface ResourceSpec<W extends z.ZodRawShape, S extends z.ZodRawShape, WO extends keyof W & string, SA extends z.ZodRawShape> {
  kind: ResourceKind;
  /** Path segment under /api/v1, e.g. `sip-trunks`. */
  path: string;
  /** Names used in messages, OpenAPI components and operationIds. */
  names: { singular: string; plural: string; type: string; types: string };
  /** Fields a client may send; `.default()` fills what a create omits. */
  writable: W;
  /** Fields only the server sets. */
  serverOwned: S;
  /** Starting values of server-owned flags (e.g. `isSystem: false`). */
  initial?: Readonly<Record<string, unknown>>;
  /** How a writable field looks in responses when it differs from what a client sends (e.g. a masked secret). */
  shownAs?: SA;
  /** Shown values a client may send back unchanged (a masked secret): ignored in bodies, like server-owned keys. */
  echoed?: Readonly<Record<string, (value: unknown) => boolean>>;
  /** Writable fields never shown in responses (e.g. a password). */
  writeOnly?: readonly WO[];
  references?: readonly Reference[];
  /** Fields whose value must be unique within the organization (409 otherwise). */
  unique?: readonly (keyof W & string)[];
  /** Rules across fields, run on the whole candidate record on create and update. */
  check?(candidate: Record<string, unknown>, previous: StoredRecord | undefined, env?: CheckEnv): Problem[];
  /** When the organization may not change or delete a record (403). */
  refuseUpdate?: Refusal;
  refuseDelete?: Refusal;
  /** Fills values the server generates at create time (e.g. a webhook secret). */
  complete?(candidate: Record<string, unknown>): Record<string, unknown>;
  /** Turns a stored record into what a response shows. `fresh`: the create response. */
  present?(record: StoredRecord, how: { fresh: boolean }): Record<string, unknown>;
  effects?: Effects;
  /** How DELETE answers an id the organization does not have. */
  deleteOfUnknown?: 'not-found' | 'forbidden';
  /** Realistic create input; `refs` holds ids it may reference, `index` counts records made so far. */
  fake(faker: Faker, refs: RefPool, index: number): z.input<z.ZodObject<W>>;
  /** Writable keys the documented PATCH example changes. */
  exampleUpdateKeys: readonly (keyof W & string)[];
}

const withoutDefault = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodDefault ? (schema.unwrap() as z.ZodType) : schema);

/**
 * A field as every record holds it: its default and those of the objects
 * inside it taken away, since a create filled them in (an assistant's
 * `model.temperature`). Objects are extended, which keeps their
 * description and strictness; one with nothing to fill stays as it is.
 */
function filled(schema: z.ZodType): z.ZodType {
  const inner = withoutDefault(schema);
  if (!(inner instanceof z.ZodObject)) return inner;
  const shape = inner.shape as Record<string, z.ZodType>;
  const changed = Object.entries(shape).filter(([, field]) => filled(field) !== field);
  if (changed.length === 0) return inner;
  return inner.extend(Object.fromEntries(changed.map(([key, field]) => [key, filled(field)])));
}

/** A writable field as a record holds it: one with a default is always there, so without the default. */
type Filled<W extends z.ZodRawShape> = { [K in keyof W]: W[K] extends z.ZodDefault<infer T> ? T : W[K] };
/** The PATCH shape: every writable field optional, without its default. */
type UpdateShape<W extends z.ZodRawShape> = { [K in keyof W]: z.ZodOptional<Filled<W>[K]> };
/** The record responses show: server-owned and shown writable fields, with `shownAs` replacing (not joining) what it names. */
type RecordShape<W extends z.ZodRawShape, S extends z.ZodRawShape, WO extends keyof W, SA extends z.ZodRawShape> = Omit<
  S & Omit<Filled<W>, WO>,
  keyof SA
> &
  SA;

export function defineResource<
  W extends z.ZodRawShape,
  S extends z.ZodRawShape,
  WO extends keyof W & string = never,
  // biome-ignore lint/complexity/noBannedTypes: an empty shape is the right default: no presentation-only fields
  SA extends z.ZodRawShape = {},
>(spec: ResourceSpec<W, S, WO, SA>) {
  const writeOnly = new Set<string>(spec.writeOnly ?? []);
  // A record always holds a defaulted field (nested ones too), so the record schema (and the OpenAPI document) requires it.
  const shown = Object.fromEntries(
    Object.entries(spec.writable)
      .filter(([key]) => !writeOnly.has(key))
      .map(([key, schema]) => [key, filled(schema as z.ZodType)]),
  );
  const { type } = spec.names;
  const createInput = z.strictObject(spec.writable).openapi(`${type}Create`);
  // PATCH changes only what it names, so defaults must not fill the rest.
  const updateShape = Object.fromEntries(
    Object.entries(spec.writable).map(([key, schema]) => [key, withoutDefault(schema as z.ZodType).optional()]),
  ) as unknown as UpdateShape<W>;
  const updateInput = z.strictObject(updateShape).openapi(`${type}Update`);
  const recordShape = { ...spec.serverOwned, ...shown, ...spec.shownAs } as unknown as RecordShape<W, S, WO, SA>;
  const record = z.strictObject(recordShape).openapi(type);
  // What the store holds (and a snapshot carries): write-only fields included, presentation-only ones not.
  const stored = z.strictObject({ ...spec.serverOwned, ...spec.writable });
  /** Keys a client may send back but the server owns or derives: ignored in request bodies. */
  const serverOwnedKeys = [...Object.keys(spec.serverOwned), ...Object.keys(spec.shownAs ?? {}).filter((key) => !(key in spec.writable))];
  return {
    ...spec,
    createInput,
    updateInput,
    record,
    stored,
    /** Keys a client may send back but the server owns or derives: ignored in request bodies. */
    serverOwnedKeys,
    writableKeys: Object.keys(spec.writable),
    /** The only keys `ignoresInBody` can drop: a body is checked for these, not each of its keys against them. */
    ignorableKeys: [...serverOwnedKeys, ...Object.keys(spec.echoed ?? {})],
    /** Whether a body's key is dropped before validation: the server owns it, or it is a shown value sent back. */
    // Own keys only: a body key such as "__defineGetter__" must not reach Object.prototype.
    ignoresInBody: (key: string, value: unknown): boolean =>
      serverOwnedKeys.includes(key) || (spec.echoed !== undefined && Object.hasOwn(spec.echoed, key) && spec.echoed[key]?.(value) === true),
    present: spec.present ?? ((stored: StoredRecord) => stripWriteOnly(stored, writeOnly)),
  };
}

function stripWriteOnly(stored: StoredRecord, writeOnly: Set<string>): Record<string, unknown> {
  if (writeOnly.size === 0) return stored;
  return Object.fromEntries(Object.entries(stored).filter(([key]) => !writeOnly.has(key)));
}

export type Resource = ReturnType<typeof defineResource>;
