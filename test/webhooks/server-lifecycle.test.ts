/**
 * Webhook deliveries and the server's life: closing abandons attempts under
 * way instead of waiting out their receivers, and a mock state served again by a
 * new server delivers again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../../src/server/server.js';
import { createMockState, type MockState } from '../../src/state/mock-state.js';
import { type Receiver, startReceiver } from './receiver.js';

let receiver: Receiver;
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

/** An assistant and a webhook to the receiver in demo-token's organization, made through the mockState. */
function webhookTo(mockState: MockState, url: string): { orgId: string; assistantId: string } {
  const orgId = mockState.organizations.byToken('demo-token')?.id ?? '';
  const assistant = mockState.store.list(orgId, 'assistants')[0];
  for (const webhook of mockState.store.list(orgId, 'webhooks')) mockState.store.remove(orgId, 'webhooks', webhook.id);
  mockState.store.put(orgId, 'webhooks', {
    id: '7d0f6e2c-0000-4000-8000-000000000001',
    url,
    events: ['call.started'],
    assistantId: null,
    enabled: true,
    secret: 'whsec_test',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  return { orgId, assistantId: String(assistant?.id) };
}

async function simulate(url: string, body: unknown) {
  const res = await fetch(`${url}/__mock/calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { deliveries: { status: string; attempts: unknown[] }[] } };
}

describe('webhooks across the server’s life', () => {
  it('closes without waiting for a receiver that holds an attempt, and the call is still answered', async () => {
    const mockState = createMockState();
    const server = await startServer({ port: 0, mockState });
    const call = webhookTo(mockState, receiver.url);
    const release = receiver.hold();
    try {
      const answer = simulate(server.url, call);
      await expect.poll(() => receiver.requests.length).toBe(1);
      await server.close();
      // The attempt was abandoned, so the call answered (before the close ended) with it still pending and unrecorded.
      const { status, body } = await answer;
      expect(status).toBe(201);
      expect(body.deliveries).toEqual([expect.objectContaining({ status: 'pending', attempts: [] })]);
    } finally {
      release();
    }
  });

  it('takes close() twice, the second waiting for the first', async () => {
    const server = await startServer({ port: 0 });
    await expect(Promise.all([server.close(), server.close()])).resolves.toEqual([undefined, undefined]);
    await expect(server.close()).resolves.toBeUndefined();
  });

  it('keeps delivering for a mockState that another server still serves when one closes', async () => {
    const mockState = createMockState();
    const first = await startServer({ port: 0, mockState });
    const second = await startServer({ port: 0, mockState });
    await first.close();
    try {
      const { status, body } = await simulate(second.url, webhookTo(mockState, receiver.url));
      expect(status).toBe(201);
      expect(body.deliveries).toEqual([expect.objectContaining({ status: 'delivered' })]);
    } finally {
      await second.close();
    }
  });

  it('delivers again when the same mockState is served by a new server after the first closed', async () => {
    const mockState = createMockState();
    const first = await startServer({ port: 0, mockState });
    await first.close();
    const second = await startServer({ port: 0, mockState });
    try {
      const { status, body } = await simulate(second.url, webhookTo(mockState, receiver.url));
      expect(status).toBe(201);
      expect(body.deliveries).toEqual([expect.objectContaining({ status: 'delivered' })]);
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
