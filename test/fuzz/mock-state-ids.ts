/** Ids held by organizations of a mock state, for fuzzing with real ids. */
import { resources } from '../../src/domain/resources/index.js';
import type { MockState } from '../../src/state/mock-state.js';

/** Every record id of one organization, all kinds together. */
export function idsOf(mockState: MockState, orgId: string): string[] {
  return resources.flatMap((def) => mockState.store.list(orgId, def.kind).map((record) => record.id));
}

/** The organization a token names; throws for a token the mock state does not know. */
export function orgIdOf(mockState: MockState, token: string): string {
  const org = mockState.organizations.byToken(token);
  if (!org) throw new Error(`no organization has the token ${token}`);
  return org.id;
}
