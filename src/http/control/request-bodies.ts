/**
 * Request bodies, queries and answers of the control API, described once:
 * validation, OpenAPI and the typed client (src/client/control-client.ts) read them.
 * Answers that are a module's own shape (a fault, a delivery) live there.
 */
import { z } from '@hono/zod-openapi';
import { resourceKinds, resources } from '../../domain/resources/index.js';
import { faultSpecSchema } from '../../state/faults.js';
import { JOURNAL_PAGE_LIMIT, journalEntrySchema, journalFilter } from '../../state/journal/journal-entry.js';
import { orgFilter, orgId } from '../../state/org-filter.js';
import { scenarios } from '../../state/seed/scenarios.js';
import { seedSchema } from '../../state/snapshot/snapshot.js';
import { deliverySchema } from '../../state/webhooks/deliveries.js';

const scenarioName = z.enum(Object.keys(scenarios) as [string, ...string[]]).openapi({ description: 'A scenario of fixtures/.' });
const seed = seedSchema.openapi({ description: 'Seed of the generated data.' });
export const resetBody = z
  .strictObject({ scenario: scenarioName.optional(), seed: seed.optional(), orgId: orgId.optional() })
  .openapi('ResetRequest', { description: 'Without orgId: the whole mock; with it: that organization alone.' });

export const tenantBody = z
  .strictObject({
    scenario: scenarioName.optional().openapi({ description: '`empty` (default), or a scenario whose first organization is copied.' }),
    seed: seed.optional(),
    name: z.string().min(1).max(100).optional(),
  })
  .openapi('TenantRequest');

export const recordBody = z
  .strictObject({
    orgId,
    kind: z.enum(resourceKinds),
    record: z
      .record(z.string(), z.unknown())
      .openapi({ description: 'Fields as a create takes them, plus id, flags and timestamps if you want them fixed.' }),
  })
  .openapi('InjectRecordRequest');

/** The first segment of a path pattern (`*`, `**` and `:name` match any), or undefined for no pattern. */
const firstSegment = (path: string | undefined): string | undefined =>
  path === undefined ? undefined : path.replace(/^\//, '').split('/')[0];

export const faultBody = faultSpecSchema
  // An http fault with neither a status nor a delay would be accepted, counted, and change nothing.
  .refine(
    (fault) => fault.target === 'telephony' || fault.status !== undefined || (fault.latencyMs ?? 0) > 0 || (fault.latency?.maxMs ?? 0) > 0,
    {
      message: 'An http fault needs status, or a delay above 0 in latencyMs or latency: without one it changes nothing.',
      path: ['status'],
    },
  )
  .refine((fault) => fault.latencyMs === undefined || fault.latency === undefined, {
    message: 'Give latencyMs (a fixed delay) or latency (a range), not both.',
    path: ['latency'],
  })
  // A telephony fault fails the provider's operation (the API answers 502): another method never matches, a status is never used.
  .refine((fault) => fault.target !== 'telephony' || fault.method === undefined || /^(provision|deprovision)$/i.test(fault.method), {
    message: 'A telephony fault takes method provision or deprovision (or none, for both).',
    path: ['method'],
  })
  .refine((fault) => fault.target !== 'telephony' || fault.status === undefined, {
    message: 'A telephony fault makes the API answer 502 Telephony Provider Error; it takes no status.',
    path: ['status'],
  })
  .refine((fault) => fault.target !== 'telephony' || (fault.latencyMs === undefined && fault.latency === undefined), {
    message: 'A telephony fault fails the provider at once; it takes no latencyMs or latency.',
    path: ['latencyMs'],
  })
  // Faults apply to API requests only: one on a control path would be taken and never apply.
  .refine((fault) => fault.target === 'telephony' || firstSegment(fault.path) !== '__mock', {
    message: 'Faults never apply to control requests (/__mock/); give an API path such as /api/v1/tools.',
    path: ['path'],
  })
  // The provider is asked about /telephony/<trunk id>: a fault on an API path would be taken and never apply.
  .refine(
    (fault) =>
      fault.target !== 'telephony' ||
      ['telephony', '*', '**', undefined].includes(firstSegment(fault.path)) ||
      firstSegment(fault.path)?.startsWith(':'),
    {
      message: 'A telephony fault matches /telephony/<trunk id> (or a pattern of it, such as /telephony/*), not an API path.',
      path: ['path'],
    },
  )
  .openapi('FaultRequest');

export const clockBody = z
  .strictObject({
    // Any RFC 3339 date-time, as the document's `date-time` format says: UTC (`Z`) or with an offset.
    freezeAt: z.union([z.iso.datetime({ offset: true }), z.literal('now')]).optional(),
    advanceMs: z
      .int()
      .min(0)
      .max(10 * 365 * 86_400_000)
      .optional(),
    resume: z.literal(true).optional(),
  })
  .openapi('ClockRequest', { description: 'Applied in this order: freezeAt, advanceMs, resume.' });

export const journalQuery = journalFilter.extend({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .optional()
    .openapi({ description: `Most entries in the page (default ${JOURNAL_PAGE_LIMIT}); a page also ends before its entries pass 1 MiB.` }),
  before: z.coerce
    .number()
    .int()
    .min(1)
    // zod's int() refuses what a double cannot hold exactly; the document says where that starts.
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .openapi({ description: 'Only entries older than the one with this id: the `older` of the page before.' }),
});

export const verifyBody = journalFilter.openapi('VerifyRequest');

export const orgQuery = z.strictObject({ orgId: orgId.optional() });

export const orgFilterQuery = z.strictObject({ orgId: orgFilter });

export const idParam = (name: string) =>
  z.object({
    id: z
      .string()
      .min(1)
      .openapi({ param: { name: 'id', in: 'path', required: true }, description: `${name} id.` }),
  });

/** An organization as the control API shows it: the token is what API requests send. */
export const tenant = z
  .strictObject({ id: orgId, name: z.string(), token: z.string().openapi({ description: 'The bearer token of its API requests.' }) })
  .openapi('Tenant');

/** The organizations after a reset or an import. */
export const organizationsAnswer = z.strictObject({ organizations: z.array(tenant) }).openapi('Organizations');

/** The answer of a removal or a clear: nothing to tell. */
export const doneAnswer = z.strictObject({}).openapi('Done');

const journalPageEntries = z.array(journalEntrySchema).openapi({
  description: `Oldest first: the newest matching entries (older than \`before\`, if given), at most \`limit\` of them (default ${JOURNAL_PAGE_LIMIT}) and 1 MiB.`,
});
const olderCursor = z.int().nullable().openapi({
  description: 'Pass it as `before` to get the page of older matching entries; null when there are none.',
});

export const journalAnswer = z.strictObject({ entries: journalPageEntries, older: olderCursor }).openapi('JournalPage');

export const verifyAnswer = z.strictObject({
  count: z.int().openapi({ description: 'How many recorded requests match, counted without reading their bodies.' }),
  entries: journalPageEntries,
  older: olderCursor,
});

export const deliveriesAnswer = z.strictObject({ deliveries: z.array(deliverySchema).openapi({ description: 'Oldest first.' }) });

export const removedAnswer = z.strictObject({ removed: z.int().openapi({ description: 'How many deliveries were forgotten.' }) });

/** A record as the API shows it, of any kind. */
export const anyRecord = z.union(resources.map((def) => def.record) as unknown as [z.ZodType, z.ZodType, ...z.ZodType[]]);

export const controlIndex = z
  .strictObject({
    name: z.string(),
    openapi: z.string().openapi({ description: 'Path of the OpenAPI document.' }),
    docs: z.string().openapi({ description: 'Path of the reference page.' }),
    operations: z.array(z.strictObject({ method: z.string(), path: z.string(), summary: z.string() })),
  })
  .openapi('ControlIndex');
