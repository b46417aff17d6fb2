/**
 * What a snapshot is: the schema of the whole state (or one organization's)
 * as plain JSON. Export, import and the integrity check all read it; the
 * control routes import it from here.
 */
import { z } from '@hono/zod-openapi';
import { organizationId } from '../../domain/fields.js';
import { resourceKinds } from '../../domain/resources/index.js';
import { trunkConfigurationSchema } from '../../domain/telephony.js';
import { MAX_RECORD_DEPTH } from '../../domain/untrusted-json.js';
import { MAX_ORGANIZATIONS, MAX_RECORDS_PER_KIND } from '../limits.js';
import { MAX_SEED } from '../mock-state.js';
import { apiToken, organizationPlanSchema } from '../seed/scenario.js';

export const STATE_FORMAT = 'voice-config-mock/state';
/** A record in a snapshot sits five levels down: state, organizations, organization, records, its kind's list. */
export const MAX_SNAPSHOT_DEPTH = MAX_RECORD_DEPTH + 5;

/** A seed, as every control route and `createMockState` take one. */
export const seedSchema = z.int().min(0).max(MAX_SEED);

/**
 * The most a snapshot may hold, counted before anything in it is parsed
 * (src/state/snapshot/snapshot.ts): a list over its bound is refused with one
 * problem, whatever it holds; then its elements are checked one at a time, up
 * to 50 problems. Records per kind of one organization: as many as
 * `--max-records` may allow (so the mock can load what it saved).
 */
export const SNAPSHOT_BOUNDS = { organizations: MAX_ORGANIZATIONS, recordsPerKind: MAX_RECORDS_PER_KIND, telephony: 1_000_000 } as const;

export const organizationState = z.object({
  id: organizationId,
  name: z.string(),
  token: apiToken,
  /**
   * What the organization was seeded from, so a reset of it alone can seed it again: a seed, or the seed and
   * the number that sets the organization apart (its place in the scenario, a tenant's number).
   */
  plan: z.strictObject({ plan: organizationPlanSchema, seed: z.union([seedSchema, z.array(seedSchema).min(1).max(2)]) }).optional(),
  records: z.partialRecord(z.enum(resourceKinds), z.array(z.record(z.string(), z.unknown())).max(SNAPSHOT_BOUNDS.recordsPerKind)),
});

const heading = { format: z.literal(STATE_FORMAT), version: z.literal(1), savedAt: z.string().optional() };

export const stateSchema = z
  .object({
    ...heading,
    organizations: z.array(organizationState).max(SNAPSHOT_BOUNDS.organizations),
    telephony: z.array(trunkConfigurationSchema).max(SNAPSHOT_BOUNDS.telephony).default([]),
  })
  .openapi('State', { description: 'The state of the mock, or of one organization: organizations with their tokens and records.' });

export type State = z.infer<typeof stateSchema>;

/**
 * The snapshot without its lists' elements: what is checked once the lists
 * are known to be within their bounds, before their elements are checked one
 * by one (each list of the whole schema would be parsed whole, an issue per
 * bad element).
 */
export const stateEnvelope = z.object({ ...heading, organizations: z.array(z.unknown()), telephony: z.array(z.unknown()).default([]) });

/** One organization of a snapshot without its records, which are checked one by one with their resource's schema. */
export const organizationEnvelope = organizationState.extend({ records: z.partialRecord(z.enum(resourceKinds), z.array(z.unknown())) });
