/** The outbox in the control API: what it shows, what clears it, and what cancels or drops deliveries. */
import { describe, expect, it, vi } from 'vitest';
import { startReceiver } from './receiver.js';
import { eachTestWithReceiver } from './setup.js';

const t = eachTestWithReceiver();

describe('outbox', () => {
  it('lists every delivery with its attempts as JSON, filtered by organization, webhook, event and status', async () => {
    const assistant = await t.mock.assistant();
    // Two receivers: deliveries to different webhooks run in parallel, so one receiver's answer order is not fixed.
    const refusing = await startReceiver();
    refusing.answer([500]);
    const failing = await t.mock.webhook('demo-token', `${refusing.url}/a`, { events: ['call.started'] });
    await t.mock.webhook('demo-token', `${t.receiver.url}/b`, { events: ['call.ended'] });
    const call = await t.mock.call('demo-token', assistant.id).finally(() => refusing.close());

    const res = await t.mock.app.request(`/__mock/outbox?orgId=${t.mock.orgId('demo-token')}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { deliveries } = (await res.json()) as { deliveries: unknown[] };
    expect(deliveries).toEqual(call.deliveries);
    expect(deliveries).toHaveLength(2);
    expect(await t.mock.control.outbox({ webhookId: failing.id })).toEqual([
      expect.objectContaining({ event: 'call.started', status: 'pending' }),
    ]);
    expect(await t.mock.control.outbox({ event: 'call.ended' })).toEqual([
      expect.objectContaining({ url: `${t.receiver.url}/b`, status: 'delivered' }),
    ]);
    expect(await t.mock.control.outbox({ status: 'failed' })).toEqual([]);
    expect(await t.mock.control.outbox({ callId: call.id })).toHaveLength(2);
  });

  it('is cleared by DELETE /__mock/outbox, which cancels pending retries', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.ended'] });
    t.receiver.answer([], 500);
    await t.mock.call('demo-token', assistant.id);
    const res = await t.mock.app.request('/__mock/outbox', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: 1 });
    await t.mock.control.setClock({ advanceMs: 60_000 });
    expect(await t.mock.control.outbox()).toEqual([]);
    expect(t.receiver.requests).toHaveLength(1);
  });

  it('clears one organization’s deliveries and keeps the other’s', async () => {
    const a = await t.mock.assistant('demo-token');
    const b = await t.mock.assistant('demo-token-2');
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.ended'] });
    await t.mock.webhook('demo-token-2', t.receiver.url, { events: ['call.ended'] });
    await t.mock.call('demo-token', a.id);
    await t.mock.call('demo-token-2', b.id);
    expect(await t.mock.control.clearOutbox(t.mock.orgId('demo-token'))).toEqual({ removed: 1 });
    expect((await t.mock.control.outbox()).map((d) => d.orgId)).toEqual([t.mock.orgId('demo-token-2')]);
  });

  it.each([
    ['deleted', (id: string) => t.mock.api('demo-token', 'DELETE', `/webhooks/${id}`), 'cancelled: the webhook was deleted'],
    [
      'disabled',
      (id: string) => t.mock.api('demo-token', 'PATCH', `/webhooks/${id}`, { enabled: false }),
      'cancelled: the webhook was disabled',
    ],
  ])('cancels the pending retries of a webhook that is %s', async (_how, change, reason) => {
    const assistant = await t.mock.assistant();
    const hook = await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.ended'] });
    t.receiver.answer([], 500);
    await t.mock.call('demo-token', assistant.id);
    expect((await change(hook.id)).status).toBe(200);
    await t.mock.control.setClock({ advanceMs: 60_000 });
    expect(t.receiver.requests).toHaveLength(1);
    expect(await t.mock.control.outbox()).toEqual([expect.objectContaining({ status: 'failed', reason, nextAttemptAt: null })]);
  });

  it('drops the deliveries of a removed tenant, and of an organization reset alone', async () => {
    const tenant = await t.mock.control.createTenant();
    const assistant = await t.mock.assistant(tenant.token);
    await t.mock.webhook(tenant.token, t.receiver.url, { events: ['call.ended'] });
    await t.mock.control.simulateCall({ orgId: tenant.id, assistantId: assistant.id });
    const mine = await t.mock.assistant('demo-token');
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.ended'] });
    await t.mock.call('demo-token', mine.id);
    expect(await t.mock.control.outbox()).toHaveLength(2);

    await t.mock.control.deleteTenant(tenant.id);
    expect((await t.mock.control.outbox()).map((d) => d.orgId)).toEqual([t.mock.orgId('demo-token')]);
    await t.mock.control.reset({ orgId: t.mock.orgId('demo-token') });
    expect(await t.mock.control.outbox()).toEqual([]);
  });

  it('is emptied by a reset of the whole mock', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url);
    await t.mock.call('demo-token', assistant.id);
    await t.mock.control.reset();
    expect(await t.mock.control.outbox()).toEqual([]);
  });

  it('keeps only the newest deliveries up to its limit', async () => {
    await t.useMock({ webhooks: { limit: 4 } });
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url);
    const first = await t.mock.call('demo-token', assistant.id);
    const second = await t.mock.call('demo-token', assistant.id);
    const kept = await t.mock.control.outbox();
    expect(kept).toHaveLength(4);
    expect(kept.map((d) => d.id)).toEqual([...first.deliveries.slice(2), ...second.deliveries].map((d) => d.id));
  });

  it('retries from its timer while the clock runs in real time', async () => {
    await t.useMock({ webhooks: { firstRetryMs: 20 } });
    await t.mock.control.setClock({ resume: true });
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.ended'] });
    t.receiver.answer([500]);
    await t.mock.call('demo-token', assistant.id);
    await vi.waitFor(async () => expect((await t.mock.control.outbox())[0]?.status).toBe('delivered'), { timeout: 5000, interval: 20 });
    expect(t.receiver.requests).toHaveLength(2);
  });
});
