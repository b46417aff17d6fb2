/** Who gets an event: enabled, subscribed webhooks of the call's organization that cover its assistant, and nobody else. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

/** The paths the receiver was called on, with the event each carried. */
const arrivals = () => receiver.requests.map((r) => `${r.path} ${JSON.parse(r.raw).event}`);

describe('webhook routing', () => {
  it('sends nothing to a disabled webhook', async () => {
    const assistant = await mock.assistant();
    await mock.webhook('demo-token', `${receiver.url}/off`, { enabled: false });
    await mock.webhook('demo-token', `${receiver.url}/on`, { events: ['call.ended'] });
    const call = await mock.call('demo-token', assistant.id);
    expect(arrivals()).toEqual(['/on call.ended']);
    expect(call.deliveries.map((d) => d.url)).toEqual([`${receiver.url}/on`]);
  });

  it('sends a webhook only the events it subscribes to', async () => {
    const assistant = await mock.assistant();
    await mock.webhook('demo-token', `${receiver.url}/a`, { events: ['call.analyzed', 'call.started'] });
    await mock.call('demo-token', assistant.id);
    expect(arrivals()).toEqual(['/a call.started', '/a call.analyzed']);
  });

  it('sends a webhook scoped to another assistant nothing, and one scoped to this assistant everything', async () => {
    const assistant = await mock.assistant();
    const other = await mock.assistant();
    await mock.webhook('demo-token', `${receiver.url}/other`, { assistantId: other.id });
    await mock.webhook('demo-token', `${receiver.url}/mine`, { assistantId: assistant.id, events: ['call.ended'] });
    await mock.webhook('demo-token', `${receiver.url}/all`, { assistantId: null, events: ['call.ended'] });
    await mock.call('demo-token', assistant.id);
    expect(arrivals().sort()).toEqual(['/all call.ended', '/mine call.ended']);
  });

  it('never delivers an event of one organization to another’s webhook, even on the same URL', async () => {
    const mine = await mock.assistant('demo-token');
    await mock.assistant('demo-token-2');
    const hookA = await mock.webhook('demo-token', `${receiver.url}/shared`);
    const hookB = await mock.webhook('demo-token-2', `${receiver.url}/shared`);
    const call = await mock.call('demo-token', mine.id);

    expect(receiver.requests).toHaveLength(3);
    for (const request of receiver.requests) {
      expect(JSON.parse(request.raw).data.orgId).toBe(mock.orgId('demo-token'));
    }
    expect(call.deliveries.every((d) => d.webhookId === hookA.id)).toBe(true);
    expect(await mock.control.outbox({ webhookId: hookB.id })).toEqual([]);
    expect(await mock.control.outbox({ orgId: mock.orgId('demo-token-2') })).toEqual([]);
  });

  it('delivers each event once to each of several matching webhooks, each in order', async () => {
    const assistant = await mock.assistant();
    await mock.webhook('demo-token', `${receiver.url}/one`);
    await mock.webhook('demo-token', `${receiver.url}/two`);
    await mock.call('demo-token', assistant.id);
    const byPath = (path: string) => arrivals().filter((line) => line.startsWith(`${path} `));
    const events = ['call.started', 'call.ended', 'call.analyzed'];
    expect(byPath('/one')).toEqual(events.map((e) => `/one ${e}`));
    expect(byPath('/two')).toEqual(events.map((e) => `/two ${e}`));
  });

  it('sends nothing to hosts off this machine, and says so in the outbox', async () => {
    const assistant = await mock.assistant();
    const hook = await mock.webhook('demo-token', 'https://hooks.example.com/voice', { events: ['call.ended'] });
    const { deliveries } = await mock.call('demo-token', assistant.id);
    expect(deliveries).toEqual([expect.objectContaining({ webhookId: hook.id, status: 'failed', attempts: [], nextAttemptAt: null })]);
    expect(deliveries[0]?.reason).toMatch(/^not sent: hooks\.example\.com is not on this machine/);
  });
});
