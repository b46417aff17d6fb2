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
}

type Collections = Map<ResourceKind, Map<string, StoredRecord>>;

/** Keeps records in insertion-ordered maps: O(1) get/put/remove, lists in creation order. */
export class MemoryStore implements Store {
  readonly #orgs = new Map<string, Collections>();

  list(orgId: string, kind: ResourceKind): StoredRecord[] {
    const records = this.#collection(orgId, kind);
    return records ? [...records.values()].reverse() : [];
  }

  get(orgId: string, kind: ResourceKind, id: string): StoredRecord | undefined {
    return this.#collection(orgId, kind)?.get(id);
  }

  put(orgId: string, kind: ResourceKind, record: StoredRecord): void {
    const collections = this.#orgs.get(orgId) ?? new Map<ResourceKind, Map<string, StoredRecord>>();
    this.#orgs.set(orgId, collections);
    const records = collections.get(kind) ?? new Map<string, StoredRecord>();
    collections.set(kind, records);
    records.set(record.id, Object.freeze(record));
  }

  remove(orgId: string, kind: ResourceKind, id: string): boolean {
    return this.#collection(orgId, kind)?.delete(id) ?? false;
  }

  clear(orgId: string): void {
    this.#orgs.delete(orgId);
  }

  #collection(orgId: string, kind: ResourceKind): Map<string, StoredRecord> | undefined {
    return this.#orgs.get(orgId)?.get(kind);
  }
}
