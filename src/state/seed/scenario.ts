/**
 * What a seeded mock state holds: organizations, their tokens, and how many
 * records of each kind. Described in zod because plans also travel in
 * snapshots and state files, where they are checked when they load.
 */
import { z } from '@hono/zod-openapi';
import { boundedList, timestamp } from '../../domain/fields.js';
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

/**
 * A record written down in a scenario: what a create of its kind takes (checked as the API checks a create, when
 * the scenario is seeded), and the server-owned fields a file may fix: `id` (else drawn from the seed),
 * `createdAt` and `updatedAt`, and the kind's flag (`isSystem` of a trunk, `isLocked` of a schema).
 */
const writtenRecord = (flag?: 'isSystem' | 'isLocked') =>
  z.looseObject({
    id: z.uuid().optional(),
    createdAt: timestamp.optional(),
    updatedAt: timestamp.optional(),
    ...(flag ? { [flag]: z.boolean().optional() } : {}),
  });
const recordsShape = Object.fromEntries(
  resourceKinds.map((kind) => [
    kind,
    boundedList(
      writtenRecord(kind === 'sipTrunks' ? 'isSystem' : kind === 'schemas' ? 'isLocked' : undefined),
      MAX_PLANNED_PER_KIND,
    ).optional(),
  ]),
) as Record<ResourceKind, z.ZodOptional<ReturnType<typeof boundedList<ReturnType<typeof writtenRecord>>>>>;

/** Server-owned fields any written-down record may carry, and so are not part of its create body (the kind's flags besides). */
export const WRITTEN_FIXED_FIELDS: readonly string[] = ['id', 'createdAt', 'updatedAt'];

/** A locked schema is created like any schema (with the flag set), so a plan holds only what a create would take. */
export const lockedSchemaPlan = schemas.createInput;

/**
 * An organization's API token. A client sends it as `Authorization: Bearer <token>`, a header value, which carries
 * visible ASCII only: a token with white space, control characters or other characters could never be matched, and
 * every request of the organization would answer 401.
 */
export const apiToken = z
  .string()
  .min(1, 'An API token may not be empty.')
  .regex(/^[\x21-\x7e]+$/, 'An API token holds only visible ASCII characters (no white space), as an Authorization header carries them.');

export const organizationPlanSchema = z
  .strictObject({
    /** Fixed name; omit it and faker names the organization. */
    name: z.string().min(1).max(100).optional(),
    /** The API token that identifies the organization. */
    token: apiToken,
    /**
     * Generated records per kind, besides the system trunks and locked schemas. A kind left out has none, so
     * a plan written (or saved in a state) before a kind existed stays valid.
     */
    counts: z.strictObject(countShape).default({}),
    /** SIP trunks with `isSystem: true`, made first (none when left out). */
    systemTrunks: count.default(0),
    /** Schemas made with `isLocked: true` (none when left out). */
    lockedSchemas: boundedList(lockedSchemaPlan, 100).default([]),
    /**
     * Records written down, per kind, made before the generated ones (left out when none: a plan without it is
     * the same plan as before). References between them use the ids the file gives.
     */
    records: z.strictObject(recordsShape).optional(),
  })
  .refine((plan) => plan.systemTrunks + (plan.counts.sipTrunks ?? 0) + (plan.records?.sipTrunks?.length ?? 0) <= MAX_PLANNED_PER_KIND, {
    message: `At most ${MAX_PLANNED_PER_KIND} SIP trunks, system trunks included.`,
    path: ['systemTrunks'],
  })
  .refine((plan) => plan.lockedSchemas.length + (plan.counts.schemas ?? 0) + (plan.records?.schemas?.length ?? 0) <= MAX_PLANNED_PER_KIND, {
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
  const problems = parsed.error.issues.map((issue) => `${placeOf(issue.path) || '(scenario)'}: ${issue.message}`).join('; ');
  throw new Error(`${source} is not a scenario: ${problems}.`);
}

/** A place in a scenario as one reads it: `organizations[0].records.tools[2].name`. */
export function placeOf(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}
