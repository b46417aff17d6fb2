/** The outbox in the control API: what it shows, what clears it, and what cancels or drops deliveries. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Receiver, startReceiver } from './receiver.js';
import { webhookMock } from './setup.js';

let receiver: Receiver;
let mock: Awaited<ReturnType<typeof webhookMock>>;
beforeEach(async () => {
  receiver = await startReceiver();
  mock = await webhookMock();
});
afterEach(async () => {
  mock.stop();
  await receiver.close();
});

describe('outbox', () => {
  it('lists every delivery with its attempts as JSON, filtered by organization, webhook, event and status', async () => {
    const assistant = await mock.assistant();
    // Two receivers: deliveries to different webhooks run in parallel, so one receiver's answer order is not fixed.
    const refusing = await startReceiver();
    refusing.answer([500]);
    const failing = await mock.webhook('demo-token', `${refusing.url}/a`, { events: ['call.started'] });
    await mock.webhook('demo-token', `${receiver.url}/b`, { events: ['call.ended'] });
    const call = await mock.call('demo-token', assistant.id).finally(() => refusing.close());

    const res = await mock.app.request(`/__mock/outbox?orgId=${mock.orgId('demo-token')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { deliveries } = (await res.json()) as { deliveries: unknown[] };
    expect(deliveries).toEqual(call.deliveries);
    expect(deliveries).toHaveLength(2);
    expect(await mock.control.outbox({ webhookId: failing.id })).toEqual([
      expect.objectContaining({ event: 'call.started', status: 'pending' }),
    ]);
    expect(await mock.control.outbox({ event: 'call.ended' })).toEqual([
      expect.objectContaining({ url: `${receiver.url}/b`, status: 'delivered' }),
    ]);
    expect(await mock.control.outbox({ status: 'failed' })).toEqual([]);
    expect(await mock.control.outbox({ callId: call.id })).toHaveLength(2);
  });

  it('is cleared by DELETE /__mock/outbox, which cancels pending retries', async () => {
    const assistant = await mock.assistant();
    await mock.webhook('demo-token', receiver.url, { events: ['call.ended'] });
    receiver.answer([], 500);
    await mock.call('demo-token', assistant.id);
    const res = await mock.app.request('/__mock/outbox', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: 1 });
    await mock.control.setClock({ advanceMs: 60_000 });
    expect(await mock.control.outbox()).toEqual([]);
    expect(receiver.requests).toHaveLength(1);
  });

  it('clears one organization’s deliveries and keeps the other’s', async () => {
    const a = await mock.assistant('demo-token');
    const b = await mock.assistant('demo-token-2');
    await mock.webhook('demo-token', receiver.url, { events: ['call.ended'] });
    await mock.webhook('demo-token-2', receiver.url, { events: ['call.ended'] });
    await mock.call('demo-token', a.id);
    await mock.call('demo-token-2', b.id);
    expect(await mock.control.clearOutbox(mock.orgId('demo-token'))).toEqual({ removed: 1 });
    expect((await mock.control.outbox()).map((d) => d.orgId)).toEqual([mock.orgId('demo-token-2')]);
  });

  it.each([
    ['deleted', (id: string) => mock.api('demo-token', 'DELETE', `/webhooks/${id}`), 'cancelled: the webhook was deleted'],
    [
      'disabled',
      (id: string) => mock.api('demo-token', 'PATCH', `/webhooks/${id}`, { enabled: false }),
      'cancelled: the webhook was disabled',
    ],
  ])('cancels the pending retries of a webhook that is %s', async (_how, change, reason) => {
    const assistant = await mock.assistant();
    const hook = await mock.webhook('demo-token', receiver.url, { events: ['call.ended'] });
    receiver.answer([], 500);
    await mock.call('demo-token', assistant.id);
    expect((await change(hook.id)).status).toBe(200);
    await mock.control.setClock({ advanceMs: 60_000 });
    expect(receiver.requests).toHaveLength(1);
    expect(await mock.control.outbox()).toEqual([expect.objectContaining({ status: 'failed', reason, nextAttemptAt: null })]);
  });

  it('drops the deliveries of a removed tenant, and of an organization reset alone', async () => {
    const tenant = await mock.control.createTenant();
    const assistant = await mock.assistant(tenant.token);
    await mock.webhook(tenant.token, receiver.url, { events: ['call.ended'] });
    await mock.control.simulateCall({ orgId: tenant.id, assistantId: assistant.id });
    const mine = await mock.assistant('demo-token');
    await mock.webhook('demo-token', receiver.url, { events: ['call.ended'] });
    await mock.call('demo-token', mine.id);
    expect(await mock.control.outbox()).toHaveLength(2);

    await mock.control.deleteTenant(tenant.id);
    expect((await mock.control.outbox()).map((d) => d.orgId)).toEqual([mock.orgId('demo-token')]);
    await mock.control.reset({ orgId: mock.orgId('demo-token') });
    expect(await mock.control.outbox()).toEqual([]);
  });

  it('is emptied by a reset of the whole mock', async () => {
    const assistant = await mock.assistant();
    await mock.webhook('demo-token', receiver.url);
    await mock.call('demo-token', assistant.id);
    await mock.control.reset();
    expect(await mock.control.outbox()).toEqual([]);
  });

  it('keeps only the newest deliveries up to its limit', async () => {
    mock.stop();
    mock = await webhookMock({ webhooks: { limit: 4 } });
    const assistant = await mock.assistant();
    await mock.webhook('demo-token', receiver.url);
    const first = await mock.call('demo-token', assistant.id);
    const second = await mock.call('demo-token', assistant.id);
    const kept = await mock.control.outbox();
    expect(kept).toHaveLength(4);
    expect(kept.map((d) => d.id)).toEqual([...first.deliveries.slice(2), ...second.deliveries].map((d) => d.id));
  });

  it('retries from its timer while the clock runs in real time', async () => {
    mock.stop();
    mock = await webhookMock({ webhooks: { firstRetryMs: 20 } });
    await mock.control.setClock({ resume: true });
    const assistant = await mock.assistant();
    await mock.webhook('demo-token', receiver.url, { events: ['call.ended'] });
    receiver.answer([500]);
    await mock.call('demo-token', assistant.id);
    await vi.waitFor(async () => expect((await mock.control.outbox())[0]?.status).toBe('delivered'), { timeout: 5000, interval: 20 });
    expect(receiver.requests).toHaveLength(2);
  });
});
