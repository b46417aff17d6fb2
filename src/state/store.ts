/**
 * Where records live. Every call names the organization, so no code path
 * can reach a record without saying whose it is; the interface is small so
 * another backing (a file, a browser's storage) can stand in. A store tells
 * the mock state's change stream (changes.ts) about every write it made.
 */
import type { ResourceKind, StoredRecord } from '../domain/resource.js';
import { Changes } from './changes.js';

export interface Store {
  /** The organization's records of one kind, newest first. */
  list(orgId: string, kind: ResourceKind): StoredRecord[];
  get(orgId: string, kind: ResourceKind, id: string): StoredRecord | undefined;
  /** Inserts a record, or replaces the one with the same id in place (order kept); emits `put`. */
  put(orgId: string, kind: ResourceKind, record: StoredRecord): void;
  /** Removes a record (emits `remove`); false when the organization has none with that id (emits nothing). */
  remove(orgId: string, kind: ResourceKind, id: string): boolean;
  /** Forgets all records of an organization; emits `clear`. */
  clear(orgId: string): void;
  /** How many records of the kind the organization has, without building a list. */
  count(orgId: string, kind: ResourceKind): number;
  /** The records whose index keys (see `IndexKeys`) include `key`: who points at a record, who holds a unique value. */
  lookup(orgId: string, key: string): RecordRef[];
}

/** Where a record is. */
export interface RecordRef {
  kind: ResourceKind;
  id: string;
}

/** The keys a record is found by in `lookup`; the domain decides them (src/domain/index-keys.ts). */
export type IndexKeys = (kind: ResourceKind, record: StoredRecord) => string[];

type Collection = Map<string, StoredRecord>;

/**
 * Keeps records in insertion-ordered maps: O(1) get/put/remove/count, lists in
 * creation order, and an index by key so that finding who points at a record
 * (or who holds a unique value) costs the same with ten records or a million.
 */
export class MemoryStore implements Store {
  readonly #orgs = new Map<string, Map<ResourceKind, Collection>>();
  readonly #index = new Map<string, Map<string, Map<string, RecordRef>>>();

  constructor(
    private readonly indexKeys: IndexKeys = () => [],
    private readonly changes: Changes = new Changes(),
  ) {}

  list(orgId: string, kind: ResourceKind): StoredRecord[] {
    const collection = this.#collection(orgId, kind);
    return collection ? [...collection.values()].reverse() : [];
  }

  get(orgId: string, kind: ResourceKind, id: string): StoredRecord | undefined {
    return this.#collection(orgId, kind)?.get(id);
  }

  put(orgId: string, kind: ResourceKind, record: StoredRecord): void {
    const collections = this.#orgs.get(orgId) ?? new Map<ResourceKind, Collection>();
    this.#orgs.set(orgId, collections);
    const collection: Collection = collections.get(kind) ?? new Map();
    collections.set(kind, collection);
    const previous = collection.get(record.id);
    if (previous) this.#unindex(orgId, kind, previous);
    collection.set(record.id, Object.freeze(record));
    this.#indexRecord(orgId, kind, record);
    this.changes.emit({ op: 'put', orgId, kind, record });
  }

  remove(orgId: string, kind: ResourceKind, id: string): boolean {
    const collection = this.#collection(orgId, kind);
    const record = collection?.get(id);
    if (!collection || !record) return false;
    collection.delete(id);
    this.#unindex(orgId, kind, record);
    this.changes.emit({ op: 'remove', orgId, kind, id });
    return true;
  }

  clear(orgId: string): void {
    this.#orgs.delete(orgId);
    this.#index.delete(orgId);
    this.changes.emit({ op: 'clear', orgId });
  }

  count(orgId: string, kind: ResourceKind): number {
    return this.#collection(orgId, kind)?.size ?? 0;
  }

  lookup(orgId: string, key: string): RecordRef[] {
    return [...(this.#index.get(orgId)?.get(key)?.values() ?? [])];
  }

  #indexRecord(orgId: string, kind: ResourceKind, record: StoredRecord): void {
    const keys = this.indexKeys(kind, record);
    if (keys.length === 0) return;
    const byKey = this.#index.get(orgId) ?? new Map<string, Map<string, RecordRef>>();
    this.#index.set(orgId, byKey);
    for (const key of keys) {
      const holders = byKey.get(key) ?? new Map<string, RecordRef>();
      byKey.set(key, holders);
      holders.set(`${kind}/${record.id}`, { kind, id: record.id });
    }
  }

  #unindex(orgId: string, kind: ResourceKind, record: StoredRecord): void {
    const byKey = this.#index.get(orgId);
    for (const key of this.indexKeys(kind, record)) {
      const holders = byKey?.get(key);
      holders?.delete(`${kind}/${record.id}`);
      if (holders?.size === 0) byKey?.delete(key);
    }
  }

  #collection(orgId: string, kind: ResourceKind): Collection | undefined {
    return this.#orgs.get(orgId)?.get(kind);
  }
}
