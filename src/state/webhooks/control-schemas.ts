/** Request bodies and queries of the call and outbox control routes, described once for validation and OpenAPI. */
import { z } from '@hono/zod-openapi';
import { e164 } from '../../domain/fields.js';
import { webhookEvents } from '../../domain/resources/webhook.js';
import { orgFilter, orgId } from '../org-filter.js';
import { deliveryStatuses } from './delivery-record.js';

const party = z
  // Bounded: each delivery in the outbox keeps its own copy of the call's events.
  .union([
    e164,
    z
      .string()
      .max(256)
      .regex(/^sips?:[^\s@]+@[^\s]+$/, 'Use a sip: URI of 256 characters at most'),
  ])
  .openapi({ description: 'An E.164 number or a sip: URI.', example: '+14155550123' });

export const callBody = z
  .strictObject({
    orgId,
    assistantId: z.string().min(1).max(100).openapi({ description: 'An assistant of that organization.' }),
    durationSeconds: z
      .int()
      .min(1)
      .max(43200)
      .optional()
      .openapi({ description: 'Default: seeded, within the assistant’s maxDurationSeconds.' }),
    from: party.optional().openapi({ description: 'The caller. Default: a seeded +1415555… number.' }),
    to: party.optional().openapi({ description: 'The number called. Default: the first number of the assistant’s SIP trunk.' }),
  })
  .openapi('SimulateCallRequest', {
    description: 'Emits call.started, call.ended and call.analyzed and delivers them to the organization’s webhooks.',
  });

export const outboxQuery = z.strictObject({
  orgId: orgFilter,
  webhookId: z.string().min(1).max(100).optional(),
  callId: z.string().min(1).max(100).optional(),
  event: z.enum(webhookEvents).optional(),
  status: z.enum(deliveryStatuses).optional(),
});

export const outboxOrgQuery = z.strictObject({ orgId: orgFilter });
