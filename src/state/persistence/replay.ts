/**
 * Applies logged changes to a state as read from the snapshot, before it is
 * loaded: the result goes through `importState` once, with every check a
 * snapshot gets, so a log can never put into the mock state what a snapshot
 * could not. The maps below keep the same order the store, the organizations registry and
 * the provider keep (a Map keeps a key's place when it is set again, and
 * puts a new key last), so a replayed state lists as the live one did.
 */
import type { LoggedChange } from './change-feed.js';

type Json = Record<string, unknown>;

/** A state as maps: organizations, records by organization and kind, configurations by trunk. */
export class ReplayedState {
  readonly #header: Json;
  readonly #tenants = new Map<string, Json>();
  readonly #records = new Map<string, Map<string, Map<string, Json>>>();
  readonly #configurations = new Map<string, Json>();

  /** `state` is the snapshot as parsed; its records are checked later, by importState, but its lists must be lists. */
  constructor(state: Json) {
    const { organizations, telephony, ...header } = state;
    this.#header = header;
    for (const organization of asArray(organizations)) {
      const { records, ...identity } = organization as Json;
      const id = String(identity.id);
      this.#tenants.set(id, identity);
      if (records !== undefined && (typeof records !== 'object' || records === null))
        throw new TypeError('the records of an organization are not an object');
      for (const [kind, list] of Object.entries((records ?? {}) as Json)) {
        for (const record of asArray(list)) this.#collection(id, kind).set(String((record as Json).id), record as Json);
      }
    }
    for (const configuration of asArray(telephony))
      this.#configurations.set(String((configuration as Json).trunkId), configuration as Json);
  }

  apply(change: LoggedChange): void {
    switch (change.op) {
      case 'put':
        this.#collection(change.orgId, change.kind).set(change.record.id, change.record);
        return;
      case 'remove':
        this.#records.get(change.orgId)?.get(change.kind)?.delete(change.id);
        return;
      case 'clear':
        this.#records.delete(change.orgId);
        return;
      case 'tenant':
        this.#tenants.set(change.organization.id, change.organization as unknown as Json);
        return;
      case 'untenant':
        this.#tenants.delete(change.id);
        return;
      case 'tenants-clear':
        this.#tenants.clear();
        return;
      case 'configure':
        this.#configurations.set(change.configuration.trunkId, change.configuration);
        return;
      case 'unconfigure':
        this.#configurations.delete(change.trunkId);
        return;
      case 'telephony-clear':
        for (const [trunkId, configuration] of this.#configurations) {
          if (change.orgId === undefined || configuration.orgId === change.orgId) this.#configurations.delete(trunkId);
        }
        return;
      default:
        throw new Error(`unknown change ${JSON.stringify((change as { op?: unknown }).op)}`);
    }
  }

  /** The state as a snapshot holds it: organizations with their records (oldest first), then the configurations, by organization. */
  toState(): Json {
    const organizations = [...this.#tenants.entries()].map(([id, identity]) => ({
      ...identity,
      records: Object.fromEntries(
        [...(this.#records.get(id) ?? new Map()).entries()].map(([kind, records]) => [kind, [...records.values()]]),
      ),
    }));
    const configurations = [...this.#configurations.values()];
    const telephony = [...this.#tenants.keys()].flatMap((id) => configurations.filter((configuration) => configuration.orgId === id));
    return { ...this.#header, organizations, telephony };
  }

  #collection(orgId: string, kind: string): Map<string, Json> {
    const kinds = this.#records.get(orgId) ?? new Map<string, Map<string, Json>>();
    this.#records.set(orgId, kinds);
    const records = kinds.get(kind) ?? new Map<string, Json>();
    kinds.set(kind, records);
    return records;
  }
}

/** A list of the snapshot; a missing one is empty, anything else is no state (thrown, and reported as such by the loader). */
function asArray(value: unknown): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new TypeError('a list of the state is not a list');
  return value;
}
