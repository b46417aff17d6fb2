/**
 * Organizations made and remade through the control API: a fresh tenant per
 * test worker (so parallel workers share one server without colliding), a
 * reset of one organization, records injected with fixed ids.
 */
import { z } from '@hono/zod-openapi';
import { withArticle } from '../../domain/english.js';
import { DomainError } from '../../domain/errors.js';
import type { ResourceKind, StoredRecord } from '../../domain/resource.js';
import { resourceByKind } from '../../domain/resources/index.js';
import { assertRoomForOrganization } from '../limits.js';
import { checkedSeed, MAX_SEED, type MockState, resolveScenario } from '../mock-state.js';
import { createRecord } from '../operations.js';
import type { OrganizationPlan } from '../seed/scenario.js';
import { seedOrganization } from '../seed/seed.js';
import { exportState, importState, type State } from '../snapshot/snapshot.js';
import type { Organization } from './registry.js';

export interface TenantOptions {
  /** `empty` (default) or a scenario whose first organization is copied. */
  scenario?: string | undefined;
  seed?: number | undefined;
  name?: string | undefined;
}

const EMPTY_PLAN: OrganizationPlan = {
  token: '',
  counts: {},
  systemTrunks: 0,
  lockedSchemas: [],
};

/** Minted tenants seed from (seed, TENANT_SEEDS + their number): apart from the scenario's organizations (seed, index). */
const TENANT_SEEDS = 1000;
/** The last tenant number each mock state gave out; a mock state reset keeps counting, so numbers never come again. */
const lastNumber = new WeakMap<MockState, number>();

/** Tenant places stay seeds (at most MAX_SEED), or no snapshot of the tenant would load. */
const MAX_TENANT_NUMBER = MAX_SEED - TENANT_SEEDS;

/**
 * The next tenant number. Tenants loaded from a state file or a snapshot were
 * numbered by another process, and their seeds say which numbers they took:
 * counting from 1 again would give a new tenant a loaded one's seed, and so
 * its SIP trunk ids, which the provider refuses (409). Past the last number (a
 * hand-made state can take it), the lowest free one.
 */
function nextTenantNumber(mockState: MockState): number {
  const taken = new Set<number>();
  let highest = lastNumber.get(mockState) ?? 0;
  for (const { plan } of mockState.organizations.list()) {
    const number = (Array.isArray(plan?.seed) ? (plan.seed[1] ?? 0) : 0) - TENANT_SEEDS;
    if (number < 1) continue;
    taken.add(number);
    highest = Math.max(highest, number);
  }
  let number = highest + 1;
  if (number > MAX_TENANT_NUMBER) for (number = 1; taken.has(number); number++);
  lastNumber.set(mockState, number);
  return number;
}

/** A new organization with a token of its own, empty or seeded like a scenario's first organization. */
export function createTenant(mockState: MockState, options: TenantOptions = {}): Organization {
  assertRoomForOrganization(mockState.organizations.count, mockState.context('').limits);
  const plan = resolveScenario(options.scenario ?? 'empty').organizations[0] ?? EMPTY_PLAN;
  const base = checkedSeed(options.seed ?? mockState.seed);
  const number = nextTenantNumber(mockState);
  const identity = {
    id: globalThis.crypto.randomUUID(),
    name: options.name ?? `Tenant ${number}`,
    token: `mock_${globalThis.crypto.randomUUID().replaceAll('-', '')}`,
  };
  // Each tenant draws from its own seed, so seeded tenants never share record ids.
  const seed = [base, TENANT_SEEDS + number];
  return allOrNothing(mockState, identity.id, () => seedOrganization(mockState, plan, seed, identity));
}

/**
 * What a reset of one organization seeds from. A seed given now takes the
 * place of the first number of what it was seeded from (the mock state's seed),
 * so the organization keeps its own place and two organizations reset with
 * the same seed still get records of their own (their trunk ids collided).
 * An organization with no place of its own (written by hand, or reset with
 * a seed by an older version, which kept the bare seed) gets a tenant's:
 * two of them seeded again from one bare seed would share record ids.
 */
function reseeded(mockState: MockState, planned: number | number[] | undefined, seed: number | undefined): number[] {
  if (Array.isArray(planned) && planned.length === 2) return seed === undefined ? planned : [checkedSeed(seed), ...planned.slice(1)];
  const base = seed ?? (Array.isArray(planned) ? planned[0] : planned) ?? mockState.seed;
  return [checkedSeed(base), TENANT_SEEDS + nextTenantNumber(mockState)];
}

/** Empties one organization and seeds it again from what it was seeded from (or a scenario given now). */
export function resetOrganization(mockState: MockState, orgId: string, options: Omit<TenantOptions, 'name'> = {}): Organization {
  const organization = requireOrganization(mockState, orgId);
  const before = exportState(mockState, orgId);
  removeTenant(mockState, orgId);
  const planned = organization.plan;
  const plan = options.scenario ? (resolveScenario(options.scenario).organizations[0] ?? EMPTY_PLAN) : (planned?.plan ?? EMPTY_PLAN);
  const seed = reseeded(mockState, planned?.seed, options.seed);
  const { id, name, token } = organization;
  return allOrNothing(mockState, orgId, () => seedOrganization(mockState, plan, seed, { id, name, token }), before, organization);
}

/**
 * Seeding can fail halfway (a provider fault, a record id another organization
 * holds): then the organization is taken out again, and what it held before
 * (`before`) is put back, so a failed request changes nothing.
 */
function allOrNothing(
  mockState: MockState,
  orgId: string,
  seed: () => Organization,
  before?: State,
  original?: Organization,
): Organization {
  try {
    return seed();
  } catch (error) {
    if (mockState.organizations.byId(orgId)) removeTenant(mockState, orgId);
    if (before) importState(mockState, before, orgId);
    // The very organization object again: whatever tells a reset organization by a new one (requests under way,
    // the outbox's deliveries and call numbers) must see that nothing happened.
    if (original && mockState.organizations.remove(orgId)) mockState.organizations.add(original);
    throw error;
  }
}

export function removeTenant(mockState: MockState, orgId: string): void {
  requireOrganization(mockState, orgId);
  mockState.store.clear(orgId);
  mockState.telephony.clear(orgId);
  mockState.organizations.remove(orgId);
}

export function requireOrganization(mockState: MockState, orgId: string): Organization {
  const organization = mockState.organizations.byId(orgId);
  if (!organization) throw new DomainError('not-found', `No organization with id ${orgId}; GET /__mock/tenants lists them.`);
  return organization;
}

/**
 * Adds a record with server-owned fields of the caller's choosing (a fixed
 * id, `isSystem`, `isLocked`, timestamps); its other fields are validated
 * exactly like a create.
 */
export function injectRecord(mockState: MockState, orgId: string, kind: ResourceKind, input: Record<string, unknown>): StoredRecord {
  requireOrganization(mockState, orgId);
  const def = resourceByKind[kind];
  const ownedKeys = Object.keys(def.serverOwned);
  const owned = z.object(def.serverOwned).partial().safeParse(pick(input, ownedKeys));
  if (!owned.success) {
    const problems = owned.error.issues.map((issue) => ({ path: ['record', ...issue.path.map(String)], message: issue.message }));
    throw new DomainError('validation', `The server-owned fields of the ${def.names.singular} are not valid.`, problems);
  }
  const fixed = withTimestampsInOrder(Object.fromEntries(Object.entries(owned.data).filter(([, value]) => value !== undefined)));
  if (typeof fixed.id === 'string' && mockState.store.get(orgId, kind, fixed.id)) {
    throw new DomainError('conflict', `The organization already has ${withArticle(def.names.singular)} with id ${fixed.id}.`);
  }
  const body = Object.fromEntries(Object.entries(input).filter(([key]) => !def.serverOwnedKeys.includes(key)));
  return createRecord(mockState.context(orgId), def, body, fixed);
}

/**
 * A record is never updated before it was created: one timestamp given alone
 * stands for both (the mock's now could fall on the wrong side of it), and
 * an updatedAt before the createdAt is refused.
 */
function withTimestampsInOrder(fixed: Record<string, unknown>): Record<string, unknown> {
  const { createdAt, updatedAt } = fixed as { createdAt?: string; updatedAt?: string };
  if (createdAt !== undefined && updatedAt !== undefined && Date.parse(updatedAt) < Date.parse(createdAt)) {
    throw new DomainError('validation', 'A record cannot be updated before it was created.', [
      { path: ['record', 'updatedAt'], message: `Must not be earlier than createdAt (${createdAt}).` },
    ]);
  }
  const either = createdAt ?? updatedAt;
  return either === undefined ? fixed : { ...fixed, createdAt: createdAt ?? either, updatedAt: updatedAt ?? either };
}

function pick(input: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in input).map((key) => [key, input[key]]));
}
