/**
 * The whole state (or one organization's) as plain JSON, and back. Records
 * travel in their stored form (a trunk's password, a webhook's whole secret),
 * so export → import gives back exactly the same records. An import is
 * checked completely before anything changes: a bad snapshot changes nothing.
 */
import { z } from '@hono/zod-openapi';
import { DomainError } from '../../domain/errors.js';
import { organizationId } from '../../domain/fields.js';
import { ProblemList } from '../../domain/problem-list.js';
import type { ResourceKind, StoredRecord } from '../../domain/resource.js';
import { resourceKinds, resources } from '../../domain/resources/index.js';
import { trunkSettings } from '../../domain/resources/sip-trunk.js';
import { type TrunkConfiguration, trunkConfigurationSchema } from '../../domain/telephony.js';
import { MAX_RECORD_DEPTH } from '../../domain/untrusted-json.js';
import { describeIssues } from '../../domain/validate.js';
import { MAX_SEED, type World } from '../mock-state.js';
import { organizationPlanSchema } from '../seed/scenario.js';
import type { Organization } from '../tenants.js';
import { integrityProblems } from './snapshot-integrity.js';

export const STATE_FORMAT = 'voice-config-mock/state';
/** A record in a snapshot sits five levels down: state, organizations, organization, records, its kind's list. */
export const MAX_SNAPSHOT_DEPTH = MAX_RECORD_DEPTH + 5;

/** A seed, as every control route and `createWorld` take one. */
export const seedSchema = z.int().min(0).max(MAX_SEED);

const organizationState = z.object({
  id: organizationId,
  name: z.string(),
  token: z.string().min(1),
  /**
   * What the organization was seeded from, so a reset of it alone can seed it again: a seed, or the seed and
   * the number that sets the organization apart (its place in the scenario, a tenant's number).
   */
  plan: z.strictObject({ plan: organizationPlanSchema, seed: z.union([seedSchema, z.array(seedSchema).min(1).max(2)]) }).optional(),
  records: z.partialRecord(z.enum(resourceKinds), z.array(z.record(z.string(), z.unknown()))),
});

export const stateSchema = z
  .object({
    format: z.literal(STATE_FORMAT),
    version: z.literal(1),
    savedAt: z.string().optional(),
    organizations: z.array(organizationState),
    telephony: z.array(trunkConfigurationSchema).default([]),
  })
  .openapi('State', { description: 'The state of the mock, or of one organization: organizations with their tokens and records.' });

export type State = z.infer<typeof stateSchema>;

/**
 * The whole state as UTF-8 JSON for the state file, in pieces that joined
 * are exactly `JSON.stringify(exportState(world))`. Each organization's
 * records of one kind are serialized again only when that collection has
 * changed (the store's revision moved): at 100,000 records a save after one
 * write serializes one collection instead of the 50 MB of the whole state,
 * which took a quarter of a second of the event loop every save. The pieces
 * are kept as bytes: encoding the whole state again for every save (and
 * the 50 MB of new buffers, which also asked V8 for collections) cost 15–40
 * ms more CPU per save at 100,000 records.
 */
export class StateSerializer {
  #collections = new Map<string, Encoded>();
  #telephony: { key: string; bytes: Uint8Array<ArrayBuffer> } | undefined;

  constructor(private readonly world: World) {}

  pieces(): Uint8Array<ArrayBuffer>[] {
    const { world } = this;
    const seen = new Map<string, Encoded>();
    const organizations = world.tenants.list();
    // Built from the same parts as exportState, in the same order (the snapshot test compares the two byte for byte);
    // `slice(0, -1)` opens an object's text to append the next key.
    const pieces = [utf8.encode(`${JSON.stringify(stateHeader(world)).slice(0, -1)},"organizations":[`)];
    organizations.forEach((organization, index) => {
      pieces.push(utf8.encode(`${index === 0 ? '' : ','}${JSON.stringify(identityOf(organization)).slice(0, -1)},"records":{`));
      resources.forEach((def, position) => {
        pieces.push(
          utf8.encode(`${position === 0 ? '' : ','}${JSON.stringify(def.kind)}:`),
          this.#records(organization.id, def.kind, seen),
        );
      });
      pieces.push(utf8.encode('}}'));
    });
    pieces.push(utf8.encode('],"telephony":'), this.#telephonyBytes(organizations.map(({ id }) => id)), utf8.encode('}'));
    // Only collections of organizations that still exist are kept for the next save.
    this.#collections = seen;
    return pieces;
  }

  /** The provider's configurations, grouped by organization in their order; made again when the provider or the organizations change. */
  #telephonyBytes(orgIds: string[]): Uint8Array<ArrayBuffer> {
    const key = `${this.world.telephony.revision()}|${orgIds.join(',')}`;
    if (this.#telephony?.key !== key) {
      this.#telephony = { key, bytes: utf8.encode(JSON.stringify(telephonyOf(this.world, orgIds))) };
    }
    return this.#telephony.bytes;
  }

  #records(orgId: string, kind: ResourceKind, seen: Map<string, Encoded>): Uint8Array<ArrayBuffer> {
    const key = `${orgId}/${kind}`;
    const revision = this.world.store.revision(orgId, kind);
    let cached = this.#collections.get(key);
    if (cached?.revision !== revision)
      cached = { revision, bytes: utf8.encode(JSON.stringify(this.world.store.list(orgId, kind).reverse())) };
    seen.set(key, cached);
    return cached.bytes;
  }
}

interface Encoded {
  revision: number;
  bytes: Uint8Array<ArrayBuffer>;
}

const utf8 = new TextEncoder();

/** The state (or one organization's) as a plain object. Records are copies: the store's are frozen and must never reach a caller who may change them. */
export function exportState(world: World, orgId?: string): State {
  const organizations = world.tenants.list().filter((organization) => orgId === undefined || organization.id === orgId);
  const records = (id: string) =>
    Object.fromEntries(resources.map((def) => [def.kind, structuredClone(world.store.list(id, def.kind).reverse())]));
  return {
    ...stateHeader(world),
    organizations: organizations.map((organization) => ({ ...identityOf(organization), records: records(organization.id) })),
    telephony: telephonyOf(
      world,
      organizations.map(({ id }) => id),
    ),
  };
}

/** What every state starts with. */
function stateHeader(world: World) {
  return { format: STATE_FORMAT as typeof STATE_FORMAT, version: 1 as const, savedAt: world.now().toISOString() };
}

/** An organization as a state names it, before its records. */
function identityOf({ id, name, token, plan }: Organization) {
  return { id, name, token, ...(plan ? { plan } : {}) };
}

/** The provider's trunk configurations, grouped by organization in the order given. */
function telephonyOf(world: World, orgIds: readonly string[]) {
  return orgIds.flatMap((id) => world.telephony.configurations(id));
}

/**
 * Loads a snapshot. `only` replaces just that organization (it must be in the
 * snapshot); otherwise the snapshot replaces the whole state.
 */
export function importState(world: World, input: unknown, only?: string): void {
  const state = parseState(input);
  const incoming = state.organizations.filter((organization) => only === undefined || organization.id === only);
  if (only !== undefined && incoming.length === 0) {
    throw new DomainError('validation', `The snapshot holds no organization with id ${only}.`, [
      { path: ['organizations'], message: 'Not found.' },
    ]);
  }
  const leaving = only === undefined ? world.tenants.list() : world.tenants.list().filter((organization) => organization.id === only);
  assertTokensFree(world, incoming, leaving);
  const staying = world.tenants.list().filter((organization) => !leaving.includes(organization));
  const heldElsewhere = new Set(staying.flatMap(({ id }) => world.store.list(id, 'sipTrunks').map((trunk) => trunk.id)));
  const problems = ProblemList.of(integrityProblems(state, heldElsewhere, only));
  if (problems.count > 0) throw new DomainError('validation', `The snapshot does not hold together: ${problems.summary()}.`, problems);
  for (const organization of leaving) {
    world.store.clear(organization.id);
    world.telephony.clear(organization.id);
    // One organization replaced keeps its place among the others; a whole state comes in the snapshot's order.
    if (only === undefined) world.tenants.remove(organization.id);
  }
  for (const { records, plan, ...identity } of incoming) {
    const organization = { ...identity, ...(plan ? { plan: plan as Organization['plan'] } : {}) };
    if (only === undefined) world.tenants.add(organization);
    else world.tenants.replace(organization);
    for (const def of resources) {
      for (const record of records[def.kind] ?? []) world.store.put(identity.id, def.kind, record as StoredRecord);
    }
  }
  const ids = new Set(incoming.map((organization) => organization.id));
  const restored = state.telephony.filter((configuration) => ids.has(configuration.orgId));
  world.telephony.restore([...restored, ...missingConfigurations(incoming, restored, world.now())]);
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
      .map((trunk) => ({ ...trunkSettings(trunk as StoredRecord, id), revision: 1, provisionedAt: now.toISOString() })),
  );
}

/**
 * Every record must be one the store could hold; every problem is listed with
 * its place. The records come back as parsed, with their defaults filled in.
 */
function parseState(input: unknown): State {
  const parsed = stateSchema.safeParse(input);
  const problems = parsed.success ? new ProblemList() : describeIssues(parsed.error.issues, input);
  parsed.data?.organizations.forEach((organization, index) => {
    for (const def of resources) {
      const records = organization.records[def.kind as ResourceKind] ?? [];
      for (const [position, record] of records.entries()) {
        // Each record costs a parse: once the list is full, the rest go unchecked (100,000 broken records took 10 s).
        if (problems.full) {
          problems.stopped = true;
          break;
        }
        const checked = def.stored.safeParse(record);
        if (checked.success) {
          // What a create generates (a webhook's secret) is generated for a record written without it, as a create would.
          const stored = def.complete ? def.complete(checked.data) : (checked.data as Record<string, unknown>);
          records[position] = inOrderOf(record, stored);
          continue;
        }
        problems.addList(describeIssues(checked.error.issues, record), ['organizations', index, 'records', def.kind, position]);
      }
    }
  });
  if (!parsed.success || problems.count > 0) {
    throw new DomainError('validation', `The snapshot is not valid: ${problems.summary()}.`, problems);
  }
  return parsed.data;
}

/**
 * The parsed record with its keys in the order the snapshot wrote them (zod
 * gives its schema's order), then any it filled in: a record exported and
 * loaded again, as across a restart with a state file, answers as before.
 */
function inOrderOf(written: unknown, parsed: Record<string, unknown>): Record<string, unknown> {
  const order = [...Object.keys(written as object).filter((key) => Object.hasOwn(parsed, key)), ...Object.keys(parsed)];
  return Object.fromEntries([...new Set(order)].map((key) => [key, parsed[key]]));
}

function assertTokensFree(world: World, incoming: readonly { id: string; token: string }[], leaving: readonly Organization[]): void {
  const leavingIds = new Set(leaving.map((organization) => organization.id));
  // Apart: one organization's id may well be another's token.
  const ids = new Set<string>();
  const tokens = new Set<string>();
  for (const { id, token } of incoming) {
    if (ids.has(id)) throw new DomainError('conflict', `The snapshot holds organization ${id} twice.`);
    if (tokens.has(token)) throw new DomainError('conflict', `The snapshot gives token ${token} to two organizations.`);
    ids.add(id);
    tokens.add(token);
    const holder = world.tenants.byToken(token);
    if (holder && !leavingIds.has(holder.id)) {
      throw new DomainError('conflict', `Token ${token} of organization ${id} already belongs to organization ${holder.id}.`);
    }
  }
}
