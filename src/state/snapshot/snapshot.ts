/**
 * The whole state (or one organization's) as plain JSON, and back. Records
 * travel in their stored form (a trunk's password, a webhook's whole secret),
 * so export → import gives back exactly the same records. An import is
 * checked completely before anything changes: a bad snapshot changes nothing.
 * The schema is in snapshot-schema.ts, the export in snapshot-export.ts, what
 * must hold together in snapshot-integrity.ts; this module loads a snapshot.
 */
import { DomainError } from '../../domain/errors.js';
import { ProblemList } from '../../domain/problem-list.js';
import type { StoredRecord } from '../../domain/resource.js';
import { resources } from '../../domain/resources/index.js';
import { type SipTrunkRecord, trunkSettings } from '../../domain/resources/sip-trunk.js';
import type { TrunkConfiguration } from '../../domain/telephony.js';
import { assertRoomForOrganization } from '../limits.js';
import type { MockState } from '../mock-state.js';
import type { Organization } from '../organizations/registry.js';
import { checkState } from './snapshot-check.js';
import { integrityProblems } from './snapshot-integrity.js';
import type { State } from './snapshot-schema.js';

export { checkState } from './snapshot-check.js';
export { exportState, StateSerializer } from './snapshot-export.js';
export { MAX_SNAPSHOT_DEPTH, SNAPSHOT_BOUNDS, STATE_FORMAT, type State, seedSchema, stateSchema } from './snapshot-schema.js';

/**
 * Loads a snapshot. `only` replaces just that organization (it must be in the
 * snapshot); otherwise the snapshot replaces the whole state.
 */
export function importState(mockState: MockState, input: unknown, only?: string): void {
  const checked = checkState(input);
  if (!checked.ok) throw new DomainError('validation', `The snapshot is not valid: ${checked.problems.summary()}.`, checked.problems);
  importCheckedState(mockState, checked.value, only);
}

/** Loads a snapshot that `checkState` passed (the control route checks it as it reads the body). */
export function importCheckedState(mockState: MockState, state: State, only?: string): void {
  const incoming = state.organizations.filter((organization) => only === undefined || organization.id === only);
  if (only !== undefined && incoming.length === 0) {
    throw new DomainError('validation', `The snapshot holds no organization with id ${only}.`, [
      { path: ['organizations'], message: 'Not found.' },
    ]);
  }
  // One organization the mock does not have yet is added: it needs room (a whole snapshot is bounded by its schema).
  if (only !== undefined && !mockState.organizations.byId(only)) {
    assertRoomForOrganization(mockState.organizations.count, mockState.context(only).limits);
  }
  const leaving =
    only === undefined ? mockState.organizations.list() : mockState.organizations.list().filter((organization) => organization.id === only);
  assertTokensFree(mockState, incoming, leaving);
  const staying = mockState.organizations.list().filter((organization) => !leaving.includes(organization));
  const heldElsewhere = new Set(staying.flatMap(({ id }) => mockState.store.list(id, 'sipTrunks').map((trunk) => trunk.id)));
  const problems = ProblemList.of(integrityProblems(state, heldElsewhere, only));
  if (problems.count > 0) throw new DomainError('validation', `The snapshot does not hold together: ${problems.summary()}.`, problems);
  for (const organization of leaving) {
    mockState.store.clear(organization.id);
    mockState.telephony.clear(organization.id);
    // One organization replaced keeps its place among the others; a whole state comes in the snapshot's order.
    if (only === undefined) mockState.organizations.remove(organization.id);
  }
  for (const { records, plan, ...identity } of incoming) {
    const organization = { ...identity, ...(plan ? { plan: plan as Organization['plan'] } : {}) };
    if (only === undefined) mockState.organizations.add(organization);
    else mockState.organizations.replace(organization);
    for (const def of resources) {
      for (const record of records[def.kind] ?? []) mockState.store.put(identity.id, def.kind, record as StoredRecord);
    }
  }
  const ids = new Set(incoming.map((organization) => organization.id));
  const restored = state.telephony.filter((configuration) => ids.has(configuration.orgId));
  mockState.telephony.restore([...restored, ...missingConfigurations(incoming, restored, mockState.now())]);
}

/**
 * A snapshot written by hand may leave the provider's side out: its trunks are
 * provisioned as the API would have, so each holds its id at the provider and
 * no other organization's trunk can take it over.
 */
function missingConfigurations(
  organizations: State['organizations'],
  configurations: readonly TrunkConfiguration[],
  now: Date,
): TrunkConfiguration[] {
  const configured = new Set(configurations.map(({ trunkId }) => trunkId));
  return organizations.flatMap(({ id, records }) =>
    (records.sipTrunks ?? [])
      .filter((trunk) => !configured.has(String(trunk.id)))
      .map((trunk) => ({ ...trunkSettings(trunk as SipTrunkRecord, id), revision: 1, provisionedAt: now.toISOString() })),
  );
}

function assertTokensFree(
  mockState: MockState,
  incoming: readonly { id: string; token: string }[],
  leaving: readonly Organization[],
): void {
  const leavingIds = new Set(leaving.map((organization) => organization.id));
  // Apart: one organization's id may well be another's token.
  const ids = new Set<string>();
  const tokens = new Set<string>();
  for (const { id, token } of incoming) {
    if (ids.has(id)) throw new DomainError('conflict', `The snapshot holds organization ${id} twice.`);
    if (tokens.has(token)) throw new DomainError('conflict', `The snapshot gives token ${token} to two organizations.`);
    ids.add(id);
    tokens.add(token);
    const holder = mockState.organizations.byToken(token);
    if (holder && !leavingIds.has(holder.id)) {
      throw new DomainError('conflict', `Token ${token} of organization ${id} already belongs to organization ${holder.id}.`);
    }
  }
}
