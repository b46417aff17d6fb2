/**
 * A mock state is the whole state of one mock: the store, the organizations and
 * their tokens, the fake telephony provider, the clock, the request journal
 * and the injected faults. An app serves a mock state; tests build one, hand it to
 * `createApp`, and look inside it.
 */
import { indexKeys } from '../domain/index-keys.js';
import { ownEntry } from '../domain/own-entry.js';
import type { TelephonyProvider } from '../domain/telephony.js';
import { Changes, CollectionCache } from './changes.js';
import { Clock } from './clock.js';
import { Faults } from './faults.js';
import { DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_LIMIT, Journal } from './journal/journal.js';
import type { Limits } from './limits.js';
import type { OrgContext } from './operations.js';
import { OrganizationRegistry } from './organizations/registry.js';
import { type OrganizationPlan, type OrganizationPlanInput, organizationPlanSchema, type Scenario } from './seed/scenario.js';
import { scenarios } from './seed/scenarios.js';
import { scenarioRecordProblems, seedScenario } from './seed/seed.js';
import { DEFAULT_SEED, MAX_SEED } from './seed/seed-number.js';
import { MemoryStore, type Store } from './store.js';
import { FakeTelephonyProvider } from './telephony.js';
import type { DeliveryOptions } from './webhooks/delivery-policy.js';
import { Outbox } from './webhooks/outbox.js';
import { OwnListeners } from './webhooks/own-listeners.js';

export { DEFAULT_SEED, MAX_SEED };

/**
 * The seed, or a RangeError saying what a seed is. Faker takes any number,
 * but a fraction or one past 2^32 picks the same data as another seed, and a
 * snapshot holding such a seed would not load again.
 */
export function checkedSeed(seed: number): number {
  if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) {
    throw new RangeError(`The seed must be a whole number from 0 to ${MAX_SEED}; got ${String(seed)}.`);
  }
  return seed;
}

export interface MockStateOptions {
  /** Picks the generated data; the same seed gives the same records and ids. Default 1. */
  seed?: number;
  /** A scenario, or the name of one in fixtures/ (default: "default"). */
  scenario?: Scenario | string;
  /** How many requests the journal keeps (default 1000; 0 turns it off). */
  journalLimit?: number;
  /** How many bytes the journal's entries may take in all (default 64 MiB): past it, the oldest go. */
  journalBytes?: number;
  /** How much one organization may hold (default: DEFAULT_LIMITS, 10,000 records of each kind). */
  limits?: Partial<Limits>;
  /** How simulated calls deliver webhooks: attempts, backoff, time limit, outbox size, remote hosts. */
  webhooks?: DeliveryOptions;
}

export interface MockState {
  readonly seed: number;
  readonly scenario: Scenario;
  /** Every change the store, the organizations and the provider make, as it happens: subscribe to follow the state. */
  readonly changes: Changes;
  readonly store: Store;
  /** The organizations and the API tokens that identify them. */
  readonly organizations: OrganizationRegistry;
  /** @deprecated The same registry as `organizations`, under its former name. */
  readonly tenants: OrganizationRegistry;
  readonly telephony: TelephonyProvider;
  readonly clock: Clock;
  readonly journal: Journal;
  readonly faults: Faults;
  /** Webhook deliveries of simulated calls, with their retries. */
  readonly outbox: Outbox;
  /** Where servers of this mock state listen: no webhook may deliver to their control API. */
  readonly listeners: OwnListeners;
  now(): Date;
  /** The context operations need, scoped to one organization. */
  context(orgId: string): OrgContext;
  /** Everything back to a scenario (this one by default): records, tenants, provider, journal, faults, clock, outbox. */
  reset(options?: Pick<MockStateOptions, 'seed' | 'scenario'>): void;
}

/** Record ids: random UUIDs (crypto exists in Node and in browsers). */
const newId = (): string => globalThis.crypto.randomUUID();

export function createMockState(options: MockStateOptions = {}): MockState {
  const seed = checkedSeed(options.seed ?? DEFAULT_SEED);
  const clock = new Clock();
  const now = () => clock.now();
  const changes = new Changes();
  const store = new MemoryStore(indexKeys, changes);
  const organizations = new OrganizationRegistry(changes);
  const faults = new Faults(seed);
  const telephony = new FakeTelephonyProvider(
    now,
    (operation, trunkId, orgId) => {
      const effect = faults.apply('telephony', operation, `/telephony/${trunkId}`, orgId);
      return effect && `injected fault ${effect.fault.id}`;
    },
    changes,
  );
  // Lists are read far more often than written: each one's JSON text is kept until its collection changes.
  const lists = new CollectionCache<string>(changes);
  const listeners = new OwnListeners();
  const mockState: MockState = {
    seed,
    scenario: resolveScenario(options.scenario ?? 'default'),
    changes,
    store,
    organizations,
    tenants: organizations,
    telephony,
    clock,
    journal: new Journal(options.journalLimit ?? DEFAULT_JOURNAL_LIMIT, options.journalBytes ?? DEFAULT_JOURNAL_BYTES),
    faults,
    outbox: new Outbox(
      {
        now,
        clockRuns: () => !clock.state().frozen,
        webhook: (orgId, id) => store.get(orgId, 'webhooks', id),
        organization: (orgId) => organizations.byId(orgId),
        ownControlRefusal: (url) => listeners.resolvedRefusal(url),
      },
      options.webhooks,
    ),
    listeners,
    now,
    context: (orgId) => ({
      orgId,
      store,
      telephony,
      now,
      newId,
      lists,
      ownControlRefusal: (url) => listeners.refusal(url),
      ...(options.limits ? { limits: options.limits } : {}),
    }),
    reset(next = {}) {
      // Checked first: an unknown scenario or a bad seed must leave the mock state as it was.
      const scenario = resolveScenario(next.scenario ?? mockState.scenario);
      const seed = checkedSeed(next.seed ?? mockState.seed);
      for (const organization of organizations.list()) store.clear(organization.id);
      organizations.clear();
      telephony.clear();
      mockState.journal.clear();
      faults.reset(seed);
      mockState.outbox.reset();
      clock.reset();
      Object.assign(mockState, { seed, scenario });
      seedScenario({ store, organizations, telephony }, mockState.scenario, mockState.seed);
    },
  };
  // Disabling or deleting a webhook cancels its pending deliveries at once, not at the outbox's next look: once the
  // change that did it is complete (a failed reset puts the organization back before the sweep could see it gone).
  let sweepQueued = false;
  changes.subscribe((change) => {
    if ((change.op !== 'put' && change.op !== 'remove') || change.kind !== 'webhooks' || sweepQueued) return;
    sweepQueued = true;
    queueMicrotask(() => {
      sweepQueued = false;
      mockState.outbox.cancelStale();
    });
  });
  seedScenario({ store, organizations, telephony }, mockState.scenario, mockState.seed);
  return mockState;
}

/**
 * Every problem of a scenario's written-down records, each with its place, found by seeding it into a state of
 * its own (none: the scenario seeds as it is). The plans' own shape is checked by `resolveScenario` (it throws).
 */
export function scenarioProblems(scenario: Scenario, seed = DEFAULT_SEED): string[] {
  const checked = resolveScenario(scenario);
  const trial = createMockState({ seed, scenario: { ...checked, organizations: [] } });
  return scenarioRecordProblems(trial, checked, seed);
}

export function resolveScenario(scenario: Scenario | string): Scenario {
  // A scenario of one's own is held to the rules a snapshot's plans are, or the mock state could not load its own saved state.
  if (typeof scenario !== 'string') return { ...scenario, organizations: scenario.organizations.map(checkedPlan(scenario.name)) };
  const found = ownEntry(scenarios, scenario);
  if (!found) throw new Error(`Unknown scenario "${scenario}"; known scenarios: ${Object.keys(scenarios).join(', ')}.`);
  return found;
}

function checkedPlan(scenarioName: string) {
  return (plan: OrganizationPlanInput, index: number): OrganizationPlan => {
    const parsed = organizationPlanSchema.safeParse(plan);
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(plan)'}: ${issue.message}`).join('; ');
    throw new Error(`Scenario "${scenarioName}", organization ${index}: ${problems}.`);
  };
}
