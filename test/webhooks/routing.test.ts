/** Who gets an event: enabled, subscribed webhooks of the call's organization that cover its assistant, and nobody else. */
import { describe, expect, it } from 'vitest';
import { eachTestWithReceiver } from './setup.js';

const t = eachTestWithReceiver();

/** The paths the receiver was called on, with the event each carried. */
const arrivals = () => t.receiver.requests.map((r) => `${r.path} ${JSON.parse(r.raw).event}`);

describe('webhook routing', () => {
  it('sends nothing to a disabled webhook', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', `${t.receiver.url}/off`, { enabled: false });
    await t.mock.webhook('demo-token', `${t.receiver.url}/on`, { events: ['call.ended'] });
    const call = await t.mock.call('demo-token', assistant.id);
    expect(arrivals()).toEqual(['/on call.ended']);
    expect(call.deliveries.map((d) => d.url)).toEqual([`${t.receiver.url}/on`]);
  });

  it('sends a webhook only the events it subscribes to', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', `${t.receiver.url}/a`, { events: ['call.analyzed', 'call.started'] });
    await t.mock.call('demo-token', assistant.id);
    expect(arrivals()).toEqual(['/a call.started', '/a call.analyzed']);
  });

  it('sends a webhook scoped to another assistant nothing, and one scoped to this assistant everything', async () => {
    const assistant = await t.mock.assistant();
    const other = await t.mock.assistant();
    await t.mock.webhook('demo-token', `${t.receiver.url}/other`, { assistantId: other.id });
    await t.mock.webhook('demo-token', `${t.receiver.url}/mine`, { assistantId: assistant.id, events: ['call.ended'] });
    await t.mock.webhook('demo-token', `${t.receiver.url}/all`, { assistantId: null, events: ['call.ended'] });
    await t.mock.call('demo-token', assistant.id);
    expect(arrivals().sort()).toEqual(['/all call.ended', '/mine call.ended']);
  });

  it('never delivers an event of one organization to another’s webhook, even on the same URL', async () => {
    const mine = await t.mock.assistant('demo-token');
    await t.mock.assistant('demo-token-2');
    const hookA = await t.mock.webhook('demo-token', `${t.receiver.url}/shared`);
    const hookB = await t.mock.webhook('demo-token-2', `${t.receiver.url}/shared`);
    const call = await t.mock.call('demo-token', mine.id);

    expect(t.receiver.requests).toHaveLength(3);
    for (const request of t.receiver.requests) {
      expect(JSON.parse(request.raw).data.orgId).toBe(t.mock.orgId('demo-token'));
    }
    expect(call.deliveries.every((d) => d.webhookId === hookA.id)).toBe(true);
    expect(await t.mock.control.outbox({ webhookId: hookB.id })).toEqual([]);
    expect(await t.mock.control.outbox({ orgId: t.mock.orgId('demo-token-2') })).toEqual([]);
  });

  it('delivers each event once to each of several matching webhooks, each in order', async () => {
    const assistant = await t.mock.assistant();
    await t.mock.webhook('demo-token', `${t.receiver.url}/one`);
    await t.mock.webhook('demo-token', `${t.receiver.url}/two`);
    await t.mock.call('demo-token', assistant.id);
    const byPath = (path: string) => arrivals().filter((line) => line.startsWith(`${path} `));
    const events = ['call.started', 'call.ended', 'call.analyzed'];
    expect(byPath('/one')).toEqual(events.map((e) => `/one ${e}`));
    expect(byPath('/two')).toEqual(events.map((e) => `/two ${e}`));
  });

  it('sends nothing to hosts off this machine, and says so in the outbox', async () => {
    const assistant = await t.mock.assistant();
    const hook = await t.mock.webhook('demo-token', 'https://hooks.example.com/voice', { events: ['call.ended'] });
    const { deliveries } = await t.mock.call('demo-token', assistant.id);
    expect(deliveries).toEqual([expect.objectContaining({ webhookId: hook.id, status: 'failed', attempts: [], nextAttemptAt: null })]);
    expect(deliveries[0]?.reason).toMatch(/^not sent: hooks\.example\.com is not on this machine/);
  });
});
