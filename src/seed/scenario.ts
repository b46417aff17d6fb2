/**
 * What a seeded world holds: organizations, their tokens, and how many
 * records of each kind. Described in zod because plans also travel in
 * snapshots and state files, where they are checked when they load.
 */
import { z } from '@hono/zod-openapi';

/** Per kind: a reset seeds the plan again, and 50,000 records would hold up every request for seconds. */
const count = z.int().min(0).max(10_000);

export const lockedSchemaPlan = z.strictObject({
  name: z.string().min(1).max(100),
  description: z.string().max(2000),
  properties: z.record(z.string(), z.enum(['string', 'integer', 'number', 'boolean'])),
});

export const organizationPlanSchema = z.strictObject({
  /** Fixed name; omit it and faker names the organization. */
  name: z.string().min(1).max(100).optional(),
  /** The API token that identifies the organization. */
  token: z.string(),
  /** Generated records per kind, besides the system trunks and locked schemas. */
  counts: z.strictObject({ sipTrunks: count, schemas: count, tools: count, assistants: count, webhooks: count }),
  systemTrunks: count,
  lockedSchemas: z.array(lockedSchemaPlan).max(100),
});

export type LockedSchema = z.infer<typeof lockedSchemaPlan>;
export type OrganizationPlan = z.infer<typeof organizationPlanSchema>;

export interface Scenario {
  name: string;
  description: string;
  organizations: readonly OrganizationPlan[];
}
