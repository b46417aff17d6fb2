/** A mock state whose organizations may hold fewer records, so limits are testable without creating 10,000 of them. */
import type { Limits } from '../../src/state/limits.js';
import type { MockState } from '../../src/state/mock-state.js';

/** The same mock state (same store, tenants, provider), with `limits` in every operation's context. */
export function withLimits(mockState: MockState, limits: Partial<Limits>): MockState {
  return { ...mockState, context: (orgId) => ({ ...mockState.context(orgId), limits }) };
}
