/** The clock stamps records reproducibly; the control API is guarded by its own token, never by an API token. */
import { describe, expect, it, vi } from 'vitest';
import { createControlClient } from '../../src/client/control-client.js';
import { createApp } from '../../src/http/app.js';
import { Clock } from '../../src/state/clock.js';
import { controlledMock, trunkBody } from './helpers.js';

describe('clock', () => {
  it('freezes the time stamped on createdAt and moves updatedAt by what it is advanced', async () => {
    const { control, api } = controlledMock();
    expect(await control.setClock({ freezeAt: '2030-05-01T12:00:00.000Z' })).toEqual({ now: '2030-05-01T12:00:00.000Z', frozen: true });
    const trunk = (await api('demo-token', 'POST', '/sip-trunks', trunkBody)).body;
    expect(trunk).toMatchObject({ createdAt: '2030-05-01T12:00:00.000Z', updatedAt: '2030-05-01T12:00:00.000Z' });
    await control.setClock({ advanceMs: 90_000 });
    const changed = (await api('demo-token', 'PATCH', `/sip-trunks/${trunk.id}`, { port: 5070 })).body;
    expect(changed).toMatchObject({ createdAt: '2030-05-01T12:00:00.000Z', updatedAt: '2030-05-01T12:01:30.000Z' });
  });

  it('takes a freezeAt with an offset, as the date-time format of its document allows, and answers it in UTC', async () => {
    const { control } = controlledMock();
    expect(await control.setClock({ freezeAt: '2030-05-01T14:00:00+02:00' })).toEqual({ now: '2030-05-01T12:00:00.000Z', frozen: true });
  });

  it('resumes from where it stood and goes back to real time on reset', async () => {
    const { control } = controlledMock();
    await control.setClock({ freezeAt: '2040-01-01T00:00:00.000Z' });
    const resumed = await control.setClock({ resume: true });
    expect(resumed.frozen).toBe(false);
    expect(Date.parse(resumed.now)).toBeGreaterThanOrEqual(Date.parse('2040-01-01T00:00:00.000Z'));
    await control.reset();
    const real = await control.clock();
    expect(Math.abs(Date.parse(real.now) - Date.now())).toBeLessThan(60_000);
  });

  it('refuses to go past year 9999, changing nothing, and what it stamps up to there still loads as a snapshot', async () => {
    const { control, api } = controlledMock();
    await control.setClock({ freezeAt: '9999-12-31T23:59:59.000Z' });
    const refused = await control.setClock({ advanceMs: 1000 }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, problem: { detail: expect.stringContaining('9999-12-31T23:59:59.999Z') } });
    expect(await control.clock()).toEqual({ now: '9999-12-31T23:59:59.000Z', frozen: true });
    expect(await control.setClock({ advanceMs: 999 })).toEqual({ now: '9999-12-31T23:59:59.999Z', frozen: true });
    const late = await api('demo-token', 'POST', '/schemas', { name: 'Late', properties: {} });
    expect(late.status).toBe(201);
    expect(late.body.createdAt).toBe('9999-12-31T23:59:59.999Z');
    await expect(control.importState(await control.exportState())).resolves.toBeDefined();
  });

  it('refuses the same in process, through the clock itself, and stands where it was', () => {
    const { mockState } = controlledMock();
    mockState.clock.freeze(new Date('2030-01-01T00:00:00.000Z'));
    expect(() => mockState.clock.advance(8.64e15)).toThrow(RangeError);
    expect(() => mockState.clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => mockState.clock.freeze(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => mockState.clock.freeze(new Date('-000001-12-31T00:00:00.000Z'))).toThrow(RangeError);
    expect(() => mockState.clock.freeze(new Date('+010000-01-01T00:00:00.000Z'))).toThrow(RangeError);
    expect(mockState.clock.state()).toEqual({ now: '2030-01-01T00:00:00.000Z', frozen: true });
    mockState.clock.resume();
    expect(() => mockState.clock.advance(8.64e15)).toThrow(RangeError);
    expect(Math.abs(mockState.clock.now().getTime() - Date.parse('2030-01-01T00:00:00.000Z'))).toBeLessThan(60_000);
  });
});

describe('clock at the end of its span', () => {
  it('stops a running clock at the last instant of year 9999 instead of running past it', () => {
    vi.useFakeTimers();
    try {
      const clock = new Clock();
      clock.change({ freezeAt: new Date('9999-12-31T23:59:59.000Z'), resume: true });
      vi.setSystemTime(Date.now() + 60_000);
      expect(clock.state()).toEqual({ now: '9999-12-31T23:59:59.999Z', frozen: false });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('control access', () => {
  it('needs the control token when one is set, and never takes an API token instead', async () => {
    const { app } = controlledMock({ controlToken: 'ctl-secret' });
    const asApi = await app.request('/__mock/tenants', { headers: { authorization: 'Bearer demo-token' } });
    expect(asApi.status).toBe(401);
    expect(asApi.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await asApi.json()).toMatchObject({ title: 'Unauthorized', detail: expect.stringContaining('x-control-token') });
    const wrong = await app.request('/__mock/tenants', { headers: { 'x-control-token': 'demo-token' } });
    expect(wrong.status).toBe(401);
    const right = await app.request('/__mock/tenants', { headers: { 'x-control-token': 'ctl-secret' } });
    expect(right.status).toBe(200);
  });

  it('refuses an empty control token, which would let an empty header in', () => {
    expect(() => createApp({ controlToken: '' })).toThrow('controlToken must not be empty');
    expect(() => createApp({ controlToken: ' ' })).toThrow('controlToken must not be empty');
  });

  it('the typed client sends the control token it is given', async () => {
    const { app } = controlledMock({ controlToken: 'ctl-secret' });
    const fetch = async (input: string, init?: RequestInit) => app.request(input, init);
    await expect(createControlClient({ fetch }).listTenants()).rejects.toMatchObject({ status: 401 });
    expect(await createControlClient({ fetch, controlToken: 'ctl-secret' }).listTenants()).toHaveLength(2);
  });

  it('refuses web pages of other origins without a control token, even a bodiless reset', async () => {
    const { app, api } = controlledMock();
    const before = (await api('demo-token', 'GET', '/tools')).body;
    await api('demo-token', 'DELETE', `/tools/${before[0].id}`);
    const reset = await app.request('http://127.0.0.1:4010/__mock/reset', {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(reset.status).toBe(403);
    expect(await reset.json()).toMatchObject({ title: 'Forbidden Error', detail: expect.stringContaining('--control-origin') });
    expect((await api('demo-token', 'GET', '/tools')).body).toHaveLength(before.length - 1);
    const samePage = await app.request('http://127.0.0.1:4010/__mock/tenants', { headers: { origin: 'http://127.0.0.1:4010' } });
    expect(samePage.status).toBe(200);
  });

  it('refuses requests addressed to another name without a control token, as a DNS-rebinding page sends them', async () => {
    const { app, control } = controlledMock();
    const before = await control.exportState();
    // Same origin as far as the browser knows: a GET carries no Origin, a POST names the rebound page itself.
    const read = await app.request('http://rebind.attacker.test:4010/__mock/state');
    expect(read.status).toBe(403);
    expect(await read.json()).toMatchObject({ detail: expect.stringContaining('addressed to rebind.attacker.test') });
    const reset = await app.request('http://rebind.attacker.test:4010/__mock/reset', {
      method: 'POST',
      headers: { origin: 'http://rebind.attacker.test:4010' },
    });
    expect(reset.status).toBe(403);
    expect((await control.exportState()).organizations).toEqual(before.organizations);
    for (const local of ['http://localhost:4010', 'http://app.localhost:4010', 'http://[::1]:4010', 'http://10.0.0.5:4010']) {
      expect((await app.request(`${local}/__mock/tenants`)).status).toBe(200);
    }
    const guarded = controlledMock({ controlToken: 'ctl-secret' });
    const byName = await guarded.app.request('http://mock:4010/__mock/tenants', { headers: { 'x-control-token': 'ctl-secret' } });
    expect(byName.status).toBe(200);
  });

  it('takes any origin inside a web page, where no other page can reach it', async () => {
    const app = createApp({ inPage: true });
    const res = await app.request('http://api.example.test/__mock/tenants', { headers: { origin: 'http://localhost:5173' } });
    expect(res.status).toBe(200);
  });

  it('refuses pages of other origins whatever token they carry, unless --control-origin allows them', async () => {
    const { app } = controlledMock({ controlToken: 'ctl-secret' });
    for (const path of ['/__mock/state', '/__mock/tenants', '/__mock/journal']) {
      const res = await app.request(`http://127.0.0.1:4010${path}`, {
        headers: { origin: 'https://elsewhere.example', 'x-control-token': 'ctl-secret' },
      });
      expect(res.status).toBe(403);
      // Readable by the page (its own origin, never *), and holding nothing of the mock's.
      expect(res.headers.get('access-control-allow-origin')).toBe('https://elsewhere.example');
      const text = await res.text();
      expect(text).toContain('--control-origin https://elsewhere.example');
      expect(text).not.toMatch(/demo-token|whsec_|organizations/);
    }
    const reset = await app.request('http://127.0.0.1:4010/__mock/reset', {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example', 'x-control-token': 'ctl-secret' },
    });
    expect(reset.status).toBe(403);
    // Behind a proxy that keeps Host (the frontend guide's Vite config): the dev server's own page is taken.
    const ownPage = await app.request('http://localhost:5173/__mock/tenants', {
      headers: { origin: 'http://localhost:5173', 'x-control-token': 'ctl-secret' },
    });
    expect(ownPage.status).toBe(200);
    expect(ownPage.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    // A page of the mock's own origin still needs the token.
    const noToken = await app.request('http://127.0.0.1:4010/__mock/tenants', { headers: { origin: 'http://127.0.0.1:4010' } });
    expect(noToken.status).toBe(401);
    // A rebound name is no own origin of a page, token or not.
    const rebound = await app.request('http://rebind.attacker.test:4010/__mock/state', {
      headers: { origin: 'http://rebind.attacker.test:4010', 'x-control-token': 'ctl-secret' },
    });
    expect(rebound.status).toBe(403);

    const allowed = createApp({ controlToken: 'ctl-secret', controlOrigins: ['https://app.example/', 'http://localhost:3000'] });
    const res = await allowed.request('http://127.0.0.1:4010/__mock/tenants', {
      headers: { origin: 'https://app.example', 'x-control-token': 'ctl-secret' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(res.headers.get('vary')).toMatch(/origin/i);
    const other = await allowed.request('http://127.0.0.1:4010/__mock/tenants', {
      headers: { origin: 'https://elsewhere.example', 'x-control-token': 'ctl-secret' },
    });
    expect(other.status).toBe(403);
    // Allowed without a token too.
    const open = createApp({ controlOrigins: ['http://localhost:3000'] });
    expect((await open.request('http://127.0.0.1:4010/__mock/tenants', { headers: { origin: 'http://localhost:3000' } })).status).toBe(200);
    expect(() => createApp({ controlOrigins: ['localhost:3000/app'] })).toThrow(/controlOrigins/);
    expect(() => createApp({ controlOrigins: ['http://localhost:3000/app'] })).toThrow(/origin alone/);
  });

  it('is absent with control turned off, while the API still works', async () => {
    const app = createApp({ control: false });
    const res = await app.request('/__mock/reset', { method: 'POST' });
    expect(res.status).toBe(404);
    expect((await app.request('/api/v1/tools', { headers: { authorization: 'Bearer demo-token' } })).status).toBe(200);
  });

  it('refuses a control body that is not JSON or too large, in the one problem shape', async () => {
    const { app } = controlledMock();
    const text = await app.request('/__mock/tenants', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(text.status).toBe(415);
    const broken = await app.request('/__mock/tenants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    });
    expect(broken.status).toBe(400);
    expect(broken.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const huge = await app.request('/__mock/tenants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    });
    expect(huge.status).toBe(413);
  });
});
