/**
 * The one stream of changes to a mock state: the store, the organizations
 * registry and the telephony provider each tell the hub they were made with
 * about every change they made, after it succeeded (a call that throws or
 * changes nothing tells nothing). Whatever follows the state (the state
 * file, the list cache, the outbox) subscribes here, so a new path that
 * changes state is followed without anyone remembering to.
 */
import type { ResourceKind, StoredRecord } from '../domain/resource.js';
import type { TrunkConfiguration } from '../domain/telephony.js';

/** One change, in the order it happened; replaying them in order gives the same state (persistence/replay.ts). */
export type Change =
  | { op: 'put'; orgId: string; kind: ResourceKind; record: StoredRecord }
  | { op: 'remove'; orgId: string; kind: ResourceKind; id: string }
  | { op: 'clear'; orgId: string }
  | { op: 'tenant'; organization: ChangedOrganization }
  | { op: 'untenant'; id: string }
  | { op: 'tenants-clear' }
  | { op: 'configure'; configuration: TrunkConfiguration }
  | { op: 'unconfigure'; trunkId: string }
  | { op: 'telephony-clear'; orgId?: string };

/** An organization as the registry holds it (organizations/registry.ts's `Organization`, named here so the registry can import this module). */
export interface ChangedOrganization {
  id: string;
  name: string;
  token: string;
  plan?: object;
}

export type ChangeListener = (change: Change) => void;

/**
 * Listeners run synchronously, in the order they subscribed, before the
 * changing call returns: a listener sees the state as the change left it.
 * The values are the changer's own (a frozen record, the registry's
 * organization): a listener that keeps one past its call copies it.
 */
export class Changes {
  #listeners: readonly ChangeListener[] = [];

  /** Returns a function that stops `listener` from hearing further changes. */
  subscribe(listener: ChangeListener): () => void {
    this.#listeners = [...this.#listeners, listener];
    return () => {
      this.#listeners = this.#listeners.filter((other) => other !== listener);
    };
  }

  emit(change: Change): void {
    for (const listener of this.#listeners) listener(change);
  }
}

/**
 * Something kept per organization and kind, made again after the first
 * change to that collection (or to the whole organization): a list's JSON
 * text, a collection's bytes in the state file.
 */
export class CollectionCache<T> {
  readonly #kept = new Map<string, Map<ResourceKind, T>>();
  readonly stop: () => void;

  constructor(changes: Changes) {
    this.stop = changes.subscribe((change) => {
      if (change.op === 'put' || change.op === 'remove') this.#kept.get(change.orgId)?.delete(change.kind);
      else if (change.op === 'clear') this.#kept.delete(change.orgId);
    });
  }

  /** The kept value, or what `make` gives, kept until the collection changes. */
  get(orgId: string, kind: ResourceKind, make: () => T): T {
    let byKind = this.#kept.get(orgId);
    const kept = byKind?.get(kind);
    if (kept !== undefined) return kept;
    const made = make();
    if (!byKind) {
      byKind = new Map();
      this.#kept.set(orgId, byKind);
    }
    byKind.set(kind, made);
    return made;
  }

  /** Keeps only the organizations in `orgIds` (the others were removed). */
  keepOnly(orgIds: ReadonlySet<string>): void {
    for (const orgId of this.#kept.keys()) if (!orgIds.has(orgId)) this.#kept.delete(orgId);
  }
}
