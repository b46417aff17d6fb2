/**
 * The parts of a resource description: the kinds, the stored record, the rules
 * (refusals, rules beyond the schema, checks across fields), side effects and
 * the spec `defineResource` takes. Kept apart from `defineResource` so a rule
 * or a side effect can name these types without importing the derivations.
 */
import type { Faker } from '@faker-js/faker';
import type { z } from '@hono/zod-openapi';
import type { Problem } from './problem.js';
import type { OneOrVariants } from './shapes.js';
import type { TelephonyProvider } from './telephony.js';
import type { VariantFields, VariantSpec } from './variants.js';

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
  /** Realistic create input; `refs` holds ids it may reference, `index` counts records made so far. */
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
