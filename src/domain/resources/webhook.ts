/** Webhook: where the platform sends call events for the organization. */
import { z } from '@hono/zod-openapi';
import { id, optionalRef, secureOrLoopbackUrl, timestamps, uniqueList } from '../fields.js';
import { defineResource } from '../resource.js';

export const webhookEvents = ['call.started', 'call.ended', 'call.analyzed'] as const;
const secretPattern = /^whsec_[A-Za-z0-9]{24,64}$/;
const maskedSecret = /^whsec_\*{8}[A-Za-z0-9]{4}$/;

const writable = {
  url: secureOrLoopbackUrl.openapi({
    description: 'Receiver URL: https, or plain http only for this machine (localhost, 127.0.0.0/8, [::1]).',
    example: 'https://hooks.example.com/voice',
  }),
  events: uniqueList(z.enum(webhookEvents), webhookEvents.length, { min: 1, message: 'Subscribe to at least one event' }).openapi({
    description: 'Events delivered to this webhook.',
    example: ['call.ended'],
  }),
  description: z.string().max(500).openapi({ description: 'Free text.' }).default(''),
  assistantId: optionalRef('an assistant (only its calls), or null for all assistants'),
  secret: z
    .string()
    .regex(secretPattern, 'Use whsec_ followed by 24 to 64 letters or digits')
    .optional()
    .openapi({ description: 'Signing secret. Generated when omitted; shown whole only in the create response.' }),
  enabled: z.boolean().openapi({ description: 'Deliveries happen only while enabled.' }).default(true),
};

export const webhooks = defineResource({
  kind: 'webhooks',
  path: 'webhooks',
  namedBySpec: true,
  names: { singular: 'webhook', plural: 'webhooks', type: 'Webhook', types: 'Webhooks' },
  writable,
  serverOwned: { id, ...timestamps },
  // A webhook fetched and sent back carries the masked secret; it means "keep the secret", not a new one.
  ignoredWhenSentBack: { secret: (value) => typeof value === 'string' && maskedSecret.test(value) },
  responseOnly: {
    secret: z.string().openapi({ description: 'Signing secret: whole in the create response, masked (whsec_********abcd) afterwards.' }),
  },
  references: [{ field: 'assistantId', target: 'assistants', many: false }],
  check: (webhook, _previous, env) => {
    // The URL's form is the schema's pattern; what a pattern cannot know is whether it names this mock's own control API.
    const url = webhook.url;
    const own = typeof url === 'string' ? env?.ownControlRefusal?.(url) : undefined;
    return own ? [{ path: ['url'], message: own.charAt(0).toUpperCase() + own.slice(1) }] : [];
  },
  complete: (webhook) => ({ ...webhook, secret: webhook.secret ?? generateSecret() }),
  toResponse: (webhook, { fresh }) => ({ ...webhook, secret: fresh ? webhook.secret : maskSecret(String(webhook.secret)) }),
  fake: (faker, refs) => ({
    url: `https://${faker.internet.domainName()}/webhooks/voice`,
    events: faker.helpers.arrayElements(webhookEvents, { min: 1, max: 3 }),
    description: `${faker.company.buzzPhrase()} (${faker.person.firstName()}'s receiver)`.slice(0, 500),
    assistantId: refs.assistants?.length && faker.datatype.boolean() ? faker.helpers.arrayElement(refs.assistants) : null,
    secret: `whsec_${faker.string.alphanumeric(32)}`,
    enabled: faker.datatype.boolean({ probability: 0.8 }),
  }),
  exampleUpdateKeys: ['events', 'enabled'],
});

function generateSecret(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

/** Keeps the prefix and the last four characters, so a person can tell secrets apart. */
function maskSecret(secret: string): string {
  return `whsec_${'*'.repeat(8)}${secret.slice(-4)}`;
}

/** A webhook as responses show it (secret masked except right after create). */
export type Webhook = z.infer<typeof webhooks.record>;
