/**
 * The whole state (or one organization's) as plain JSON: `exportState` for a
 * caller, `StateSerializer` for the state file, which encodes again only the
 * collections that changed. Records travel in their stored form.
 */
import type { ResourceKind } from '../../domain/resource.js';
import { resources } from '../../domain/resources/index.js';
import type { MockState } from '../mock-state.js';
import type { Organization } from '../tenants.js';
import { STATE_FORMAT, type State } from './snapshot-schema.js';

/**
 * The whole state as UTF-8 JSON for the state file, in pieces that joined
 * are exactly `JSON.stringify(exportState(mockState))`. Each organization's
 * records of one kind are serialized again only when that collection has
 * changed (the store's revision moved): at 100,000 records a save after one
 * write serializes one collection instead of the 50 MB of the whole state,
 * which took a quarter of a second of the event loop every save. The pieces
 * are kept as bytes: encoding the whole state again for every save (and
 * the 50 MB of new buffers, which also asked V8 for collections) cost 15–40
 * ms more CPU per save at 100,000 records.
 */
export class StateSerializer {
  #collections = new Map<string, Encoded>();
  #telephony: { key: string; bytes: Uint8Array<ArrayBuffer> } | undefined;

  constructor(private readonly mockState: MockState) {}

  pieces(): Uint8Array<ArrayBuffer>[] {
    const { mockState } = this;
    const seen = new Map<string, Encoded>();
    const organizations = mockState.tenants.list();
    // Built from the same parts as exportState, in the same order (the snapshot test compares the two byte for byte);
    // `slice(0, -1)` opens an object's text to append the next key.
    const pieces = [utf8.encode(`${JSON.stringify(stateHeader(mockState)).slice(0, -1)},"organizations":[`)];
    organizations.forEach((organization, index) => {
      pieces.push(utf8.encode(`${index === 0 ? '' : ','}${JSON.stringify(identityOf(organization)).slice(0, -1)},"records":{`));
      resources.forEach((def, position) => {
        pieces.push(
          utf8.encode(`${position === 0 ? '' : ','}${JSON.stringify(def.kind)}:`),
          this.#records(organization.id, def.kind, seen),
        );
      });
      pieces.push(utf8.encode('}}'));
    });
    pieces.push(utf8.encode('],"telephony":'), this.#telephonyBytes(organizations.map(({ id }) => id)), utf8.encode('}'));
    // Only collections of organizations that still exist are kept for the next save.
    this.#collections = seen;
    return pieces;
  }

  /** The provider's configurations, grouped by organization in their order; made again when the provider or the organizations change. */
  #telephonyBytes(orgIds: string[]): Uint8Array<ArrayBuffer> {
    const key = `${this.mockState.telephony.revision()}|${orgIds.join(',')}`;
    if (this.#telephony?.key !== key) {
      this.#telephony = { key, bytes: utf8.encode(JSON.stringify(telephonyOf(this.mockState, orgIds))) };
    }
    return this.#telephony.bytes;
  }

  #records(orgId: string, kind: ResourceKind, seen: Map<string, Encoded>): Uint8Array<ArrayBuffer> {
    const key = `${orgId}/${kind}`;
    const revision = this.mockState.store.revision(orgId, kind);
    let cached = this.#collections.get(key);
    if (cached?.revision !== revision)
      cached = { revision, bytes: utf8.encode(JSON.stringify(this.mockState.store.list(orgId, kind).reverse())) };
    seen.set(key, cached);
    return cached.bytes;
  }
}

interface Encoded {
  revision: number;
  bytes: Uint8Array<ArrayBuffer>;
}

const utf8 = new TextEncoder();

/** The state (or one organization's) as a plain object. Records are copies: the store's are frozen and must never reach a caller who may change them. */
export function exportState(mockState: MockState, orgId?: string): State {
  const organizations = mockState.tenants.list().filter((organization) => orgId === undefined || organization.id === orgId);
  const records = (id: string) =>
    Object.fromEntries(resources.map((def) => [def.kind, structuredClone(mockState.store.list(id, def.kind).reverse())]));
  return {
    ...stateHeader(mockState),
    organizations: organizations.map((organization) => ({ ...identityOf(organization), records: records(organization.id) })),
    telephony: telephonyOf(
      mockState,
      organizations.map(({ id }) => id),
    ),
  };
}

/** What every state starts with. */
function stateHeader(mockState: MockState) {
  return { format: STATE_FORMAT as typeof STATE_FORMAT, version: 1 as const, savedAt: mockState.now().toISOString() };
}

/** An organization as a state names it, before its records. */
function identityOf({ id, name, token, plan }: Organization) {
  return { id, name, token, ...(plan ? { plan } : {}) };
}

/** The provider's trunk configurations, grouped by organization in the order given. */
function telephonyOf(mockState: MockState, orgIds: readonly string[]) {
  return orgIds.flatMap((id) => mockState.telephony.configurations(id));
}
