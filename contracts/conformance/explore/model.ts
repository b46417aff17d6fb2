/**
 * The model explore keeps of the target: which records this sequence created
 * for each organization, which of them it deleted, and what each last held,
 * all from the answers the target gave. Steps name records by handle (the
 * k-th record of a kind, of an organization, in a state), never by id, so a
 * sequence shrinks and replays on fresh records.
 */
import { resourceFacts } from '../resources.js';
import type { Org } from './target-seam.js';

/** The resources by the short name steps use (`tools`). */
export const KINDS = resourceFacts.map((facts) => facts.name);
export type Kind = string;

export const OPS = [
  'create',
  'get',
  'list',
  'update',
  'delete',
  'get-deleted',
  'delete-again',
  'recreate',
  'other-get',
  'other-update',
  'other-delete',
  'unknown-get',
  'unknown-delete',
  'system-get',
  'system-update',
  'system-delete',
] as const;
export type Op = (typeof OPS)[number];

/**
 * What each op names: a record of the sequence by handle, a kind to create in, an id no record has, the system
 * trunk, or a list. Every op is here (the compiler asks), so the drawing of its arguments follows from it.
 */
export const OP_SUBJECT: Record<Op, 'record' | 'new' | 'unknown' | 'system' | 'list'> = {
  create: 'new',
  get: 'record',
  list: 'list',
  update: 'record',
  delete: 'record',
  'get-deleted': 'record',
  'delete-again': 'record',
  recreate: 'record',
  'other-get': 'record',
  'other-update': 'record',
  'other-delete': 'record',
  'unknown-get': 'unknown',
  'unknown-delete': 'unknown',
  'system-get': 'system',
  'system-update': 'system',
  'system-delete': 'system',
};

/** One step of a sequence, as JSON: what a report saves and `--replay` reads. */
export interface Step {
  op: Op;
  /**
   * The resource (`sip-trunks` … `webhooks`; the system-trunk steps use `sip-trunks`), or `*`: for a step on a
   * record, a record of any kind; for a list, the kind of the handle-th record of the sequence (schemas without one).
   */
  kind: Kind | '*';
  /**
   * Which organization's token the request carries, for a create, a list, an unknown id and the system trunk. A step
   * on a record speaks for the record's owner, and the other-* steps for the other organization, whatever `as` says.
   */
  as: Org;
  /** Which record: the handle-th (modulo their number) of the records the op picks from. */
  handle: number;
}

export interface ModelRecord {
  kind: Kind;
  owner: Org;
  id: string;
  deleted: boolean;
  /** The create body sent (run-unique values), for a re-create with the values of a deleted record. */
  created: Record<string, unknown>;
  /** The create example it was made from. */
  example: Record<string, unknown>;
  /** The values last written (create, then each accepted update), compared with what a get answers. */
  written: Record<string, unknown>;
  /** Set on a deleted record once a re-create made a new one with its values: no step picks it again. */
  replaced?: boolean;
  /** Accepted updates so far: every second one writes back the created values, so each update changes something. */
  updates: number;
  /** When its last accepted write (create, update, delete) was answered (`performance.now()`): a read's settle time counts from then. */
  writtenAt: number;
  /** Whether a list read while it was live held it: its absence after its delete then shows the list can show it. */
  listed?: boolean;
  /**
   * The keys the target showed otherwise than they were written (a URL given a trailing slash, a secret masked): its
   * own form of them, never compared. Undefined until an answer or a read before any update shows the record.
   */
  ownForm?: string[];
}

export interface Model {
  records: ModelRecord[];
  /** The system trunk of each organization, found before the run (read only, never changed but by the refused delete). */
  systemTrunks: Partial<Record<Org, string>>;
  /** Whether a second organization's token was given. */
  twoOrgs: boolean;
  /** Whether the system-trunk update (a PATCH of its own name) is allowed. */
  systemUpdate: boolean;
  /** The kinds with a create example, and those with an update example (the target's document, or --examples). */
  creatable: Kind[];
  updatable: Kind[];
  /** Set when the run must stop (time limit, budget, interrupt) or a muted rule broke: every further step is skipped. */
  stopped: boolean;
}

export const pathOf = (kind: Kind): string => `/api/v1/${kind}`;
export const otherOrg = (org: Org): Org => (org === 'token' ? 'token2' : 'token');

/** The records an op picks its handle from. */
export function candidates(model: Model, step: Step): ModelRecord[] {
  const { op, kind } = step;
  const of = (deleted: boolean) =>
    model.records.filter((record) => (kind === '*' || record.kind === kind) && record.deleted === deleted && !record.replaced);
  switch (op) {
    case 'get':
    case 'update':
    case 'delete':
    case 'other-get':
    case 'other-update':
    case 'other-delete':
      return of(false);
    case 'get-deleted':
    case 'delete-again':
    case 'recreate':
      return of(true);
    default:
      return [];
  }
}

/** The record a step names; undefined when there is none to name. */
export function pick(model: Model, step: Step): ModelRecord | undefined {
  const found = candidates(model, step);
  return found.length === 0 ? undefined : found[step.handle % found.length];
}

/** The organization a step speaks for (see Step.as). */
export function speaker(model: Model, step: Step): Org {
  const record = pick(model, step);
  if (record === undefined) return step.as;
  return step.op.startsWith('other-') ? otherOrg(record.owner) : record.owner;
}

/** The kind a step works on (see Step.kind). */
export function resolvedKind(model: Model, step: Step): Kind {
  if (step.kind !== '*') return step.kind;
  if (step.op === 'list') return model.records[step.handle % Math.max(1, model.records.length)]?.kind ?? 'schemas';
  return pick(model, step)?.kind ?? 'schemas';
}

/** Whether the step can run on this model (a step that cannot is skipped, in a search and in a replay alike). */
export function applicable(model: Model, step: Step): boolean {
  if (model.stopped) return false;
  if (step.as === 'token2' && !model.twoOrgs) return false;
  if (step.op.startsWith('other-') && !model.twoOrgs) return false;
  switch (step.op) {
    case 'create':
      return model.creatable.includes(step.kind);
    case 'update':
    case 'other-update':
      return pick(model, step) !== undefined && model.updatable.includes(resolvedKind(model, step));
    case 'list':
    case 'unknown-get':
    case 'unknown-delete':
      return true;
    case 'system-get':
    case 'system-delete':
      return model.systemTrunks[step.as] !== undefined;
    case 'system-update':
      return model.systemUpdate && model.systemTrunks[step.as] !== undefined;
    default:
      return pick(model, step) !== undefined;
  }
}

/** A step in words, for tables and the generated tests. */
export function describeStep(step: Step): string {
  const org = step.as === 'token' ? 'org 1' : 'org 2';
  const noun = step.kind === '*' ? 'record' : step.kind.replace(/s$/, '');
  switch (step.op) {
    case 'create':
    case 'list':
      if (step.op === 'create') return `${org}: create ${noun}`;
      return `${org}: list ${step.kind === '*' ? `the kind of record #${step.handle}` : step.kind}`;
    case 'recreate':
      return `owner: re-create deleted ${noun} #${step.handle} with its values`;
    case 'unknown-get':
    case 'unknown-delete':
      return `${org}: ${step.op.slice(8)} ${noun} with an unknown id`;
    case 'system-get':
    case 'system-update':
    case 'system-delete':
      return `${org}: ${step.op.slice(7)} its system trunk`;
    case 'other-get':
    case 'other-update':
    case 'other-delete':
      return `other organization: ${step.op.slice(6)} ${noun} #${step.handle}`;
    default:
      return `owner: ${step.op} ${noun} #${step.handle}`;
  }
}

/** What every sequence starts from: no record of its own yet. */
export type ModelBase = Omit<Model, 'records' | 'stopped'>;

export function newModel(base: ModelBase): Model {
  return { ...base, records: [], stopped: false };
}
