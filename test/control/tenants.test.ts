/** Reset and tenants: back to the scenario for all or one organization; fresh isolated organizations per worker. */
import { describe, expect, it } from 'vitest';
import { ControlError, createControlClient } from '../../src/client/control-client.js';
import { resources } from '../../src/domain/resources/index.js';
import { createMockState } from '../../src/state/mock-state.js';
import { createTenant } from '../../src/state/organizations/operations.js';
import { importState } from '../../src/state/snapshot/snapshot.js';
import { controlledMock, trunkBody } from './helpers.js';

/** The ids of the SIP trunks a token lists. */
async function trunkIds(api: ReturnType<typeof controlledMock>['api'], token: string): Promise<string[]> {
  return (await api(token, 'GET', '/sip-trunks')).body.map((trunk: { id: string }) => trunk.id);
}

describe('reset', () => {
  it('puts every organization back to the scenario and forgets minted tenants', async () => {
    const { control, api } = controlledMock();
    const before = (await api('demo-token', 'GET', '/sip-trunks')).body;
    await api('demo-token', 'POST', '/sip-trunks', trunkBody);
    const tenant = await control.createTenant();
    const { organizations } = await control.reset();
    expect(organizations.map((o) => o.token)).toEqual(['demo-token', 'demo-token-2']);
    expect((await api('demo-token', 'GET', '/sip-trunks')).body).toEqual(before);
    expect((await api(tenant.token, 'GET', '/sip-trunks')).status).toBe(401);
  });

  it('switches to another scenario and seed', async () => {
    const { control, api } = controlledMock();
    await control.reset({ scenario: 'empty' });
    expect((await api('demo-token', 'GET', '/schemas')).body).toEqual([]);
    await control.reset({ scenario: 'default', seed: 7 });
    const seven = (await api('demo-token', 'GET', '/schemas')).body;
    expect(seven.length).toBeGreaterThan(0);
    expect(seven).toEqual((await controlledMock({ seed: 7 }).api('demo-token', 'GET', '/schemas')).body);
  });

  it('resets one organization alone and leaves the other as it is', async () => {
    const { control, api, orgId } = controlledMock();
    const original = (await api('demo-token', 'GET', '/tools')).body;
    const tool = (await api('demo-token', 'DELETE', `/tools/${original[0].id}`)).status;
    expect(tool).toBe(200);
    const created = (await api('demo-token-2', 'POST', '/sip-trunks', trunkBody)).body;
    await control.reset({ orgId: orgId('demo-token') });
    expect((await api('demo-token', 'GET', '/tools')).body).toEqual(original);
    expect((await api('demo-token-2', 'GET', `/sip-trunks/${created.id}`)).status).toBe(200);
  });

  it('reseeds one organization from a seed given now as the whole mockState would, so two organizations given the same seed keep their own ids', async () => {
    const { control, api, orgId } = controlledMock();
    await control.reset({ orgId: orgId('demo-token'), seed: 7 });
    await control.reset({ orgId: orgId('demo-token-2'), seed: 7 });
    const whole = controlledMock({ seed: 7 });
    for (const token of ['demo-token', 'demo-token-2']) {
      expect((await api(token, 'GET', '/sip-trunks')).body).toEqual((await whole.api(token, 'GET', '/sip-trunks')).body);
    }
  });

  it('gives an organization with no place of its own (a bare seed, or no plan) records of its own when reset with a seed', async () => {
    const { control, api, orgId, mockState } = controlledMock();
    const saved = await control.exportState();
    const [a, b] = saved.organizations;
    if (!a?.plan || !b) throw new Error('the demo has two organizations, the first with a plan');
    a.plan.seed = 3;
    delete b.plan;
    await control.importState(saved);
    await control.reset({ orgId: orgId('demo-token'), seed: 7 });
    await control.reset({ orgId: orgId('demo-token-2'), seed: 7, scenario: 'default' });
    expect(mockState.organizations.byToken('demo-token')?.plan?.seed).toEqual([7, expect.any(Number)]);
    const trunks = (token: string) => trunkIds(api, token);
    const [first, second] = [await trunks('demo-token'), await trunks('demo-token-2')];
    expect(first.length).toBeGreaterThan(0);
    expect(second.some((id: string) => first.includes(id))).toBe(false);
    // Reset again without a seed: each comes back as it was just seeded.
    await control.reset({ orgId: orgId('demo-token-2') });
    expect(await trunks('demo-token-2')).toEqual(second);
  });

  it.each([
    { shared: [7], reset: { seed: 9 } },
    { shared: 7, reset: {} },
  ])(
    'gives two organizations sharing the seed $shared, which names no place of theirs, places of their own on reset',
    async ({ shared, reset }) => {
      const { control, api, orgId } = controlledMock();
      const saved = await control.exportState();
      for (const organization of saved.organizations) {
        if (!organization.plan) throw new Error('the demo organizations have plans');
        organization.plan.seed = shared;
      }
      // Loaded as they are: neither holds records the other's seed would make.
      for (const organization of saved.organizations) organization.records = {};
      saved.telephony = [];
      await control.importState(saved);
      await control.reset({ orgId: orgId('demo-token'), ...reset });
      await control.reset({ orgId: orgId('demo-token-2'), ...reset });
      const trunks = (token: string) => trunkIds(api, token);
      const first = await trunks('demo-token');
      expect(first.length).toBeGreaterThan(0);
      expect((await trunks('demo-token-2')).some((id: string) => first.includes(id))).toBe(false);
    },
  );

  it('refuses an unknown scenario and an unknown organization with a problem', async () => {
    const { control } = controlledMock();
    await expect(control.reset({ scenario: 'nope' })).rejects.toMatchObject({ status: 400 });
    const error = await control.reset({ orgId: 'no-such-org' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlError);
    expect((error as ControlError).problem).toMatchObject({ status: 404, title: 'Not Found Error' });
  });
});

describe('control client', () => {
  const answering = (status: number, text: string) =>
    createControlClient({ fetch: async () => new Response(text, { status, headers: { 'content-type': 'text/html' } }) });

  it('fails with a ControlError carrying the text when a failure is not JSON (a proxy error page)', async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const error = await answering(502, page)
      .clock()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlError);
    expect(error).toMatchObject({ status: 502, problem: page });
    expect((error as ControlError).message).toContain('502 Bad Gateway');
  });

  it('fails with an error naming the request when a success is not JSON', async () => {
    await expect(answering(200, '<html>ok</html>').clock()).rejects.toThrow(
      'Control request GET /clock answered 200 with a body that is not JSON',
    );
  });
});

describe('tenants', () => {
  it('mints an empty organization whose token works at once and sees nothing else', async () => {
    const { control, api } = controlledMock();
    const tenant = await control.createTenant({ name: 'Worker 1' });
    expect(tenant).toMatchObject({ name: 'Worker 1', token: expect.stringMatching(/^mock_/) });
    for (const path of resources.map((def) => `/${def.path}`)) {
      expect((await api(tenant.token, 'GET', path)).body).toEqual([]);
    }
    const created = (await api(tenant.token, 'POST', '/sip-trunks', trunkBody)).body;
    expect((await api('demo-token', 'GET', `/sip-trunks/${created.id}`)).status).toBe(404);
    expect((await control.listTenants()).map((t) => t.id)).toContain(tenant.id);
  });

  it('mints a seeded organization with records of its own ids', async () => {
    const { control, api } = controlledMock();
    const a = await control.createTenant({ scenario: 'default' });
    const b = await control.createTenant({ scenario: 'default' });
    const trunksA = (await api(a.token, 'GET', '/sip-trunks')).body;
    const trunksB = (await api(b.token, 'GET', '/sip-trunks')).body;
    expect(trunksA.some((t: { isSystem: boolean }) => t.isSystem)).toBe(true);
    const ids = new Set(trunksA.map((t: { id: string }) => t.id));
    expect(trunksB.some((t: { id: string }) => ids.has(t.id))).toBe(false);
  });

  it('mints seeded tenants after loading a state another process saved, without reusing their seeds', async () => {
    const first = controlledMock();
    const minted = await first.control.createTenant({ scenario: 'default' });
    const saved = await first.control.exportState();
    // A new process (a restart with --state-file) loads what the first one saved.
    const { control, api } = controlledMock();
    await control.importState(saved);
    const next = await control.createTenant({ scenario: 'default' });
    expect(next.name).not.toBe(minted.name);
    const loadedIds = new Set((await api(minted.token, 'GET', '/sip-trunks')).body.map((t: { id: string }) => t.id));
    const nextTrunks = (await api(next.token, 'GET', '/sip-trunks')).body;
    expect(nextTrunks.length).toBeGreaterThan(0);
    expect(nextTrunks.some((t: { id: string }) => loadedIds.has(t.id))).toBe(false);
  });

  it('keeps tenant seeds within what a snapshot takes, however high the loaded ones go', async () => {
    const { control, mockState } = controlledMock();
    const saved = await control.exportState();
    const [first] = saved.organizations;
    if (!first?.plan) throw new Error('the demo organization has no plan');
    first.plan.seed = [1, 2 ** 31 - 1];
    await control.importState(saved);
    const tenant = await control.createTenant({ scenario: 'default' });
    expect(mockState.organizations.byId(tenant.id)?.plan?.seed).toEqual([1, 1001]);
    await expect(control.importState(await control.exportState())).resolves.toBeDefined();
    expect(() => createTenant(mockState, { seed: -1 })).toThrow(RangeError);
  });

  it('numbers a tenant among many loaded organizations', () => {
    const mockState = createMockState({ scenario: 'empty' });
    const organizations = Array.from({ length: 150_000 }, (_, index) => ({
      id: `org-${index}`,
      name: 'Many',
      token: `token-${index}`,
      records: {},
    }));
    importState(mockState, { format: 'voice-config-mock/state', version: 1, organizations, telephony: [] });
    expect(createTenant(mockState).name).toBe('Tenant 1');
  });

  it('deletes a tenant: its token stops working and its provider configuration goes', async () => {
    const { control, api, mockState } = controlledMock();
    const tenant = await control.createTenant();
    await api(tenant.token, 'POST', '/sip-trunks', trunkBody);
    expect(mockState.telephony.configurations(tenant.id)).toHaveLength(1);
    await control.deleteTenant(tenant.id);
    expect((await api(tenant.token, 'GET', '/sip-trunks')).status).toBe(401);
    expect(mockState.telephony.configurations(tenant.id)).toHaveLength(0);
    await expect(control.deleteTenant(tenant.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('control requests that fail change nothing', () => {
  it('a tenant whose seeding fails at the provider is not left behind', async () => {
    const { control } = controlledMock();
    const before = await control.listTenants();
    await control.addFault({ target: 'telephony', method: 'provision', times: 1 });
    await expect(control.createTenant({ scenario: 'default', name: 'W1' })).rejects.toMatchObject({ status: 502 });
    expect(await control.listTenants()).toEqual(before);
  });

  it('a reset of one organization that fails puts its records back', async () => {
    const { control, api, orgId } = controlledMock();
    const before = (await api('demo-token-2', 'GET', '/sip-trunks')).body;
    await control.addFault({ target: 'telephony', method: 'provision', times: 1 });
    await expect(control.reset({ orgId: orgId('demo-token-2') })).rejects.toMatchObject({ status: 502 });
    expect((await api('demo-token-2', 'GET', '/sip-trunks')).body).toEqual(before);
  });

  it('an in-process reset to an unknown scenario leaves the mockState as it was', async () => {
    const { mockState, api } = controlledMock();
    const before = (await api('demo-token', 'GET', '/tools')).body;
    expect(() => mockState.reset({ scenario: 'nope' })).toThrow(/Unknown scenario/);
    expect((await api('demo-token', 'GET', '/tools')).body).toEqual(before);
  });

  it('holds at most as many organizations as a saved state can load: one more is refused with 409, and a delete makes room', async () => {
    const { app, mockState } = controlledMock({ limits: { recordsPerKind: 10_000, organizations: 3 } });
    const create = () => app.request('/__mock/tenants', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const made = await create();
    expect(made.status).toBe(201);
    const refused = await create();
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/already holds 3 organizations, and 3 is the most/);
    // A snapshot of one organization the mock does not have would add one: refused too, and nothing changes.
    const one = (await (await app.request(`/__mock/state?orgId=${mockState.organizations.list()[2]?.id}`)).json()) as {
      organizations: { id: string; token: string }[];
    };
    const other = { ...one, organizations: one.organizations.map((org) => ({ ...org, id: 'org_added', token: 'added-token' })) };
    const added = await app.request('/__mock/state?orgId=org_added', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(other),
    });
    expect(added.status).toBe(409);
    expect(mockState.organizations.count).toBe(3);
    const { id } = (await made.json()) as { id: string };
    expect((await app.request(`/__mock/tenants/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await create()).status).toBe(201);
  });
});
