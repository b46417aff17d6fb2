/**
 * A world is the whole state of one mock: the store, the organizations and
 * their tokens, the fake telephony provider and the clock. An app serves a
 * world; tests build one, hand it to `createApp`, and look inside it.
 */
import { scenarios } from '../fixtures/index.js';
import type { OrgContext } from './domain/operations.js';
import type { Scenario } from './seed/scenario.js';
import { seedScenario } from './seed/seed.js';
import { MemoryStore, type Store } from './store/store.js';
import { Tenants } from './store/tenants.js';
import { FakeTelephonyProvider, type TelephonyProvider } from './telephony/provider.js';

export const DEFAULT_SEED = 1;

export interface WorldOptions {
  /** Picks the generated data; the same seed gives the same records and ids. Default 1. */
  seed?: number;
  /** A scenario, or the name of one in fixtures/ (default: "default"). */
  scenario?: Scenario | string;
}

export interface World {
  readonly seed: number;
  readonly scenario: Scenario;
  readonly store: Store;
  readonly tenants: Tenants;
  readonly telephony: TelephonyProvider;
  now(): Date;
  /** The context operations need, scoped to one organization. */
  context(orgId: string): OrgContext;
}

export function createWorld(options: WorldOptions = {}): World {
  const seed = options.seed ?? DEFAULT_SEED;
  const scenario = resolveScenario(options.scenario ?? 'default');
  const now = () => new Date();
  const store = new MemoryStore();
  const tenants = new Tenants();
  const telephony = new FakeTelephonyProvider(now);
  seedScenario({ store, tenants, telephony }, scenario, seed);
  return {
    seed,
    scenario,
    store,
    tenants,
    telephony,
    now,
    context: (orgId) => ({ orgId, store, telephony, now, newId: () => globalThis.crypto.randomUUID() }),
  };
}

export function resolveScenario(scenario: Scenario | string): Scenario {
  if (typeof scenario !== 'string') return scenario;
  const found = scenarios[scenario];
  if (!found) throw new Error(`Unknown scenario "${scenario}"; known scenarios: ${Object.keys(scenarios).join(', ')}.`);
  return found;
}
