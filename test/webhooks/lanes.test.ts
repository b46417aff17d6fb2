/**
 * What one webhook's trouble may not do to the rest: a receiver that does not
 * answer holds up only its own webhook, an answer that never ends is cut
 * short, a webhook disabled for a moment loses its pending deliveries, and a
 * stopped outbox sends nothing more. Also: organizations never share call ids,
 * and a reset organization's new deliveries take the newest places.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMockState } from '../../src/state/mock-state.js';
import { callFaker } from '../../src/state/webhooks/events.js';
import { startReceiver } from './receiver.js';
import { eachTestWithReceiver } from './setup.js';

const t = eachTestWithReceiver();

/** An assistant and a webhook to the test's receiver, and a call whose first attempt the receiver holds until `release()`. */
async function callWithFirstAttemptHeld(events?: string[]) {
  const assistant = await t.mock.assistant();
  await t.mock.webhook('demo-token', t.receiver.url, events ? { events } : {});
  const release = t.receiver.hold();
  const call = t.mock.call('demo-token', assistant.id);
  await expect.poll(() => t.receiver.requests.length).toBe(1);
  return { assistant, call, release };
}

describe('webhook lanes', () => {
  it('answers another organization’s call while a receiver holds an attempt of its own', async () => {
    // Short attempts, so that a mock that makes calls wait on each other fails this test quickly instead of hanging it.
    const mock = await t.useMock({ webhooks: { timeoutMs: 2000 } });
    const slow = await startReceiver();
    const release = slow.hold();
    try {
      const a = await mock.assistant('demo-token');
      const b = await mock.assistant('demo-token-2');
      await mock.webhook('demo-token', slow.url, { events: ['call.started'] });
      await mock.webhook('demo-token-2', t.receiver.url, { events: ['call.started'] });
      t.receiver.answer([500]);

      const first = mock.call('demo-token', a.id);
      await expect.poll(() => slow.requests.length).toBe(1);
      const second = await mock.call('demo-token-2', b.id);

      // The second call's attempt was made and recorded while the first one's is still held.
      expect(second.deliveries).toEqual([
        expect.objectContaining({ status: 'pending', attempts: [expect.objectContaining({ statusCode: 500 })] }),
      ]);
      expect(await mock.control.outbox({ orgId: mock.orgId('demo-token') })).toEqual([expect.objectContaining({ attempts: [] })]);
      release();
      expect((await first).deliveries).toEqual([expect.objectContaining({ status: 'delivered' })]);
    } finally {
      release();
      await slow.close();
    }
  });

  it('takes the status of an answer whose body never ends, and keeps its first 200 characters', async () => {
    const mock = await t.useMock({ webhooks: { timeoutMs: 2000 } });
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const drip = setInterval(() => res.write('x'.repeat(64)), 5);
      res.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    try {
      const assistant = await mock.assistant();
      await mock.webhook('demo-token', `http://127.0.0.1:${(endless.address() as AddressInfo).port}`, { events: ['call.started'] });
      const call = await mock.call('demo-token', assistant.id);
      expect(call.deliveries).toEqual([
        expect.objectContaining({
          status: 'delivered',
          attempts: [expect.objectContaining({ statusCode: 200, error: null, response: 'x'.repeat(200) })],
        }),
      ]);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('cancels pending deliveries when the webhook is disabled, even if it is enabled again before the retry', async () => {
    const assistant = await t.mock.assistant();
    const webhook = await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.ended'] });
    t.receiver.answer([500]);
    await t.mock.call('demo-token', assistant.id);
    expect((await t.mock.api('demo-token', 'PATCH', `/webhooks/${webhook.id}`, { enabled: false })).status).toBe(200);
    expect((await t.mock.api('demo-token', 'PATCH', `/webhooks/${webhook.id}`, { enabled: true })).status).toBe(200);
    await t.mock.control.setClock({ advanceMs: 60_000 });
    expect(await t.mock.control.outbox()).toEqual([
      expect.objectContaining({ status: 'failed', reason: 'cancelled: the webhook was disabled', attempts: [expect.anything()] }),
    ]);
    expect(t.receiver.requests).toHaveLength(1);
  });

  it('abandons the attempt under way when stopped, records nothing of it and sends nothing more', async () => {
    const { call, release } = await callWithFirstAttemptHeld(['call.started', 'call.ended']);
    await t.mock.stop();
    release();
    await call;
    await t.mock.mockState.outbox.runDue();
    expect(t.receiver.requests).toHaveLength(1);
    expect((await t.mock.control.outbox()).map(({ status, attempts }) => [status, attempts.length])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('keeps the retry timer for other webhooks while one receiver holds a retry, with the clock running', async () => {
    const mock = await t.useMock({ webhooks: { timeoutMs: 4000, firstRetryMs: 300 } });
    const slow = await startReceiver();
    slow.answer([500]);
    let release = () => {};
    try {
      const a = await mock.assistant('demo-token');
      const b = await mock.assistant('demo-token-2');
      await mock.webhook('demo-token', slow.url, { events: ['call.started'] });
      const other = await mock.webhook('demo-token-2', t.receiver.url, { events: ['call.started'] });
      t.receiver.answer([500]);
      await mock.control.setClock({ resume: true });
      await mock.call('demo-token', a.id);
      // The first receiver will hold its retry, which the timer makes some 300 ms from now.
      release = slow.hold();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await mock.call('demo-token-2', b.id);

      // The second webhook's retry falls due about 100 ms after the first's, while that one is held: the timer must still wake for it.
      await expect.poll(() => slow.requests.length, { timeout: 3000 }).toBe(2);
      await expect.poll(async () => (await mock.control.outbox({ webhookId: other.id }))[0]?.status, { timeout: 3000 }).toBe('delivered');
      expect(await mock.control.outbox({ orgId: mock.orgId('demo-token') })).toEqual([
        expect.objectContaining({ attempts: [expect.anything()] }),
      ]);
    } finally {
      release();
      await slow.close();
    }
  });

  it('answers a clock change that makes nothing due without waiting for an attempt under way', async () => {
    const mock = await t.useMock({ webhooks: { timeoutMs: 3000 } });
    const release = t.receiver.hold();
    const assistant = await mock.assistant();
    await mock.webhook('demo-token', t.receiver.url, { events: ['call.started'] });
    const call = mock.call('demo-token', assistant.id);
    await expect.poll(() => t.receiver.requests.length).toBe(1);
    await mock.control.setClock({ freezeAt: 'now' });
    expect(await mock.control.outbox()).toEqual([expect.objectContaining({ status: 'pending', attempts: [] })]);
    release();
    expect((await call).deliveries).toEqual([expect.objectContaining({ status: 'delivered' })]);
  });

  it('makes every retry that fell due when the clock jumps ahead during an attempt', async () => {
    t.receiver.answer([], 500);
    const release = t.receiver.hold();
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.started'] });
    const call = t.mock.call('demo-token', assistant.id);
    await expect.poll(() => t.receiver.requests.length).toBe(1);
    await t.mock.control.setClock({ advanceMs: 60_000 });
    release();
    await call;
    // The jump is not time the receiver took: the four retries (1, 2, 4, 8 s on) all fell due in it.
    await expect.poll(async () => (await t.mock.control.outbox())[0]?.attempts.length).toBe(5);
    expect(await t.mock.control.outbox()).toEqual([expect.objectContaining({ status: 'failed', reason: 'gave up after 5 attempts' })]);
  });

  it('answers a call with its own deliveries only, also when its organization was reset while it ran', async () => {
    const release = t.receiver.hold();
    const first = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.started'] });
    const running = t.mock.call('demo-token', first.id);
    await expect.poll(() => t.receiver.requests.length).toBe(1);
    await t.mock.control.reset({ orgId: t.mock.orgId('demo-token') });
    const second = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.started'] });
    const again = t.mock.call('demo-token', second.id);
    await expect.poll(() => t.receiver.requests.length).toBe(2);
    release();
    // The reset dropped the first call's delivery; the delivery with its id now is the second call's.
    expect((await running).deliveries).toEqual([]);
    expect((await again).deliveries).toEqual([expect.objectContaining({ status: 'delivered' })]);
  });

  it('waits its backoff after an attempt that waited in its lane, and answers a call after its first attempts only', async () => {
    const mock = await t.useMock({ webhooks: { firstRetryMs: 200 } });
    // Each answer takes 150 ms, so the call's second and third events wait in the lane behind the first.
    const slow = createServer((_req, res) => void setTimeout(() => res.writeHead(500).end('busy'), 150));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const arrivals = new Map<string, number[]>();
    slow.on('request', (req) => {
      const id = String(req.headers['x-voice-delivery']);
      arrivals.set(id, [...(arrivals.get(id) ?? []), performance.now()]);
    });
    try {
      const assistant = await mock.assistant();
      await mock.webhook('demo-token', `http://127.0.0.1:${(slow.address() as AddressInfo).port}`);
      await mock.control.setClock({ resume: true });
      const call = await mock.call('demo-token', assistant.id);
      expect(call.deliveries.map(({ attempts }) => attempts.length)).toEqual([1, 1, 1]);

      await expect.poll(() => [...arrivals.values()].every((times) => times.length >= 3), { timeout: 10_000 }).toBe(true);
      for (const times of arrivals.values()) {
        // At least the backoff after the end of the attempt before (150 ms of answer, then 200 ms, then 400 ms).
        expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(340);
        expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(540);
      }
    } finally {
      await mock.stop();
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('keeps the deliveries and the call numbers of an organization whose reset failed', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.ended'] });
    const first = await t.mock.call('demo-token', assistant.id);
    // The default scenario provisions trunks, which the provider now refuses: the reset fails and changes nothing.
    await t.mock.control.addFault({ target: 'telephony' });
    const reset = await t.mock.app.request('/__mock/reset', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgId: t.mock.orgId('demo-token'), scenario: 'default' }),
    });
    expect(reset.status).toBe(502);
    expect(await t.mock.control.outbox()).toEqual(first.deliveries);
    const second = await t.mock.call('demo-token', assistant.id);
    expect(second.id).not.toBe(first.id);
    expect(await t.mock.control.outbox()).toHaveLength(2);
  });

  it('does not record an attempt abandoned by stop(), even when start() follows at once', async () => {
    const { call, release } = await callWithFirstAttemptHeld(['call.ended']);
    const stopped = t.mock.mockState.outbox.stop();
    t.mock.mockState.outbox.start();
    release();
    await Promise.all([call, stopped]);
    // The abandoned attempt is made again after the start, and only the receiver's answers are recorded.
    await expect.poll(async () => (await t.mock.control.outbox())[0]?.status).toBe('delivered');
    expect((await t.mock.control.outbox())[0]?.attempts.map(({ statusCode }) => statusCode)).toEqual([200]);
  });

  it.each([
    [
      'its tenant is removed',
      (mock: typeof t.mock) => mock.app.request(`/__mock/tenants/${mock.orgId('demo-token')}`, { method: 'DELETE' }),
    ],
    ['its organization is reset alone', (mock: typeof t.mock) => mock.control.reset({ orgId: mock.orgId('demo-token') })],
  ])('answers a call whose first attempt was under way when %s', async (_change, change) => {
    const { call, release } = await callWithFirstAttemptHeld();
    await change(t.mock);
    release();
    // Its deliveries went with the organization; the call still answers, with none.
    expect((await call).deliveries).toEqual([]);
    expect(t.receiver.requests).toHaveLength(1);
  });

  it('makes every first attempt of a call when the clock is moved back while the call runs', async () => {
    const { call, release } = await callWithFirstAttemptHeld();
    await t.mock.control.setClock({ freezeAt: '2026-02-02T09:00:00.000Z' });
    release();
    expect((await call).deliveries.map(({ status, attempts }) => [status, attempts.length])).toEqual([
      ['delivered', 1],
      ['delivered', 1],
      ['delivered', 1],
    ]);
  });

  it('keeps a webhook’s first attempts in the order of their calls when the clock is moved back between them', async () => {
    const { assistant, call: first, release } = await callWithFirstAttemptHeld();
    await t.mock.control.setClock({ freezeAt: '2026-02-02T09:00:00.000Z' });
    const second = t.mock.call('demo-token', assistant.id);
    release();
    const [one, two] = await Promise.all([first, second]);
    const sent = t.receiver.requests.map(({ raw }) => JSON.parse(raw) as { event: string; data: { callId: string } });
    expect(sent.map(({ event, data }) => `${data.callId === one.id ? 1 : data.callId === two.id ? 2 : '?'} ${event}`)).toEqual([
      '1 call.started',
      '1 call.ended',
      '1 call.analyzed',
      '2 call.started',
      '2 call.ended',
      '2 call.analyzed',
    ]);
  });

  it('stamps and schedules each call’s attempts on its own time when the clock is moved back between calls', async () => {
    t.receiver.answer([], 500);
    const { assistant, call: first, release } = await callWithFirstAttemptHeld(['call.started']);
    await t.mock.control.setClock({ freezeAt: '2026-02-02T09:00:00.000Z' });
    const second = t.mock.call('demo-token', assistant.id);
    release();
    await first;
    expect((await second).deliveries).toEqual([
      expect.objectContaining({
        attempts: [expect.objectContaining({ at: '2026-02-02T09:00:00.000Z' })],
        nextAttemptAt: '2026-02-02T09:00:01.000Z',
      }),
    ]);
  });

  it('frees a webhook’s lane at once when the delivery whose attempt is out is cleared', async () => {
    // The first request is never answered; the later ones are, at once.
    const mock = await t.useMock({ webhooks: { timeoutMs: 60_000 } });
    let seen = 0;
    const stuck = createServer((_req, res) => {
      seen += 1;
      if (seen > 1) res.writeHead(200).end('ok');
    });
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
    try {
      const assistant = await mock.assistant();
      await mock.webhook('demo-token', `http://127.0.0.1:${(stuck.address() as AddressInfo).port}`, { events: ['call.started'] });
      const first = mock.call('demo-token', assistant.id);
      await expect.poll(() => seen).toBe(1);
      await mock.control.clearOutbox();
      expect((await first).deliveries).toEqual([]);
      // Without the forgotten attempt given up, this call would wait out its 60 s limit behind it.
      expect((await mock.call('demo-token', assistant.id)).deliveries).toEqual([expect.objectContaining({ status: 'delivered' })]);
    } finally {
      stuck.closeAllConnections();
      await new Promise((resolve) => stuck.close(resolve));
    }
  });

  it('ends, on stop(), the runs it stopped, though start() comes before they settle', async () => {
    const slow = createServer((_req, res) => void setTimeout(() => res.writeHead(200).end('ok'), 300));
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    let seen = 0;
    slow.on('request', () => (seen += 1));
    try {
      const assistant = await t.mock.assistant();
      await t.mock.webhook('demo-token', `http://127.0.0.1:${(slow.address() as AddressInfo).port}`);
      const call = t.mock.call('demo-token', assistant.id);
      await expect.poll(() => seen).toBe(1);
      const stopped = t.mock.mockState.outbox.stop();
      t.mock.mockState.outbox.start();
      await stopped;
      // The stopped run gave up its attempt and ended; only the new run's first attempt may have gone out meanwhile.
      expect(seen).toBeLessThanOrEqual(2);
      await call;
    } finally {
      await t.mock.stop();
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('waits in runDue() for a due retry another run has under way, until it is recorded', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.ended'] });
    t.receiver.answer([500]);
    await t.mock.call('demo-token', assistant.id);
    const release = t.receiver.hold();
    t.mock.mockState.clock.advance(1000);
    // The first run (the timer's, say) starts the retry, which the receiver holds; a run after it must wait for that answer.
    const first = t.mock.mockState.outbox.runDue();
    await expect.poll(() => t.receiver.requests.length).toBe(2);
    const second = t.mock.mockState.outbox.runDue();
    let secondDone = false;
    void second.then(() => (secondDone = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(secondDone).toBe(false);
    release();
    await second;
    expect(t.mock.mockState.outbox.list()[0]).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 500 }, { statusCode: 200 }] });
    await first;
  });

  it.each([
    ['timeoutMs', -1],
    ['maxAttempts', 0],
    ['firstRetryMs', 1.5],
    ['limit', 0],
    ['timeoutMs', 2 ** 31],
  ] as const)('refuses webhooks.%s of %s when the mockState is made', (name, value) => {
    expect(() => createMockState({ webhooks: { [name]: value } })).toThrow(new RegExp(`^webhooks\\.${name} must be a whole number from`));
  });

  it('gives organizations different call ids, also where a 32-bit hash of their ids is the same', () => {
    // FNV-1a (32 bits) maps both of these ids to 2716765835.
    const draw = (orgId: string) => callFaker(1, orgId, 1, 'call').string.uuid();
    expect(draw('org-562789')).not.toBe(draw('org-779192'));
    expect(draw('org-562789')).toBe(draw('org-562789'));
  });

  it('puts the deliveries of an organization reset alone after the older ones of others, though their ids come again', async () => {
    const callOnce = async (token: string) => {
      const assistant = await t.mock.assistant(token);
      await t.mock.webhook(token, t.receiver.url, { events: ['call.ended'] });
      return t.mock.call(token, assistant.id);
    };
    const before = await callOnce('demo-token');
    await callOnce('demo-token-2');
    await t.mock.control.reset({ orgId: t.mock.orgId('demo-token') });
    const again = await callOnce('demo-token');

    // The same seed, organization and call number: the same call, as on a fresh start.
    expect(again.id).toBe(before.id);
    const order = (await t.mock.control.outbox()).map(({ orgId }) => orgId);
    expect(order).toEqual([t.mock.orgId('demo-token-2'), t.mock.orgId('demo-token')]);
  });

  it('refuses a sip: URI longer than 256 characters as a caller', async () => {
    const assistant = await t.mock.assistant();
    const res = await t.mock.app.request('/__mock/calls', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgId: t.mock.orgId('demo-token'), assistantId: assistant.id, from: `sip:${'a'.repeat(250)}@example.com` }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ status: 400, errors: [expect.objectContaining({ pointer: '/from' })] });
  });
});
