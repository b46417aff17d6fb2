/** A world whose organizations may hold fewer records, so limits are testable without creating 10,000 of them. */
import type { Limits } from '../../src/state/limits.js';
import type { World } from '../../src/state/mock-state.js';

/** The same world (same store, tenants, provider), with `limits` in every operation's context. */
export function withLimits(world: World, limits: Partial<Limits>): World {
  return { ...world, context: (orgId) => ({ ...world.context(orgId), limits }) };
}
