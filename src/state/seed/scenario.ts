/**
 * What a seeded mock state holds: organizations, their tokens, and how many
 * records of each kind. Described in zod because plans also travel in
 * snapshots and state files, where they are checked when they load.
 */
import { z } from '@hono/zod-openapi';
import { boundedList } from '../../domain/fields.js';
import type { ResourceKind } from '../../domain/resource.js';
import { resourceKinds, schemas } from '../../domain/resources/index.js';

/**
 * Most records of one kind a plan seeds, counting system trunks and locked
 * schemas: a reset seeds the plan again, and far more would hold up every
 * request for seconds.
 */
export const MAX_PLANNED_PER_KIND = 10_000;
const count = z.int().min(0).max(MAX_PLANNED_PER_KIND);

/** A count per kind, each optional; a kind the mock does not have is refused. */
const countShape = Object.fromEntries(resourceKinds.map((kind) => [kind, count.optional()])) as Record<
  ResourceKind,
  z.ZodOptional<typeof count>
>;

/** A locked schema is created like any schema (with the flag set), so a plan holds only what a create would take. */
export const lockedSchemaPlan = schemas.createInput;

export const organizationPlanSchema = z
  .strictObject({
    /** Fixed name; omit it and faker names the organization. */
    name: z.string().min(1).max(100).optional(),
    /** The API token that identifies the organization. */
    token: z.string(),
    /**
     * Generated records per kind, besides the system trunks and locked schemas. A kind left out has none, so
     * a plan written (or saved in a state) before a kind existed stays valid.
     */
    counts: z.strictObject(countShape).default({}),
    /** SIP trunks with `isSystem: true`, made first (none when left out). */
    systemTrunks: count.default(0),
    /** Schemas made with `isLocked: true` (none when left out). */
    lockedSchemas: boundedList(lockedSchemaPlan, 100).default([]),
  })
  .refine((plan) => plan.systemTrunks + (plan.counts.sipTrunks ?? 0) <= MAX_PLANNED_PER_KIND, {
    message: `At most ${MAX_PLANNED_PER_KIND} SIP trunks, system trunks included.`,
    path: ['systemTrunks'],
  })
  .refine((plan) => plan.lockedSchemas.length + (plan.counts.schemas ?? 0) <= MAX_PLANNED_PER_KIND, {
    message: `At most ${MAX_PLANNED_PER_KIND} schemas, locked schemas included.`,
    path: ['lockedSchemas'],
  });

/** A locked schema as a scenario writes it: what a schema create takes, defaults left out. */
export type LockedSchema = z.input<typeof lockedSchemaPlan>;
/** A plan as a scenario writes it. */
export type OrganizationPlanInput = z.input<typeof organizationPlanSchema>;
/** A plan as an organization keeps it (and a snapshot carries it): checked, defaults filled in. */
export type OrganizationPlan = z.infer<typeof organizationPlanSchema>;

export interface Scenario {
  name: string;
  description: string;
  organizations: readonly OrganizationPlanInput[];
}

/** A scenario as a file holds it (fixtures/*.json, `--scenario ./file.json`). */
export const scenarioSchema = z.strictObject({
  name: z.string().min(1).max(100),
  description: z.string().max(1000).default(''),
  organizations: z.array(organizationPlanSchema).max(1000),
});

/** `value` as a scenario, or an Error naming `source` and every problem with its place. */
export function parseScenario(value: unknown, source: string): Scenario {
  const parsed = scenarioSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(scenario)'}: ${issue.message}`).join('; ');
  throw new Error(`${source} is not a scenario: ${problems}.`);
}
