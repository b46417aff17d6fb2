/** Snapshots: export → change → import gives back exactly the same records; bad snapshots change nothing. */
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/domain/resources/index.js';
import type { TrunkConfiguration } from '../../src/domain/telephony.js';
import { exportState, StateSerializer } from '../../src/state/snapshot/snapshot.js';
import { controlledMock, trunkBody } from './helpers.js';

const kinds = resources.map((def) => `/${def.path}`);

async function everything(api: ReturnType<typeof controlledMock>['api'], token: string) {
  return Promise.all(kinds.map(async (path) => (await api(token, 'GET', path)).body));
}

describe('snapshots', () => {
  it('restores exactly the records, tokens and provider state after a reset', async () => {
    const { control, api, mockState } = controlledMock();
    await api('demo-token', 'POST', '/sip-trunks', { ...trunkBody, password: 'secret-1' });
    await api('demo-token-2', 'POST', '/webhooks', { url: 'https://hooks.example.com/x', events: ['call.ended'] });
    const saved = await control.exportState();
    const before = [await everything(api, 'demo-token'), await everything(api, 'demo-token-2')];
    const byTrunk = (list: { trunkId: string }[]) => [...list].sort((a, b) => a.trunkId.localeCompare(b.trunkId));
    const provisioned = byTrunk(mockState.telephony.configurations());
    await control.reset({ scenario: 'empty' });
    expect((await api('demo-token', 'GET', '/sip-trunks')).body).toEqual([]);
    await control.importState(saved);
    const after = [await everything(api, 'demo-token'), await everything(api, 'demo-token-2')];
    expect(after).toEqual(before);
    // Byte for byte, key order included (zod parses into its schema's order): a client's snapshot of an answer holds across a restart.
    expect(JSON.stringify(after)).toBe(JSON.stringify(before));
    expect(byTrunk(mockState.telephony.configurations())).toEqual(provisioned);
    const again = await control.exportState();
    expect(again.organizations).toEqual(saved.organizations);
  });

  it('keeps write-only values: a restored trunk still has its password and a webhook its whole secret', async () => {
    const { control, mockState, orgId } = controlledMock();
    const saved = await control.exportState(orgId('demo-token'));
    const trunk = saved.organizations[0]?.records.sipTrunks?.find((t) => t.password);
    expect(trunk?.password).toEqual(expect.any(String));
    const hook = saved.organizations[0]?.records.webhooks?.[0];
    expect(hook?.secret).toMatch(/^whsec_[A-Za-z0-9]{24,}$/);
    await control.reset({ scenario: 'empty' });
    await control.importState(saved, orgId('demo-token'));
    expect(mockState.store.get(orgId('demo-token'), 'sipTrunks', String(trunk?.id))?.password).toBe(trunk?.password);
  });

  it('answers 404 for the snapshot of an organization that does not exist, as a reset of one does', async () => {
    const { control, orgId } = controlledMock();
    const unknown = '00000000-0000-4000-8000-000000000000';
    await expect(control.exportState(unknown)).rejects.toMatchObject({
      status: 404,
      problem: { detail: expect.stringContaining(unknown) },
    });
    await expect(control.reset({ orgId: unknown })).rejects.toMatchObject({ status: 404 });
    expect((await control.exportState(orgId('demo-token'))).organizations).toHaveLength(1);
  });

  it('replaces one organization and leaves the other untouched', async () => {
    const { control, api, orgId } = controlledMock();
    const mine = await control.exportState(orgId('demo-token'));
    expect(mine.organizations.map((o) => o.token)).toEqual(['demo-token']);
    const created = (await api('demo-token', 'POST', '/sip-trunks', trunkBody)).body;
    const other = (await api('demo-token-2', 'POST', '/sip-trunks', trunkBody)).body;
    await control.importState(mine, orgId('demo-token'));
    expect((await api('demo-token', 'GET', `/sip-trunks/${created.id}`)).status).toBe(404);
    expect((await api('demo-token-2', 'GET', `/sip-trunks/${other.id}`)).status).toBe(200);
  });

  it('puts a replaced organization back in its place among the others', async () => {
    const { control, orgId } = controlledMock();
    const before = (await control.listTenants()).map(({ id }) => id);
    const state = await control.exportState();
    const first = orgId('demo-token');
    expect(before[0]).toBe(first);
    expect((await control.importState(state, first)).organizations.map(({ id }) => id)).toEqual(before);
    expect(await control.exportState()).toEqual({ ...state, savedAt: expect.any(String) });
  });

  it('refuses an invalid snapshot with every problem located, and changes nothing', async () => {
    const { control, api } = controlledMock();
    const saved = await control.exportState();
    const broken = structuredClone(saved);
    const tools = broken.organizations[0]?.records.tools ?? [];
    if (tools[0]) tools[0].timeoutSeconds = 'soon';
    if (tools[1]) tools[1].id = 'not-a-uuid';
    const before = await everything(api, 'demo-token');
    const error = await control.importState(broken).catch((e: { status: number; problem: { errors: { pointer: string }[] } }) => e);
    expect(error).toMatchObject({ status: 400 });
    const pointers = (error as { problem: { errors: { pointer: string }[] } }).problem.errors.map((e) => e.pointer);
    expect(pointers).toEqual(['/organizations/0/records/tools/0/timeoutSeconds', '/organizations/0/records/tools/1/id']);
    expect(await everything(api, 'demo-token')).toEqual(before);
  });

  it('refuses a snapshot whose token belongs to an organization it does not replace', async () => {
    const { control, orgId } = controlledMock();
    const other = await control.exportState(orgId('demo-token-2'));
    const clash = structuredClone(other);
    const first = clash.organizations[0];
    if (first) first.id = '11111111-1111-4111-8111-111111111111';
    await expect(control.importState(clash, first?.id)).rejects.toMatchObject({ status: 409 });
  });
});

describe('injected records', () => {
  it('adds a record with a fixed id, flags and timestamps that the API then serves', async () => {
    const { control, api, orgId } = controlledMock({ scenario: 'empty' });
    const id = '7d1f7a52-5d4a-4a77-9c1e-8a4b0a3b2c10';
    const shown = await control.injectRecord({
      orgId: orgId('demo-token'),
      kind: 'sipTrunks',
      record: { id, ...trunkBody, isSystem: true, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-02T00:00:00.000Z' },
    });
    expect(shown).toMatchObject({ id, isSystem: true, createdAt: '2025-01-01T00:00:00.000Z' });
    expect((await api('demo-token', 'GET', `/sip-trunks/${id}`)).body).toMatchObject({ id, isSystem: true });
    expect((await api('demo-token', 'DELETE', `/sip-trunks/${id}`)).status).toBe(403);
  });

  it('keeps timestamps in order: one given alone stands for both, an updatedAt before the createdAt is refused', async () => {
    const { control, orgId, mockState } = controlledMock({ scenario: 'empty' });
    const org = orgId('demo-token');
    const later = '2999-01-01T00:00:00.000Z';
    const created = await control.injectRecord({ orgId: org, kind: 'schemas', record: { name: 'Future', createdAt: later } });
    expect([created.createdAt, created.updatedAt]).toEqual([later, later]);
    const updated = await control.injectRecord({
      orgId: org,
      kind: 'schemas',
      record: { name: 'Old', updatedAt: '2001-01-01T00:00:00.000Z' },
    });
    expect([updated.createdAt, updated.updatedAt]).toEqual(['2001-01-01T00:00:00.000Z', '2001-01-01T00:00:00.000Z']);
    const before = JSON.stringify(mockState.store.list(org, 'schemas'));
    await expect(
      control.injectRecord({
        orgId: org,
        kind: 'schemas',
        record: { name: 'Backwards', createdAt: '2025-01-02T00:00:00.000Z', updatedAt: '2025-01-01T23:59:59.999Z' },
      }),
    ).rejects.toMatchObject({ status: 400, problem: { errors: [{ pointer: '/record/updatedAt' }] } });
    expect(JSON.stringify(mockState.store.list(org, 'schemas'))).toBe(before);
  });

  it('validates injected fields like a create and refuses a taken id', async () => {
    const { control, orgId } = controlledMock({ scenario: 'empty' });
    const org = orgId('demo-token');
    await expect(control.injectRecord({ orgId: org, kind: 'tools', record: { type: 'function', name: 'x' } })).rejects.toMatchObject({
      status: 400,
      problem: { errors: [{ pointer: '/url' }] },
    });
    await expect(control.injectRecord({ orgId: org, kind: 'schemas', record: { id: 'nope', name: 'S' } })).rejects.toMatchObject({
      status: 400,
    });
    const id = '0b5c2f0e-7c55-4b8e-a1f2-5f0d7c1e9a11';
    await control.injectRecord({ orgId: org, kind: 'schemas', record: { id, name: 'S' } });
    await expect(control.injectRecord({ orgId: org, kind: 'schemas', record: { id, name: 'T' } })).rejects.toMatchObject({ status: 409 });
  });
});

describe('snapshot integrity', () => {
  it('refuses provider configurations that belong to no trunk of the same organization', async () => {
    const { control, orgId } = controlledMock();
    const saved = await control.exportState();
    const broken = structuredClone(saved);
    const first = broken.telephony[0];
    if (first) first.orgId = orgId('demo-token') === first.orgId ? orgId('demo-token-2') : orgId('demo-token');
    await expect(control.importState(broken)).rejects.toMatchObject({ status: 400, problem: { errors: [{ pointer: '/telephony/0' }] } });
  });

  it('refuses an id that appears twice in one organization', async () => {
    const { control } = controlledMock();
    const broken = structuredClone(await control.exportState());
    // Webhooks: no record refers to one, so the changed id leaves no reference dangling, whatever the seed drew.
    const webhooks = broken.organizations[0]?.records.webhooks ?? [];
    expect(webhooks.length).toBeGreaterThan(1);
    if (webhooks[0] && webhooks[1]) webhooks[1].id = webhooks[0].id;
    await expect(control.importState(broken)).rejects.toMatchObject({
      status: 400,
      problem: { errors: [{ pointer: '/organizations/0/records/webhooks/1/id' }] },
    });
  });
});

describe('snapshots written by hand', () => {
  // Typed loosely on purpose: these are states as a person might write them, right or wrong.
  const minimalState = (orgId: string, token: string, records: Record<string, unknown[]>, plan?: unknown): any => ({
    format: 'voice-config-mock/state',
    version: 1,
    organizations: [{ id: orgId, name: 'Hand-made', token, records, ...(plan ? { plan } : {}) }],
    telephony: [],
  });
  const orgId = '0d3e8a4c-5b1f-4e2a-9c7d-6f5e4d3c2b1a';
  const trunkId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
  const times = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };

  it('fills in the defaults a record leaves out, so it loads, serves and saves like any other', async () => {
    const { control, api } = controlledMock();
    const trunk = { id: trunkId, name: 'T', host: 'sip.example.com', isSystem: false, ...times };
    await control.importState(minimalState(orgId, 'hand-token', { sipTrunks: [trunk] }));
    const shown = (await api('hand-token', 'GET', `/sip-trunks/${trunkId}`)).body;
    expect(shown).toMatchObject({ port: 5060, transport: 'udp', phoneNumbers: [], hasPassword: false });
    expect((await api('hand-token', 'PATCH', `/sip-trunks/${trunkId}`, { name: 'T2' })).status).toBe(200);
    const again = await control.exportState();
    await expect(control.importState(again)).resolves.toBeDefined();
  });

  it('provisions a trunk the snapshot gives no configuration, so no other organization can take its id', async () => {
    const { control, api, orgId: orgOf } = controlledMock();
    const trunk = { id: trunkId, name: 'T', host: 'sip.example.com', isSystem: false, ...times };
    await control.importState(minimalState(orgId, 'hand-token', { sipTrunks: [trunk] }), orgId);
    expect(await control.telephonyOf(trunkId)).toMatchObject({ orgId, host: 'sip.example.com', revision: 1 });
    const takeover = control.injectRecord({
      orgId: orgOf('demo-token'),
      kind: 'sipTrunks',
      record: { id: trunkId, name: 'B', host: 'b.example.com' },
    });
    await expect(takeover).rejects.toMatchObject({ status: 409 });
    expect((await api('hand-token', 'DELETE', `/sip-trunks/${trunkId}`)).status).toBe(200);
    await expect(control.telephonyOf(trunkId)).rejects.toMatchObject({ status: 404 });
  });

  it("never rewrites or removes another organization's configuration held under a trunk's id", async () => {
    const { mockState, api, orgId: orgOf } = controlledMock();
    const [trunk] = mockState.store.list(orgOf('demo-token'), 'sipTrunks').filter((t) => t.isSystem !== true);
    const theirs = { ...mockState.telephony.configuration(String(trunk?.id)), orgId: orgOf('demo-token-2') } as TrunkConfiguration;
    mockState.telephony.restore([theirs]);
    expect((await api('demo-token', 'PATCH', `/sip-trunks/${trunk?.id}`, { name: 'Renamed' })).status).toBe(409);
    expect((await api('demo-token', 'DELETE', `/sip-trunks/${trunk?.id}`)).status).toBe(200);
    expect(mockState.telephony.configuration(String(trunk?.id))).toEqual(theirs);
  });

  it('refuses records the API itself would refuse: a rule broken, a unique name twice', async () => {
    const { control } = controlledMock();
    const tool = (id: string, name: string, extra = {}) => ({ id, type: 'endCall', name, ...times, ...extra });
    const state = minimalState(orgId, 'hand-token', {
      tools: [
        tool('2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'same'),
        tool('3a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'same'),
        tool('4a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', 'fn', { type: 'function' }),
      ],
    });
    const error = await control.importState(state).catch((e: { problem: { errors: { pointer: string }[] } }) => e);
    expect((error as { problem: { errors: { pointer: string }[] } }).problem.errors.map((e) => e.pointer)).toEqual([
      '/organizations/0/records/tools/1/name',
      '/organizations/0/records/tools/2/url',
    ]);
  });

  it('refuses a seeding plan it could not seed from, instead of failing a later reset', async () => {
    const { control } = controlledMock();
    // A count for a kind the mock does not have: a reset could not seed it.
    const state = minimalState(orgId, 'hand-token', {}, { plan: { token: 'x', counts: { trunks: 1 } }, seed: 1 });
    await expect(control.importState(state)).rejects.toMatchObject({ status: 400 });
  });

  it('generates the secret of a webhook written without one, as a create does', async () => {
    const { control, api } = controlledMock();
    const hook = { id: trunkId, url: 'https://hooks.example.com/voice', events: ['call.ended'], ...times };
    await control.importState(minimalState(orgId, 'hand-token', { webhooks: [hook] }));
    const [stored] = (await control.exportState(orgId)).organizations[0]?.records.webhooks ?? [];
    expect(stored?.secret).toMatch(/^whsec_[A-Za-z0-9]{32}$/);
    expect((await api('hand-token', 'GET', `/webhooks/${trunkId}`)).body.secret).toBe(`whsec_********${String(stored?.secret).slice(-4)}`);
  });

  it('refuses what the control API could not address or seed again: a long organization id, a seed out of range, a locked schema a create refuses', async () => {
    const { control } = controlledMock();
    const plan = (overrides: object) => ({
      plan: {
        token: 'hand-token',
        counts: { sipTrunks: 0, schemas: 0, tools: 0, assistants: 0, webhooks: 0 },
        systemTrunks: 0,
        lockedSchemas: [],
      },
      seed: [1, 0],
      ...overrides,
    });
    const refusals = [
      minimalState('o'.repeat(101), 'hand-token', {}),
      minimalState(orgId, 'hand-token', {}, plan({ seed: -5 })),
      minimalState(orgId, 'hand-token', {}, plan({ seed: [1, 2 ** 53 - 1] })),
      minimalState(
        orgId,
        'hand-token',
        {},
        { ...plan({}), plan: { ...plan({}).plan, lockedSchemas: [{ name: 'L', properties: { 'bad-name': 'string' } }] } },
      ),
    ];
    for (const state of refusals) await expect(control.importState(state)).rejects.toMatchObject({ status: 400 });
    await expect(control.importState(minimalState('o'.repeat(100), 'hand-token', {}, plan({})))).resolves.toBeDefined();
    await expect(control.reset({ orgId: 'o'.repeat(100) })).resolves.toBeDefined();
  });

  it('refuses a provider configuration that differs from its trunk, and one whose time is no timestamp', async () => {
    const { control } = controlledMock();
    const trunk = { id: trunkId, name: 'T', host: 'sip.example.com', isSystem: false, ...times };
    await control.importState(minimalState(orgId, 'hand-token', { sipTrunks: [trunk] }), orgId);
    const saved = await control.exportState(orgId);
    const configuration = saved.telephony[0];
    if (!configuration) throw new Error('the import provisioned no configuration');
    const changed = (overrides: object) => ({ ...saved, telephony: [{ ...configuration, ...overrides }] });
    const error = await control.importState(changed({ host: 'elsewhere.example.com', port: 7 }), orgId).catch((e) => e);
    expect(error.problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/telephony/0/host', '/telephony/0/port']);
    await expect(control.importState(changed({ provisionedAt: 'yesterday' }), orgId)).rejects.toMatchObject({ status: 400 });
    await expect(control.importState(saved, orgId)).resolves.toBeDefined();
  });

  it("takes organizations whose ids and tokens cross: one's id may be another's token", async () => {
    const { control, api } = controlledMock();
    const crossed = minimalState('a', 't', {});
    crossed.organizations.push({ id: 't', name: 'Other', token: 'a', records: {} });
    await control.importState(crossed);
    expect((await api('t', 'GET', '/tools')).status).toBe(200);
    expect((await api('a', 'GET', '/tools')).status).toBe(200);
  });

  it('takes back a snapshot larger than the 1 MiB limit of other bodies', async () => {
    const { control, orgId: idOf } = controlledMock({ scenario: 'empty' });
    const org = idOf('demo-token');
    const description = 'd'.repeat(1900);
    for (let i = 0; i < 700; i++) await control.injectRecord({ orgId: org, kind: 'schemas', record: { name: `S${i}`, description } });
    const saved = await control.exportState();
    expect(JSON.stringify(saved).length).toBeGreaterThan(1024 * 1024);
    await control.reset();
    await control.importState(saved);
    expect((await control.exportState(org)).organizations[0]?.records.schemas).toHaveLength(700);
  });
});

describe('the state file text', () => {
  it('is the snapshot byte for byte, and stays so through writes, a new organization, a removal and a reset', async () => {
    const { control, api, mockState, orgId } = controlledMock();
    mockState.clock.freeze();
    const serializer = new StateSerializer(mockState);
    const same = () => expect(Buffer.concat(serializer.pieces()).toString('utf8')).toBe(JSON.stringify(exportState(mockState)));
    same();
    const trunk = (await api('demo-token', 'POST', '/sip-trunks', trunkBody)).body;
    same();
    await api('demo-token', 'PATCH', `/sip-trunks/${trunk.id}`, { name: 'Renamed PBX' });
    expect(Buffer.concat(serializer.pieces()).toString('utf8')).toContain('Renamed PBX');
    same();
    await api('demo-token', 'DELETE', `/sip-trunks/${trunk.id}`);
    same();
    // Deleting a tool empties the references to it: the assistants change without a request of their own.
    const assistant = mockState.store.list(orgId('demo-token'), 'assistants').find((a) => (a.toolIds as string[]).length > 0);
    const toolId = String((assistant?.toolIds as string[] | undefined)?.[0]);
    expect(toolId).toMatch(/^[0-9a-f-]{36}$/);
    await api('demo-token', 'DELETE', `/tools/${toolId}`);
    expect(Buffer.concat(serializer.pieces()).toString('utf8')).not.toContain(toolId);
    same();
    await control.importState(await control.exportState(orgId('demo-token-2')), orgId('demo-token-2'));
    same();
    const added = await control.createTenant({ name: 'Added' });
    same();
    await control.deleteTenant(added.id);
    expect(Buffer.concat(serializer.pieces()).toString('utf8')).not.toContain(added.id);
    same();
    await control.reset({ scenario: 'empty' });
    // A reset lets the clock run again; both texts must be made at the same instant.
    mockState.clock.freeze();
    same();
    const emptied = JSON.parse(Buffer.concat(serializer.pieces()).toString('utf8')) as {
      organizations: { records: Record<string, unknown[]> }[];
    };
    expect(emptied.organizations.flatMap((organization) => Object.values(organization.records).flat())).toEqual([]);
  });
});
