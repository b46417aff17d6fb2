/**
 * The whole state (or one organization's) as plain JSON: `exportState` for a
 * caller, `StateSerializer` for the state file, which encodes again only the
 * collections that changed. Records travel in their stored form.
 */
import { resources } from '../../domain/resources/index.js';
import { CollectionCache } from '../changes.js';
import type { MockState } from '../mock-state.js';
import type { Organization } from '../organizations/registry.js';
import { STATE_FORMAT, type State } from './snapshot-schema.js';

/**
 * The whole state as UTF-8 JSON for the state file, in pieces that joined
 * are exactly `JSON.stringify(exportState(mockState))`. Each organization's
 * records of one kind, and the provider's configurations, are kept as bytes
 * and encoded again only after the change stream said they changed: a save
 * after one write encodes one collection, not the whole state (which is
 * 50 MB at 100,000 records). `stop` ends the subscription.
 */
export class StateSerializer {
  readonly #collections: CollectionCache<Uint8Array<ArrayBuffer>>;
  #telephony: { orgIds: string; bytes: Uint8Array<ArrayBuffer> } | undefined;
  readonly #stopTelephony: () => void;

  constructor(private readonly mockState: MockState) {
    this.#collections = new CollectionCache(mockState.changes);
    this.#stopTelephony = mockState.changes.subscribe((change) => {
      if (change.op === 'configure' || change.op === 'unconfigure' || change.op === 'telephony-clear') this.#telephony = undefined;
    });
  }

  stop(): void {
    this.#collections.stop();
    this.#stopTelephony();
  }

  pieces(): Uint8Array<ArrayBuffer>[] {
    const { mockState } = this;
    const organizations = mockState.organizations.list();
    // Only collections of organizations that still exist are kept for the next save.
    this.#collections.keepOnly(new Set(organizations.map(({ id }) => id)));
    // Built from the same parts as exportState, in the same order (the snapshot test compares the two byte for byte);
    // `slice(0, -1)` opens an object's text to append the next key.
    const pieces = [utf8.encode(`${JSON.stringify(stateHeader(mockState)).slice(0, -1)},"organizations":[`)];
    organizations.forEach((organization, index) => {
      pieces.push(utf8.encode(`${index === 0 ? '' : ','}${JSON.stringify(identityOf(organization)).slice(0, -1)},"records":{`));
      resources.forEach((def, position) => {
        pieces.push(
          utf8.encode(`${position === 0 ? '' : ','}${JSON.stringify(def.kind)}:`),
          this.#collections.get(organization.id, def.kind, () =>
            utf8.encode(JSON.stringify(mockState.store.list(organization.id, def.kind).reverse())),
          ),
        );
      });
      pieces.push(utf8.encode('}}'));
    });
    pieces.push(utf8.encode('],"telephony":'), this.#telephonyBytes(organizations.map(({ id }) => id)), utf8.encode('}'));
    return pieces;
  }

  /** The provider's configurations, grouped by organization in their order; made again when the provider or the organizations change. */
  #telephonyBytes(orgIds: string[]): Uint8Array<ArrayBuffer> {
    const key = orgIds.join(',');
    if (this.#telephony?.orgIds !== key) {
      this.#telephony = { orgIds: key, bytes: utf8.encode(JSON.stringify(telephonyOf(this.mockState, orgIds))) };
    }
    return this.#telephony.bytes;
  }
}

const utf8 = new TextEncoder();

/** The state (or one organization's) as a plain object. Records are copies: the store's are frozen and must never reach a caller who may change them. */
export function exportState(mockState: MockState, orgId?: string): State {
  const organizations = mockState.organizations.list().filter((organization) => orgId === undefined || organization.id === orgId);
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
