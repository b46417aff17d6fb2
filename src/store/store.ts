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
  /** The first record (in creation order) that `test` accepts, without copying the collection. */
  find(orgId: string, kind: ResourceKind, test: (record: StoredRecord) => boolean): StoredRecord | undefined;
  /** The records (in creation order) that `test` accepts, without copying the collection first. */
  filter(orgId: string, kind: ResourceKind, test: (record: StoredRecord) => boolean): StoredRecord[];
  /**
   * A number that changes on every write to the organization's records of
   * this kind and never comes back, so what is derived from a list (e.g.
   * its serialized form) can be cached until the next write.
   */
  revision(orgId: string, kind: ResourceKind): number;
}

interface Collection {
  records: Map<string, StoredRecord>;
  revision: number;
}

// Shared by every store, so a revision is never reused, not even after clear() or by another store.
let lastRevision = 0;

/** Keeps records in insertion-ordered maps: O(1) get/put/remove/count, lists in creation order. */
export class MemoryStore implements Store {
  readonly #orgs = new Map<string, Map<ResourceKind, Collection>>();

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
    collection.records.set(record.id, Object.freeze(record));
    collection.revision = ++lastRevision;
  }

  remove(orgId: string, kind: ResourceKind, id: string): boolean {
    const collection = this.#collection(orgId, kind);
    if (!collection?.records.delete(id)) return false;
    collection.revision = ++lastRevision;
    return true;
  }

  clear(orgId: string): void {
    // Dropping the collections resets their revision to 0, which no write ever hands out.
    this.#orgs.delete(orgId);
  }

  count(orgId: string, kind: ResourceKind): number {
    return this.#collection(orgId, kind)?.records.size ?? 0;
  }

  find(orgId: string, kind: ResourceKind, test: (record: StoredRecord) => boolean): StoredRecord | undefined {
    for (const record of this.#collection(orgId, kind)?.records.values() ?? []) if (test(record)) return record;
    return undefined;
  }

  filter(orgId: string, kind: ResourceKind, test: (record: StoredRecord) => boolean): StoredRecord[] {
    const found: StoredRecord[] = [];
    for (const record of this.#collection(orgId, kind)?.records.values() ?? []) if (test(record)) found.push(record);
    return found;
  }

  revision(orgId: string, kind: ResourceKind): number {
    return this.#collection(orgId, kind)?.revision ?? 0;
  }

  #collection(orgId: string, kind: ResourceKind): Collection | undefined {
    return this.#orgs.get(orgId)?.get(kind);
  }
}
