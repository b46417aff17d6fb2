/** Ids held by organizations of a world, for fuzzing with real ids. */
import { resources } from '../../src/domain/resources/index.js';
import type { World } from '../../src/state/mock-state.js';

/** Every record id of one organization, all kinds together. */
export function idsOf(world: World, orgId: string): string[] {
  return resources.flatMap((def) => world.store.list(orgId, def.kind).map((record) => record.id));
}

/** The organization a token names; throws for a token the world does not know. */
export function orgIdOf(world: World, token: string): string {
  const org = world.tenants.byToken(token);
  if (!org) throw new Error(`no organization has the token ${token}`);
  return org.id;
}
