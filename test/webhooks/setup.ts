/**
 * An in-process mock with no seeded records, its clock frozen, and helpers
 * that create a schema, assistants and webhooks through the API, as a
 * developer would.
 */
import { afterEach, beforeEach } from 'vitest';
import type { DeliveryOptions } from '../../src/state/webhooks/delivery-policy.js';
import { controlledMock } from '../control/helpers.js';
import { type Receiver, startReceiver } from './receiver.js';

export const FROZEN_AT = '2026-02-02T10:00:00.000Z';

/** Typed properties used by the tests: one of each type. */
export const properties = { customerName: 'string', partySize: 'integer', quotedPrice: 'number', isUrgent: 'boolean' } as const;

export async function webhookMock(options: { seed?: number; webhooks?: DeliveryOptions } = {}) {
  const mock = controlledMock({ scenario: 'empty', ...options });
  await mock.control.setClock({ freezeAt: FROZEN_AT });

  async function create(token: string, path: string, body: unknown) {
    const reply = await mock.api(token, 'POST', path, body);
    if (reply.status !== 201) throw new Error(`POST ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply.body;
  }
  /** An assistant with a schema of `properties` (or none), in the organization of `token`. */
  async function assistant(token = 'demo-token', schema: Record<string, string> | null = properties) {
    const schemaId = schema ? (await create(token, '/schemas', { name: 'Booking', properties: schema })).id : null;
    return create(token, '/assistants', { name: 'Front desk', schemaId });
  }
  /** A webhook; the create response carries its whole secret. */
  async function webhook(token: string, url: string, fields: Record<string, unknown> = {}) {
    return create(token, '/webhooks', { url, events: ['call.started', 'call.ended', 'call.analyzed'], ...fields });
  }
  const call = (token: string, assistantId: string, extra: Record<string, unknown> = {}) =>
    mock.control.simulateCall({ orgId: mock.orgId(token), assistantId, ...extra });
  return { ...mock, assistant, webhook, call, stop: () => mock.mockState.outbox.stop() };
}

export type WebhookMock = Awaited<ReturnType<typeof webhookMock>>;

/**
 * A fresh receiver and mock for every test of the file, stopped after it.
 * `useMock` swaps in a mock built with other options for one test.
 */
export function eachTestWithReceiver() {
  const t = {} as { receiver: Receiver; mock: WebhookMock; useMock(options: Parameters<typeof webhookMock>[0]): Promise<WebhookMock> };
  t.useMock = async (options) => {
    await t.mock.stop();
    t.mock = await webhookMock(options);
    return t.mock;
  };
  beforeEach(async () => {
    t.receiver = await startReceiver();
    t.mock = await webhookMock();
  });
  afterEach(async () => {
    await t.mock.stop();
    await t.receiver.close();
  });
  return t;
}
