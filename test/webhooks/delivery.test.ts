/** A simulated call reaches a real local receiver: its three events, in order, signed, with typed structured output. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eachTestWithReceiver, FROZEN_AT, properties } from './setup.js';

const t = eachTestWithReceiver();

const json = (raw: string) => JSON.parse(raw);

describe('simulated calls', () => {
  it('answers 201 with the call, its three events and the deliveries they created', async () => {
    const assistant = await t.mock.assistant();
    const hook = await t.mock.webhook('demo-token', `${t.receiver.url}/hooks`);
    const res = await t.mock.app.request('/__mock/calls', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgId: t.mock.orgId('demo-token'), assistantId: assistant.id, durationSeconds: 90, from: '+14155550100' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const call = (await res.json()) as any;
    expect(call).toMatchObject({ assistantId: assistant.id, from: '+14155550100', durationSeconds: 90, endedAt: FROZEN_AT });
    expect(call.startedAt).toBe(new Date(Date.parse(FROZEN_AT) - 90_000).toISOString());
    expect(call.events.map((e: { event: string }) => e.event)).toEqual(['call.started', 'call.ended', 'call.analyzed']);
    expect(call.deliveries).toHaveLength(3);
    for (const delivery of call.deliveries) {
      expect(delivery).toMatchObject({
        callId: call.id,
        webhookId: hook.id,
        url: `${t.receiver.url}/hooks`,
        status: 'delivered',
        nextAttemptAt: null,
      });
      expect(delivery.attempts).toEqual([{ at: FROZEN_AT, statusCode: 200, error: null, response: 'ok' }]);
    }
  });

  it('delivers started, ended and analyzed in that order as signed JSON posts', async () => {
    const assistant = await t.mock.assistant();
    const hook = await t.mock.webhook('demo-token', `${t.receiver.url}/hooks`);
    const call = await t.mock.call('demo-token', assistant.id);

    expect(t.receiver.requests.map((r) => [r.method, r.path])).toEqual(Array(3).fill(['POST', '/hooks']));
    expect(t.receiver.requests.map((r) => json(r.raw).event)).toEqual(['call.started', 'call.ended', 'call.analyzed']);
    t.receiver.requests.forEach((request, index) => {
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-voice-event']).toBe(call.events[index]?.event);
      expect(request.headers['x-voice-delivery']).toBe(call.deliveries[index]?.id);
      // Verified independently of the mock's code, from the secret the create response showed.
      const timestamp = String(request.headers['x-voice-timestamp']);
      expect(timestamp).toBe(String(Date.parse(FROZEN_AT) / 1000));
      const expected = createHmac('sha256', hook.secret).update(`${timestamp}.${request.raw}`).digest('hex');
      expect(request.headers['x-voice-signature']).toBe(`v1=${expected}`);
      expect(json(request.raw)).toEqual(call.events[index]);
    });
  });

  it('sends bodies of {id, event, createdAt, data} that describe the call', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url);
    const call = await t.mock.call('demo-token', assistant.id, { durationSeconds: 42, to: '+14155550199' });
    const [started, ended, analyzed] = t.receiver.requests.map((r) => json(r.raw));
    expect(Object.keys(started).sort()).toEqual(['createdAt', 'data', 'event', 'id']);
    expect(started.createdAt).toBe(call.startedAt);
    expect(started.data).toEqual({
      callId: call.id,
      orgId: t.mock.orgId('demo-token'),
      assistantId: assistant.id,
      from: call.from,
      to: '+14155550199',
      startedAt: call.startedAt,
    });
    expect(ended).toMatchObject({
      createdAt: FROZEN_AT,
      data: { callId: call.id, endedAt: FROZEN_AT, durationSeconds: 42, endedReason: 'customer-ended-call' },
    });
    expect(analyzed.data.analysis.schemaId).toBe(assistant.schemaId);
    expect(new Set([started.id, ended.id, analyzed.id]).size).toBe(3);
  });

  it('types the structured output after the schema’s properties, one value each', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.analyzed'] });
    await t.mock.call('demo-token', assistant.id);
    const [analyzed] = t.receiver.requests.map((r) => json(r.raw));
    const output = analyzed.data.analysis.structuredOutput;
    expect(Object.keys(output).sort()).toEqual(Object.keys(properties).sort());
    expect(typeof output.customerName).toBe('string');
    expect(Number.isInteger(output.partySize)).toBe(true);
    expect(typeof output.quotedPrice).toBe('number');
    expect(typeof output.isUrgent).toBe('boolean');
  });

  it('analyzes a call of an assistant without a schema into an empty object', async () => {
    const assistant = await t.mock.assistant('demo-token', null);
    await t.mock.webhook('demo-token', t.receiver.url, { events: ['call.analyzed'] });
    await t.mock.call('demo-token', assistant.id);
    expect(json(t.receiver.requests[0]?.raw ?? '{}').data.analysis).toEqual({ schemaId: null, structuredOutput: {} });
  });

  it('answers 404 problems for an unknown organization or an assistant of another organization', async () => {
    const foreign = await t.mock.assistant('demo-token-2');
    const send = (body: unknown) =>
      t.mock.app.request('/__mock/calls', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const body of [
      { orgId: 'no-such-org', assistantId: foreign.id },
      { orgId: t.mock.orgId('demo-token'), assistantId: foreign.id },
    ]) {
      const res = await send(body);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toMatchObject({ status: 404, title: 'Not Found Error' });
    }
    expect(t.receiver.requests).toEqual([]);
  });

  it('refuses a call longer than the assistant allows, naming durationSeconds', async () => {
    const assistant = await t.mock.assistant();
    const call = (durationSeconds: number) =>
      t.mock.app.request('/__mock/calls', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orgId: t.mock.orgId('demo-token'), assistantId: assistant.id, durationSeconds }),
      });
    // As long as the assistant allows is fine.
    expect((await call(assistant.maxDurationSeconds)).status).toBe(201);
    const res = await call(assistant.maxDurationSeconds + 1);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(((await res.json()) as any).errors).toEqual([
      { pointer: '/durationSeconds', message: `At most ${assistant.maxDurationSeconds} for this assistant.` },
    ]);
  });

  it('refuses a call that would start before year 0000 at the clock, and takes one that fits', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.control.setClock({ freezeAt: '0000-01-01T00:00:30.000Z' });
    await expect(t.mock.call('demo-token', assistant.id, { durationSeconds: 60 })).rejects.toMatchObject({ status: 409 });
    // Without a duration, judged by the longest it could draw (300 s here).
    await expect(t.mock.call('demo-token', assistant.id)).rejects.toMatchObject({ status: 409 });
    await t.mock.control.setClock({ freezeAt: '0000-01-01T00:05:00.000Z' });
    expect(await t.mock.call('demo-token', assistant.id, { durationSeconds: 60 })).toMatchObject({
      startedAt: '0000-01-01T00:04:00.000Z',
      endedAt: '0000-01-01T00:05:00.000Z',
    });
    expect((await t.mock.call('demo-token', assistant.id)).startedAt).toMatch(/^0000-01-01T/);
  });

  it('refuses a malformed call request with every problem listed', async () => {
    const res = await t.mock.app.request('/__mock/calls', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgId: t.mock.orgId('demo-token'), durationSeconds: 0, from: 'nobody', extra: 1 }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const pointers = ((await res.json()) as any).errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/assistantId', '/durationSeconds', '/from']));
  });
});
