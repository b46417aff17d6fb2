/**
 * Fills a mock state from a scenario. Every record goes through the same
 * operations (and so the same validation and rules) as an API request, so
 * seeded data can never be something the API would refuse.
 * Determinism: an organization's seed is (seed, index); its id and name, and
 * each kind's records with their ids and timestamps, are drawn from seeded
 * streams (seed-source.ts), one per kind, so the same seed gives the same mock
 * state and a kind added to the registry changes no other kind's records.
 * Each kind's timestamps start at the same instant. The default scenario's
 * organizations at the default seed replay what those draws gave, written down
 * by a test (faker-draws.ts), so a page gets them without loading faker;
 * and so are the records they give (demo-records.ts), which a start loads as
 * they are, without validating each again.
 */

import { DomainError } from '../../domain/errors.js';
import type { RefPool, Resource } from '../../domain/resource.js';
import { resourceByKind, resources, schemas, sipTrunks } from '../../domain/resources/index.js';
import type { TelephonyProvider } from '../../domain/telephony.js';
import { createRecord, type OrgContext } from '../operations.js';
import type { Organization, OrganizationRegistry } from '../organizations/registry.js';
import type { Store } from '../store.js';
import { type WrittenOrganization, writtenOrganizations } from './demo-records.js';
import { recordedScript } from './faker-draws.js';
import {
  type OrganizationPlan,
  type OrganizationPlanInput,
  organizationPlanSchema,
  placeOf,
  type Scenario,
  WRITTEN_FIXED_FIELDS,
} from './scenario.js';
import { fakerSource, replaySource, type SeedSource } from './seed-source.js';

/** Seeded records are dated from here on, a few minutes apart. */
const SEED_EPOCH = Date.parse('2026-01-05T09:00:00.000Z');

export interface SeedTarget {
  store: Store;
  organizations: OrganizationRegistry;
  telephony: TelephonyProvider;
}

export function seedScenario(target: SeedTarget, scenario: Scenario, seed: number): Organization[] {
  const written = writtenOrganizations(scenario, seed);
  if (written) return written.map((organization) => loadWrittenOrganization(target, organization));
  return scenario.organizations.map((plan, index) => seedOrganization(target, plan, [seed, index]));
}

/**
 * Puts a written-down organization and its records in the target as seeding made them, in the same order and with
 * the same side effects (a trunk provisioned), without checking them again: demo-records.ts says why that is safe.
 */
function loadWrittenOrganization(target: SeedTarget, written: WrittenOrganization): Organization {
  const { id, name, token, plan, seed, records } = written;
  const organization: Organization = { id, name, token, plan: { plan, seed } };
  target.organizations.add(organization);
  const deps = { orgId: id, telephony: target.telephony };
  for (const [kind, record] of records) {
    const def: Resource = resourceByKind[kind];
    def.effects?.created?.(record, deps);
    target.store.put(id, kind, record);
  }
  return organization;
}

/**
 * Every problem of a scenario's written-down records, each with its place (`organizations[0].records.tools[2].name: ...`):
 * the scenario is seeded into a state of its own, a record at a time, and what a create would refuse is listed.
 */
export function scenarioRecordProblems(target: SeedTarget, scenario: Scenario, seed: number): string[] {
  const problems: string[] = [];
  scenario.organizations.forEach((plan, index) => {
    if (!plan.records) return;
    seedOrganization(target, plan, [seed, index], {}, undefined, (path, message) =>
      problems.push(`${placeOf(['organizations', index, 'records', ...path])}: ${message}`),
    );
  });
  return problems;
}

/**
 * Creates one organization with its token and records; `seed` picks its data.
 * `identity` keeps an existing organization's id, name and token (a reset of
 * one organization, a minted tenant); the seeded records stay the same.
 */
export function seedOrganization(
  target: SeedTarget,
  plan: OrganizationPlanInput,
  seed: number | number[],
  identity: Partial<Organization> = {},
  source?: SeedSource,
  /** Where a written-down record's problems go (the record is then left out); without it the first one throws. */
  report?: (path: (string | number)[], message: string) => void,
): Organization {
  // Kept as a snapshot carries it (defaults filled in), so an export loads back as it is.
  const checkedPlan = organizationPlanSchema.parse(plan);
  const draw = source ?? seedSourceFor(checkedPlan, seed);
  const generated = { id: draw.orgId(), name: plan.name ?? draw.orgName(), token: plan.token };
  const organization: Organization = { ...generated, ...identity, plan: { plan: checkedPlan, seed } };
  target.organizations.add(organization);
  const contexts = new Map<string, OrgContext>();
  // Each kind's own stream draws its ids and minutes, and its own clock runs from the epoch.
  const contextOf = (kind: string): OrgContext => {
    const known = contexts.get(kind);
    if (known) return known;
    const drawn = draw.kind(kind);
    let clock = SEED_EPOCH;
    const ctx: OrgContext = {
      orgId: organization.id,
      store: target.store,
      telephony: target.telephony,
      newId: () => drawn.newId(),
      // The plan's counts are bounded by its schema; the per-organization limit governs what clients create.
      limits: { recordsPerKind: Number.POSITIVE_INFINITY },
      now: () => {
        clock += drawn.minutesLater() * 60_000;
        return new Date(clock);
      },
    };
    contexts.set(kind, ctx);
    return ctx;
  };
  const refs: RefPool = {};
  const input = (def: Resource, index: number) => draw.kind(def.kind).input(def, refs, index);
  const make = (def: Resource, input: unknown, fixed: Record<string, unknown> = {}) => {
    const record = createRecord(contextOf(def.kind), def, input as Record<string, unknown>, fixed);
    const ids = refs[def.kind] ?? [];
    ids.push(record.id);
    refs[def.kind] = ids;
  };
  for (const def of resources) {
    (checkedPlan.records?.[def.kind] ?? []).forEach((written, index) => {
      const { fixed, body } = splitWritten(written as Record<string, unknown>, Object.keys(def.initial ?? {}));
      // A record written with only its creation time was last changed then.
      if (fixed.createdAt !== undefined && fixed.updatedAt === undefined) fixed.updatedAt = fixed.createdAt;
      const known = fixed.id === undefined ? undefined : target.store.get(organization.id, def.kind, fixed.id as string);
      const problem = known
        ? { path: ['id'], message: `Another ${def.names.singular} of this organization has id ${fixed.id}.` }
        : undefined;
      try {
        if (problem) throw new DomainError('conflict', problem.message, [problem]);
        make(def, body, fixed);
      } catch (error) {
        if (!(error instanceof DomainError) || !report) throw error;
        const listed = error.problems.length > 0 ? error.problems : [{ path: [], message: error.message }];
        for (const { path, message } of listed) report([def.kind, index, ...path], message);
      }
    });
  }
  for (let i = 0; i < checkedPlan.systemTrunks; i++)
    make(sipTrunks, { ...input(sipTrunks, i), name: `System trunk ${i + 1}` }, { isSystem: true });
  for (const locked of checkedPlan.lockedSchemas) make(schemas, locked, { isLocked: true });
  for (const def of resources) {
    for (let i = 0; i < (checkedPlan.counts[def.kind] ?? 0); i++) make(def, input(def, i));
  }
  return organization;
}

/** A written-down record's server-owned fields (kept as given), apart from its create body. */
function splitWritten(
  written: Record<string, unknown>,
  flags: string[],
): { fixed: Record<string, unknown>; body: Record<string, unknown> } {
  const fixed: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(written)) {
    if (WRITTEN_FIXED_FIELDS.includes(key) || flags.includes(key)) fixed[key] = value;
    else body[key] = value;
  }
  return { fixed, body };
}

/** The written-down values when faker-draws.generated.ts holds this plan and seed, else a seeded faker's. */
function seedSourceFor(plan: OrganizationPlan, seed: number | number[]): SeedSource {
  const script = recordedScript(plan, seed);
  return script ? replaySource(script) : fakerSource(seed);
}

/** Whether seeding this scenario at this seed can do without faker (every organization written down). */
export function seedIsRecorded(scenario: Scenario, seed: number): boolean {
  return scenario.organizations.every((plan, index) => recordedScript(organizationPlanSchema.parse(plan), [seed, index]) !== undefined);
}
