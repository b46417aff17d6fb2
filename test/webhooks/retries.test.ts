/** Failed deliveries are retried with exponential backoff in mock time: the tests move the clock, never wait. */

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eachTestWithReceiver, FROZEN_AT } from './setup.js';

const t = eachTestWithReceiver();

const at = (offsetMs: number) => new Date(Date.parse(FROZEN_AT) + offsetMs).toISOString();

/** One webhook for call.ended only, so every request the receiver sees is one delivery. */
async function oneDelivery() {
  const assistant = await t.mock.assistant();
  const hook = await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.ended'] });
  const call = await t.mock.call('demo-token', assistant.id);
  const [delivery] = call.deliveries;
  if (!delivery) throw new Error('no delivery was created');
  return { hook, call, delivery };
}

describe('retries', () => {
  it('retries a 500 after 1 s and 2 s of mock time and then delivers: three attempts', async () => {
    t.receiver.answer([500, 500]);
    const { delivery } = await oneDelivery();
    expect(delivery).toMatchObject({ status: 'pending', nextAttemptAt: at(1000) });
    expect(delivery.attempts).toEqual([
      { at: FROZEN_AT, statusCode: 500, error: 'the receiver answered 500', response: 'receiver says no' },
    ]);

    await t.mock.control.setClock({ advanceMs: 999 });
    expect(t.receiver.requests).toHaveLength(1);
    await t.mock.control.setClock({ advanceMs: 1 });
    expect(t.receiver.requests).toHaveLength(2);
    expect((await t.mock.control.outbox())[0]).toMatchObject({ status: 'pending', nextAttemptAt: at(3000) });
    await t.mock.control.setClock({ advanceMs: 2000 });

    const [after] = await t.mock.control.outbox();
    expect(after).toMatchObject({ status: 'delivered', nextAttemptAt: null, reason: null });
    expect(after?.attempts.map((a) => [a.at, a.statusCode])).toEqual([
      [at(0), 500],
      [at(1000), 500],
      [at(3000), 200],
    ]);
    // Every retry is the same message: same body and delivery id, signed again with its own timestamp.
    expect(new Set(t.receiver.requests.map((r) => r.raw)).size).toBe(1);
    expect(new Set(t.receiver.requests.map((r) => r.headers['x-voice-delivery'])).size).toBe(1);
    expect(t.receiver.requests.map((r) => r.headers['x-voice-timestamp'])).toEqual(
      [0, 1000, 3000].map((ms) => String((Date.parse(FROZEN_AT) + ms) / 1000)),
    );
  });

  it('stops after five attempts on a receiver that always fails, 1, 2, 4 and 8 s apart', async () => {
    t.receiver.answer([], 500);
    await oneDelivery();
    for (const step of [1000, 2000, 4000, 8000, 16_000, 60_000]) await t.mock.control.setClock({ advanceMs: step });
    expect(t.receiver.requests).toHaveLength(5);
    const [delivery] = await t.mock.control.outbox();
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null, reason: 'gave up after 5 attempts' });
    expect(delivery?.attempts.map((a) => a.at)).toEqual([0, 1000, 3000, 7000, 15_000].map(at));
  });

  it('catches up on every retry that fell due when the clock jumps far ahead', async () => {
    t.receiver.answer([], 503);
    await oneDelivery();
    await t.mock.control.setClock({ advanceMs: 3_600_000 });
    expect(t.receiver.requests).toHaveLength(5);
    expect((await t.mock.control.outbox())[0]?.status).toBe('failed');
  });

  it('retries a receiver that cannot be reached, recording the network error', async () => {
    const port = await closedPort();
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', `http://127.0.0.1:${port}/gone`, { events: ['call.started'] });
    const { deliveries } = await t.mock.call('demo-token', assistant.id);
    expect(deliveries[0]).toMatchObject({ status: 'pending', nextAttemptAt: at(1000) });
    expect(deliveries[0]?.attempts[0]).toMatchObject({
      statusCode: null,
      error: expect.stringMatching(/^network error: /),
      response: null,
    });
  });

  it('runs due retries on a flush of the outbox after the clock moved in-process', async () => {
    t.receiver.answer([500]);
    await oneDelivery();
    t.mock.mockState.clock.advance(1000);
    const flushed = await t.mock.control.flushOutbox();
    expect(flushed[0]).toMatchObject({ status: 'delivered' });
    expect(t.receiver.requests).toHaveLength(2);
  });

  it('counts a redirect as a failure and does not follow it', async () => {
    t.receiver.answer([302]);
    const { delivery } = await oneDelivery();
    expect(delivery).toMatchObject({ status: 'pending' });
    expect(delivery.attempts[0]).toMatchObject({ statusCode: 302, error: 'the receiver answered 302' });
    expect(t.receiver.requests).toHaveLength(1);
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('backoff', () => {
  it('counts from the end of the attempt, so a slow receiver does not make the retry due at once', async () => {
    const { recordAttempt } = await import('../../src/state/webhooks/deliveries.js');
    const { deliveryPolicy } = await import('../../src/state/webhooks/delivery-policy.js');
    const policy = deliveryPolicy({ firstRetryMs: 200 });
    const delivery = { status: 'pending', attempts: [], nextAttemptAt: null, reason: null } as unknown as Parameters<
      typeof recordAttempt
    >[0];
    const failed = { at: '2030-01-01T00:00:00.000Z', statusCode: null, error: 'timed out', response: null };
    recordAttempt(delivery, failed, policy, 1000);
    expect(delivery.nextAttemptAt).toBe('2030-01-01T00:00:01.200Z');
    recordAttempt(delivery, { ...failed, at: '2030-01-01T00:00:01.200Z' }, policy);
    expect(delivery.nextAttemptAt).toBe('2030-01-01T00:00:01.600Z');
  });

  it('finds the earliest due time among more deliveries than a call takes arguments', async () => {
    const { earliestDue } = await import('../../src/state/webhooks/schedule.js');
    const start = Date.parse('2030-01-01T00:00:00.000Z');
    const queue = Array.from({ length: 300_000 }, (_, index) => ({
      delivery: { status: index === 0 ? 'delivered' : 'pending', nextAttemptAt: new Date(start + (300_000 - index) * 1000).toISOString() },
    })) as unknown as Parameters<typeof earliestDue>[0];
    expect(earliestDue(queue)).toBe(start + 1000);
  });

  it("is due at the clock's last instant at the latest, so a retry near the end of year 9999 still comes due", async () => {
    const { recordAttempt } = await import('../../src/state/webhooks/deliveries.js');
    const { deliveryPolicy } = await import('../../src/state/webhooks/delivery-policy.js');
    const delivery = { status: 'pending', attempts: [], nextAttemptAt: null, reason: null } as unknown as Parameters<
      typeof recordAttempt
    >[0];
    recordAttempt(delivery, { at: '9999-12-31T23:59:59.900Z', statusCode: 500, error: 'answered 500', response: null }, deliveryPolicy({}));
    expect(delivery.nextAttemptAt).toBe('9999-12-31T23:59:59.999Z');
  });
});
