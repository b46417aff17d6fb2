/**
 * Where records live. Every call names the organization, so no code path
 * can reach a record without saying whose it is; the interface is small so
 * another backing (a file, a browser's storage) can stand in.
 */
import type { ResourceKind, StoredRecord } from '../domain/resource.js';

export interface Store {
  /** The organization's records of one kind, newest first. */
  list(orgId: string, kind: ResourceKind): StoredRecord[];
  get(orgId: string, kind: ResourceKind, id: string): StoredRecord | undefined;
  /** Inserts a record, or replaces the one with the same id in place (order kept). */
  put(orgId: string, kind: ResourceKind, record: StoredRecord): void;
  /** Removes a record; false when the organization has none with that id. */
  remove(orgId: string, kind: ResourceKind, id: string): boolean;
  /** Forgets all records of an organization. */
  clear(orgId: string): void;
  /** How many records of the kind the organization has, without building a list. */
  count(orgId: string, kind: ResourceKind): number;
  /**
   * A number that changes on every write to the organization's records of
   * this kind and never comes back, so what is derived from a list (e.g.
   * its serialized form) can be cached until the next write.
   */
  revision(orgId: string, kind: ResourceKind): number;
  /**
   * The organization's records of one kind, newest first, each as `toItem`
   * makes it, as JSON text. Lists are read far more often than written: the
   * text is kept until the next write to these records (or a call with
   * another `toItem`, which must depend on the record alone).
   */
  listJson(orgId: string, kind: ResourceKind, toItem: (record: StoredRecord) => unknown): string;
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

interface Collection {
  records: Map<string, StoredRecord>;
  revision: number;
  /** The list's JSON text as `toItem` made it; dropped on every write. */
  listJson?: { toItem: (record: StoredRecord) => unknown; text: string };
}

// Shared by every store, so a revision is never reused, not even after clear() or by another store.
let lastRevision = 0;

/**
 * Keeps records in insertion-ordered maps: O(1) get/put/remove/count, lists in
 * creation order, and an index by key so that finding who points at a record
 * (or who holds a unique value) costs the same with ten records or a million.
 */
export class MemoryStore implements Store {
  readonly #orgs = new Map<string, Map<ResourceKind, Collection>>();
  readonly #index = new Map<string, Map<string, Map<string, RecordRef>>>();

  constructor(private readonly indexKeys: IndexKeys = () => []) {}

  list(orgId: string, kind: ResourceKind): StoredRecord[] {
    const collection = this.#collection(orgId, kind);
    return collection ? [...collection.records.values()].reverse() : [];
  }

  get(orgId: string, kind: ResourceKind, id: string): StoredRecord | undefined {
    return this.#collection(orgId, kind)?.records.get(id);
  }

  put(orgId: string, kind: ResourceKind, record: StoredRecord): void {
    const collections = this.#orgs.get(orgId) ?? new Map<ResourceKind, Collection>();
    this.#orgs.set(orgId, collections);
    const collection = collections.get(kind) ?? { records: new Map<string, StoredRecord>(), revision: 0 };
    collections.set(kind, collection);
    const previous = collection.records.get(record.id);
    if (previous) this.#unindex(orgId, kind, previous);
    collection.records.set(record.id, Object.freeze(record));
    this.#indexRecord(orgId, kind, record);
    this.#changed(collection);
  }

  remove(orgId: string, kind: ResourceKind, id: string): boolean {
    const collection = this.#collection(orgId, kind);
    const record = collection?.records.get(id);
    if (!collection || !record) return false;
    collection.records.delete(id);
    this.#unindex(orgId, kind, record);
    this.#changed(collection);
    return true;
  }

  clear(orgId: string): void {
    // Dropping the collections resets their revision to 0, which no write ever hands out.
    this.#orgs.delete(orgId);
    this.#index.delete(orgId);
  }

  count(orgId: string, kind: ResourceKind): number {
    return this.#collection(orgId, kind)?.records.size ?? 0;
  }

  revision(orgId: string, kind: ResourceKind): number {
    return this.#collection(orgId, kind)?.revision ?? 0;
  }

  listJson(orgId: string, kind: ResourceKind, toItem: (record: StoredRecord) => unknown): string {
    const collection = this.#collection(orgId, kind);
    if (!collection) return '[]';
    let kept = collection.listJson;
    if (kept?.toItem !== toItem) {
      kept = { toItem, text: JSON.stringify(this.list(orgId, kind).map(toItem)) };
      collection.listJson = kept;
    }
    return kept.text;
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

  #changed(collection: Collection): void {
    collection.revision = ++lastRevision;
    collection.listJson = undefined;
  }

  #collection(orgId: string, kind: ResourceKind): Collection | undefined {
    return this.#orgs.get(orgId)?.get(kind);
  }
}
