/**
 * SIP trunks and the fake telephony provider: create provisions, PATCH
 * re-provisions, delete cleans up (the spec); system trunks cannot be
 * deleted; the password is write-only; isSystem is read-only.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshMock, OTHER_TOKEN, TOKEN } from './helpers/client.js';

type Call = ReturnType<typeof freshMock>['call'];
type Json = Record<string, any>;

const trunkBody = {
  name: 'Munich carrier',
  host: 'sip.munich-carrier.example.net',
  port: 5080,
  transport: 'tcp',
  username: 'munich',
  password: 'p4ssw0rd-munich',
  allowedIps: ['192.0.2.44'],
  phoneNumbers: ['+4989123456789'],
  inboundEnabled: true,
  outboundEnabled: true,
};

async function systemTrunk(call: Call, token = TOKEN): Promise<Json> {
  const found = ((await call('GET', '/api/v1/sip-trunks', { token })).body as Json[]).find((t) => t.isSystem === true);
  if (!found) throw new Error('the seed has no system trunk');
  return found;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('provisioning at the telephony provider', () => {
  it('provisions a created trunk with revision 1 and its settings', async () => {
    const { call, mockState, orgOf } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: trunkBody });
    expect(reply.status).toBe(201);
    const configuration = mockState.telephony.configuration(reply.body.id);
    expect(configuration).toMatchObject({
      trunkId: reply.body.id,
      orgId: orgOf(TOKEN).id,
      host: 'sip.munich-carrier.example.net',
      port: 5080,
      transport: 'tcp',
      username: 'munich',
      hasCredentials: true,
      allowedIps: ['192.0.2.44'],
      phoneNumbers: ['+4989123456789'],
      inboundEnabled: true,
      outboundEnabled: true,
      revision: 1,
    });
    expect(JSON.stringify(configuration)).not.toContain(trunkBody.password);
  });

  it('provisions every seeded trunk of both organizations', async () => {
    const { call, mockState, orgOf } = freshMock();
    for (const token of [TOKEN, OTHER_TOKEN]) {
      const trunks = (await call('GET', '/api/v1/sip-trunks', { token })).body as Json[];
      expect(
        mockState.telephony
          .configurations(orgOf(token).id)
          .map((c) => c.trunkId)
          .sort(),
      ).toEqual(trunks.map((t) => t.id).sort());
    }
  });

  it('re-provisions a patched trunk with revision 2 and the new values', async () => {
    const { call, mockState } = freshMock();
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: trunkBody })).body;
    const reply = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, {
      body: { host: '198.51.100.7', port: 5061, transport: 'tls', phoneNumbers: ['+4989000000001', '+4989000000002'], password: null },
    });
    expect(reply.status).toBe(200);
    expect(mockState.telephony.configuration(trunk.id)).toMatchObject({
      host: '198.51.100.7',
      port: 5061,
      transport: 'tls',
      phoneNumbers: ['+4989000000001', '+4989000000002'],
      hasCredentials: false,
      username: 'munich',
      revision: 2,
    });
  });

  it('does not re-provision when a patch is refused', async () => {
    const { call, mockState } = freshMock();
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: trunkBody })).body;
    const before = mockState.telephony.configuration(trunk.id);
    const reply = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { port: 0 } });
    expect(reply.status).toBe(400);
    expect(mockState.telephony.configuration(trunk.id)).toStrictEqual(before);
  });

  it('does not provision a trunk whose create is refused', async () => {
    const { call, mockState } = freshMock();
    const before = mockState.telephony.configurations().length;
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, port: 99999 } });
    expect(reply.status).toBe(400);
    expect(mockState.telephony.configurations()).toHaveLength(before);
  });

  it('removes the provider configuration when the trunk is deleted', async () => {
    const { call, mockState, orgOf } = freshMock();
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: trunkBody })).body;
    expect(mockState.telephony.configuration(trunk.id)).toBeDefined();
    const reply = await call('DELETE', `/api/v1/sip-trunks/${trunk.id}`, { body: {} });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^application\/json/);
    expect(reply.body).toStrictEqual({});
    expect(mockState.telephony.configuration(trunk.id)).toBeUndefined();
    expect(mockState.telephony.configurations(orgOf(TOKEN).id).map((c) => c.trunkId)).not.toContain(trunk.id);
    expect((await call('GET', `/api/v1/sip-trunks/${trunk.id}`)).status).toBe(404);
  });

  it('removes the provider configuration of a deleted seeded trunk', async () => {
    const { call, mockState } = freshMock();
    const seeded = ((await call('GET', '/api/v1/sip-trunks')).body as Json[]).find((t) => t.isSystem === false);
    if (!seeded) throw new Error('the seed has no ordinary trunk');
    expect(mockState.telephony.configuration(seeded.id)).toBeDefined();
    expect((await call('DELETE', `/api/v1/sip-trunks/${seeded.id}`)).status).toBe(200);
    expect(mockState.telephony.configuration(seeded.id)).toBeUndefined();
  });

  it('keeps the trunk when the provider fails during delete', async () => {
    const { call, mockState } = freshMock();
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: trunkBody })).body;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(mockState.telephony, 'deprovision').mockImplementation(() => {
      throw new Error('provider unreachable');
    });
    const reply = await call('DELETE', `/api/v1/sip-trunks/${trunk.id}`);
    expect(reply.status).toBe(500);
    expect(reply.contentType).toMatch(/^application\/problem\+json/);
    vi.mocked(mockState.telephony.deprovision).mockRestore();
    const got = await call('GET', `/api/v1/sip-trunks/${trunk.id}`);
    expect(got.status).toBe(200);
    expect(mockState.telephony.configuration(trunk.id)).toBeDefined();
  });
});

describe('system trunks', () => {
  it.each([TOKEN, OTHER_TOKEN])('exist in the seed of the organization of %s', async (token) => {
    const { call } = freshMock();
    const trunks = (await call('GET', '/api/v1/sip-trunks', { token })).body as Json[];
    expect(trunks.filter((t) => t.isSystem === true).length).toBeGreaterThanOrEqual(1);
    expect(trunks.filter((t) => t.isSystem === false).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses the delete of a system trunk with 403 Forbidden Error and keeps trunk and configuration', async () => {
    const { call, mockState } = freshMock();
    const trunk = await systemTrunk(call);
    const configuration = mockState.telephony.configuration(trunk.id);
    expect(configuration).toBeDefined();
    const reply = await call('DELETE', `/api/v1/sip-trunks/${trunk.id}`, { body: {} });
    expect(reply.status).toBe(403);
    expect(reply.contentType).toMatch(/^application\/problem\+json/);
    expect(reply.body).toMatchObject({ status: 403, title: 'Forbidden Error' });
    const got = await call('GET', `/api/v1/sip-trunks/${trunk.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toStrictEqual(trunk);
    expect(mockState.telephony.configuration(trunk.id)).toStrictEqual(configuration);
  });

  it('allows a patch of other fields of a system trunk and keeps it a system trunk', async () => {
    const { call, mockState } = freshMock();
    const trunk = await systemTrunk(call);
    const revision = mockState.telephony.configuration(trunk.id)?.revision ?? 0;
    const reply = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { name: 'Main line', outboundEnabled: false } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: 'Main line', outboundEnabled: false, isSystem: true });
    expect(mockState.telephony.configuration(trunk.id)).toMatchObject({ outboundEnabled: false, revision: revision + 1 });
    expect((await call('DELETE', `/api/v1/sip-trunks/${trunk.id}`)).status).toBe(403);
  });
});

describe('isSystem is read-only', () => {
  it('ignores isSystem: true on create', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, isSystem: true } });
    expect(reply.status).toBe(201);
    expect(reply.body.isSystem).toBe(false);
    expect((await call('DELETE', `/api/v1/sip-trunks/${reply.body.id}`)).status).toBe(200);
  });

  it('ignores isSystem: false on a patch of a system trunk, which stays undeletable', async () => {
    const { call } = freshMock();
    const trunk = await systemTrunk(call);
    const reply = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { isSystem: false } });
    expect(reply.status).toBe(200);
    expect(reply.body.isSystem).toBe(true);
    expect((await call('GET', `/api/v1/sip-trunks/${trunk.id}`)).body.isSystem).toBe(true);
    expect((await call('DELETE', `/api/v1/sip-trunks/${trunk.id}`)).status).toBe(403);
  });

  it('ignores isSystem: true on a patch of an ordinary trunk, which stays deletable', async () => {
    const { call } = freshMock();
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: trunkBody })).body;
    const reply = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { isSystem: true } });
    expect(reply.status).toBe(200);
    expect(reply.body.isSystem).toBe(false);
    expect((await call('DELETE', `/api/v1/sip-trunks/${trunk.id}`)).status).toBe(200);
  });

  it('never turns a trunk into a system trunk, whatever the request', async () => {
    const { call } = freshMock();
    await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, isSystem: true } });
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, name: 'Second' } })).body;
    await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { isSystem: true } });
    const trunks = (await call('GET', '/api/v1/sip-trunks')).body as Json[];
    expect(trunks.filter((t) => t.isSystem === true)).toHaveLength(1);
  });
});

describe('password is write-only', () => {
  it('shows hasPassword and never the password in create, get and list', async () => {
    const { call } = freshMock();
    const created = await call('POST', '/api/v1/sip-trunks', { body: trunkBody });
    expect(created.status).toBe(201);
    const got = await call('GET', `/api/v1/sip-trunks/${created.body.id}`);
    const list = await call('GET', '/api/v1/sip-trunks');
    for (const shown of [created.body, got.body, ...(list.body as Json[])]) {
      expect(shown).not.toHaveProperty('password');
      expect(typeof shown.hasPassword).toBe('boolean');
    }
    expect(created.body.hasPassword).toBe(true);
    expect(got.body.hasPassword).toBe(true);
    for (const text of [created, got, list].map((r) => JSON.stringify(r.body))) expect(text).not.toContain(trunkBody.password);
  });

  it('shows hasPassword false for a trunk created without a password', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { name: 'Open trunk', host: 'sip.open.example.com' } });
    expect(reply.status).toBe(201);
    expect(reply.body.hasPassword).toBe(false);
    expect(reply.body).not.toHaveProperty('password');
  });

  it('sets and clears the password through patch without showing it', async () => {
    const { call } = freshMock();
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: { name: 'Open trunk', host: 'sip.open.example.com' } })).body;
    const set = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { password: 'n3w-secret-value' } });
    expect(set.status).toBe(200);
    expect(set.body.hasPassword).toBe(true);
    expect(JSON.stringify(set.body)).not.toContain('n3w-secret-value');
    const cleared = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { password: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.hasPassword).toBe(false);
  });

  it('keeps the password when a patch does not name it', async () => {
    const { call } = freshMock();
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: trunkBody })).body;
    const reply = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { name: 'Renamed carrier' } });
    expect(reply.status).toBe(200);
    expect(reply.body.hasPassword).toBe(true);
  });

  it('ignores hasPassword sent by a client', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, hasPassword: false } });
    expect(reply.status).toBe(201);
    expect(reply.body.hasPassword).toBe(true);
  });
});
