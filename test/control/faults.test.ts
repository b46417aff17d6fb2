/** Faults: forced status, latency, a seeded fraction, expiry after N, one organization, and a failing telephony provider. */
import { describe, expect, it } from 'vitest';
import { controlledMock, trunkBody } from './helpers.js';

describe('http faults', () => {
  it('forces a status on a route, in the one problem shape, until cleared', async () => {
    const { control, api } = controlledMock();
    const fault = await control.addFault({ method: 'GET', path: '/api/v1/schemas', status: 503 });
    const reply = await api('demo-token', 'GET', '/schemas');
    expect(reply.status).toBe(503);
    expect(reply.body).toMatchObject({ status: 503, title: 'Injected Fault', detail: expect.stringContaining(fault.id) });
    expect((await api('demo-token', 'GET', '/tools')).status).toBe(200);
    await control.removeFault(fault.id);
    expect((await api('demo-token', 'GET', '/schemas')).status).toBe(200);
  });

  it('expires after the given number of requests', async () => {
    const { control, api } = controlledMock();
    await control.addFault({ path: '/api/v1/tools/**', status: 500, times: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await api('demo-token', 'GET', '/tools')).status);
    expect(statuses).toEqual([500, 500, 200, 200]);
    expect(await control.faults()).toEqual([]);
  });

  it('refuses an http fault that would change nothing, or has two delays', async () => {
    const { control } = controlledMock();
    for (const body of [{}, { path: '/api/v1/tools', times: 3 }, { latencyMs: 0 }, { latency: { minMs: 0, maxMs: 0 } }]) {
      await expect(control.addFault(body), JSON.stringify(body)).rejects.toMatchObject({
        status: 400,
        problem: { errors: [{ pointer: '/status', message: expect.stringContaining('needs status, or a delay above 0') }] },
      });
    }
    await expect(control.addFault({ latencyMs: 5, latency: { minMs: 1, maxMs: 2 } })).rejects.toMatchObject({ status: 400 });
    expect(await control.faults()).toEqual([]);
    // A telephony fault needs neither: it makes the provider fail.
    expect((await control.addFault({ target: 'telephony' })).target).toBe('telephony');
    expect((await control.addFault({ target: 'telephony', method: 'Provision' })).method).toBe('Provision');
  });

  it('refuses telephony faults that could never apply as written', async () => {
    const { control } = controlledMock();
    for (const [spec, pointer] of [
      [{ target: 'telephony', method: 'GET' }, '/method'],
      [{ target: 'telephony', method: 'provision', status: 503 }, '/status'],
      // The provider fails at once, and is asked about /telephony/<trunk id>, never an API path.
      [{ target: 'telephony', latencyMs: 100 }, '/latencyMs'],
      [{ target: 'telephony', latency: { minMs: 0, maxMs: 10 } }, '/latencyMs'],
      [{ target: 'telephony', path: '/api/v1/sip-trunks/**' }, '/path'],
      // Nor does any fault apply to a control request.
      [{ path: '/__mock/**', status: 500 }, '/path'],
      [{ path: '/__mock', status: 500 }, '/path'],
    ] as const) {
      await expect(control.addFault(spec)).rejects.toMatchObject({ status: 400, problem: { errors: [{ pointer }] } });
    }
    expect(await control.faults()).toEqual([]);
    // Patterns that can reach the provider's paths stay valid.
    for (const path of ['/telephony/*', '/**', '/:anything/**'])
      expect((await control.addFault({ target: 'telephony', path })).path).toBe(path);
  });

  it('targets one organization only', async () => {
    const { control, api, orgId } = controlledMock();
    await control.addFault({ orgId: orgId('demo-token-2'), status: 429 });
    expect((await api('demo-token', 'GET', '/tools')).status).toBe(200);
    expect((await api('demo-token-2', 'GET', '/tools')).status).toBe(429);
  });

  it('adds latency, fixed or from a range, and then answers normally', async () => {
    const { control, api } = controlledMock();
    await control.addFault({ path: '/api/v1/webhooks', latencyMs: 120, times: 1 });
    const started = performance.now();
    expect((await api('demo-token', 'GET', '/webhooks')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    await expect(control.addFault({ latency: { minMs: 50, maxMs: 10 } })).rejects.toMatchObject({ status: 400 });
  });

  it('fails a seeded fraction of requests: the same seed fails the same ones', async () => {
    const run = async () => {
      const { control, api } = controlledMock({ seed: 5 });
      await control.addFault({ path: '/api/v1/schemas', status: 500, probability: 0.3 });
      const statuses = [];
      for (let i = 0; i < 40; i++) statuses.push((await api('demo-token', 'GET', '/schemas')).status);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    const failed = first.filter((status) => status === 500).length;
    // About 30 % of 40 (a fault that failed the other 70 % instead would fail some 28).
    expect(failed).toBeGreaterThan(4);
    expect(failed).toBeLessThan(20);
  });

  it('starts the fractions again from the seed on a reset, the new seed if one is given', async () => {
    const { control, api } = controlledMock({ seed: 5 });
    const failures = async () => {
      await control.addFault({ path: '/api/v1/schemas', status: 500, probability: 0.5 });
      const statuses = [];
      for (let i = 0; i < 24; i++) statuses.push((await api('demo-token', 'GET', '/schemas')).status);
      return statuses;
    };
    const first = await failures();
    await control.reset();
    expect(await failures()).toEqual(first);
    await control.reset({ seed: 6 });
    const six = await failures();
    const fresh = controlledMock({ seed: 6 });
    await fresh.control.addFault({ path: '/api/v1/schemas', status: 500, probability: 0.5 });
    const expected = [];
    for (let i = 0; i < 24; i++) expected.push((await fresh.api('demo-token', 'GET', '/schemas')).status);
    expect(six).toEqual(expected);
    expect(six).not.toEqual(first);
  });

  it('takes only error statuses, which can carry the problem shape', async () => {
    const { control } = controlledMock();
    for (const status of [101, 204, 304]) await expect(control.addFault({ status })).rejects.toMatchObject({ status: 400 });
  });

  it('refuses a fault it cannot apply, with the problem located', async () => {
    const { control } = controlledMock();
    await expect(control.addFault({ status: 42, probability: 2 })).rejects.toMatchObject({
      status: 400,
      problem: { errors: [{ pointer: '/status' }, { pointer: '/probability' }] },
    });
  });
});

describe('telephony provider faults', () => {
  it('fails a trunk delete as a whole: the trunk and its configuration stay, and the error says why', async () => {
    const { control, api, mockState } = controlledMock();
    const trunk = (await api('demo-token', 'POST', '/sip-trunks', trunkBody)).body;
    await control.addFault({ target: 'telephony', method: 'deprovision', times: 1 });
    const refused = await api('demo-token', 'DELETE', `/sip-trunks/${trunk.id}`);
    expect(refused.status).toBe(502);
    expect(refused.body).toMatchObject({ title: 'Telephony Provider Error', detail: expect.stringContaining('nothing was changed') });
    expect((await api('demo-token', 'GET', `/sip-trunks/${trunk.id}`)).status).toBe(200);
    expect(mockState.telephony.configuration(trunk.id)).toBeDefined();
    expect(await control.telephonyOf(trunk.id)).toMatchObject({ trunkId: trunk.id, revision: 1 });
    expect((await api('demo-token', 'DELETE', `/sip-trunks/${trunk.id}`)).status).toBe(200);
    await expect(control.telephonyOf(trunk.id)).rejects.toMatchObject({ status: 404 });
  });

  it('applies to one trunk when its path names /telephony/<trunk id>', async () => {
    const { control, api } = controlledMock({ scenario: 'empty' });
    const [first, second] = [
      (await api('demo-token', 'POST', '/sip-trunks', trunkBody)).body,
      (await api('demo-token', 'POST', '/sip-trunks', { ...trunkBody, phoneNumbers: [] })).body,
    ];
    await control.addFault({ target: 'telephony', path: `/telephony/${second.id}` });
    expect((await api('demo-token', 'PATCH', `/sip-trunks/${first.id}`, { port: 5070 })).status).toBe(200);
    expect((await api('demo-token', 'PATCH', `/sip-trunks/${second.id}`, { port: 5070 })).status).toBe(502);
  });

  it('fails a create and an update without storing anything', async () => {
    const { control, api } = controlledMock({ scenario: 'empty' });
    await control.addFault({ target: 'telephony', method: 'provision', times: 1 });
    expect((await api('demo-token', 'POST', '/sip-trunks', trunkBody)).status).toBe(502);
    expect((await api('demo-token', 'GET', '/sip-trunks')).body).toEqual([]);
    const trunk = (await api('demo-token', 'POST', '/sip-trunks', trunkBody)).body;
    await control.addFault({ target: 'telephony', times: 1 });
    expect((await api('demo-token', 'PATCH', `/sip-trunks/${trunk.id}`, { port: 5070 })).status).toBe(502);
    expect((await api('demo-token', 'GET', `/sip-trunks/${trunk.id}`)).body.port).toBe(5060);
    expect(await control.telephony()).toMatchObject([{ trunkId: trunk.id, port: 5060, revision: 1 }]);
  });
});
