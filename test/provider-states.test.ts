import { describe, expect, it } from 'vitest';
import { stateRecords } from '../src/http/control/provider-states.js';
import { freshMock } from './helpers/client.js';

const TOOL_ID = '2b9e4f7a-6c1d-4a3e-8f5b-0d7c9e2a4b6f';

describe('provider-state endpoint', () => {
  const setupIn = (call: ReturnType<typeof freshMock>['call'], state: string, id: string, token: string | null = null) =>
    call('POST', '/__mock/provider-states', { token, body: { consumer: 'voice-config-frontend', state, params: { id }, action: 'setup' } });
  const teardown = (call: ReturnType<typeof freshMock>['call']) =>
    call('POST', '/__mock/provider-states', { token: null, body: { state: '', action: 'teardown' } });
  const ids = (reply: { body: { id: string }[] }) => reply.body.map(({ id }) => id);

  it('sets a state up in the emptied demo-token organization, answers its token and the record id, and gives the records back at teardown', async () => {
    const { call, mockState } = freshMock();
    const before = ids(await call('GET', '/api/v1/tools'));
    expect(before.length).toBeGreaterThan(0);
    const reply = await setupIn(call, 'a tool with id {id} exists', TOOL_ID);
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^application\/json/);
    expect(reply.body).toMatchObject({ id: TOOL_ID, token: 'demo-token', orgId: mockState.organizations.byToken('demo-token')?.id });
    // A pact written the plain way sends demo-token, and finds exactly the state's record.
    expect(ids(await call('GET', '/api/v1/tools'))).toEqual([TOOL_ID]);
    expect(ids(await call('GET', '/api/v1/schemas'))).toEqual([]);
    expect((await teardown(call)).body).toEqual({});
    expect(ids(await call('GET', '/api/v1/tools'))).toEqual(before);
    expect(mockState.organizations.list().map(({ token }) => token)).toEqual(['demo-token', 'demo-token-2']);
  });

  it('uses the organization of the bearer token the state request names, and leaves the others alone', async () => {
    const { call } = freshMock();
    const othersBefore = ids(await call('GET', '/api/v1/tools'));
    const reply = await setupIn(call, 'a tool with id {id} exists', TOOL_ID, 'demo-token-2');
    expect(reply.body.token).toBe('demo-token-2');
    expect(ids(await call('GET', '/api/v1/tools', { token: 'demo-token-2' }))).toEqual([TOOL_ID]);
    expect(ids(await call('GET', '/api/v1/tools'))).toEqual(othersBefore);
    await teardown(call);
  });

  it('makes a tenant of its own, and removes it at teardown, when no organization has the token', async () => {
    const { call, mockState } = freshMock({ scenario: 'default' });
    const reply = await setupIn(call, 'a tool with id {id} exists', TOOL_ID, 'nobody-has-this');
    expect(reply.body.token).toMatch(/^mock_/);
    expect(ids(await call('GET', '/api/v1/tools', { token: reply.body.token }))).toEqual([TOOL_ID]);
    expect(mockState.organizations.list()).toHaveLength(3);
    await teardown(call);
    expect(mockState.organizations.list()).toHaveLength(2);
  });

  it('puts every state of one interaction into the same organization and gives it back once', async () => {
    const { call } = freshMock();
    const trunksBefore = ids(await call('GET', '/api/v1/sip-trunks'));
    const first = await setupIn(call, 'a tool with id {id} exists', TOOL_ID);
    const second = await setupIn(call, 'a SIP trunk with id {id} exists', 'c0a8012e-7d3b-4f5a-9e21-4b6d8f0a1c2e');
    expect(second.body.token).toBe(first.body.token);
    expect(ids(await call('GET', '/api/v1/tools'))).toEqual([TOOL_ID]);
    expect(ids(await call('GET', '/api/v1/sip-trunks'))).toEqual(['c0a8012e-7d3b-4f5a-9e21-4b6d8f0a1c2e']);
    expect((await teardown(call)).status).toBe(200);
    expect(ids(await call('GET', '/api/v1/sip-trunks'))).toEqual(trunksBefore);
  });

  it('sets up two states of one kind in one interaction, giving the second a name of its own', async () => {
    const { call } = freshMock();
    await setupIn(call, 'a tool with id {id} exists', TOOL_ID);
    const second = await setupIn(call, 'a tool with id {id} exists', '3c0f5a8b-7d2e-4b4f-9a6c-1e8d0f3b5c7a');
    expect(second.status).toBe(200);
    const names = (await call('GET', '/api/v1/tools')).body.map((tool: { name: string }) => tool.name);
    expect(names.sort()).toEqual(['lookup_order', 'lookup_order_2']);
  });

  it('begins again when a reset replaced the organization it had, and then leaves the reset one as it is', async () => {
    const { call } = freshMock();
    await setupIn(call, '', TOOL_ID);
    expect((await call('POST', '/__mock/reset', { token: null })).status).toBe(200);
    const seeded = ids(await call('GET', '/api/v1/tools'));
    await setupIn(call, 'a tool with id {id} exists', TOOL_ID);
    expect(ids(await call('GET', '/api/v1/tools'))).toEqual([TOOL_ID]);
    await teardown(call);
    expect(ids(await call('GET', '/api/v1/tools'))).toEqual(seeded);
  });

  it('leaves the organization as it was when a state cannot be set up', async () => {
    const { call, mockState } = freshMock();
    const before = ids(await call('GET', '/api/v1/sip-trunks'));
    // Another organization's trunk: its id is held at the telephony provider.
    const otherTrunk = mockState.store.list(mockState.organizations.byToken('demo-token-2')?.id ?? '', 'sipTrunks')[0]?.id ?? '';
    const reply = await setupIn(call, 'a SIP trunk with id {id} exists', otherTrunk);
    expect(reply.status).toBe(409);
    expect(ids(await call('GET', '/api/v1/sip-trunks'))).toEqual(before);
    expect(mockState.organizations.list()).toHaveLength(2);
  });

  it('makes a system trunk that the api refuses to delete', async () => {
    const { call } = freshMock();
    const { body } = await call('POST', '/__mock/provider-states', {
      token: null,
      body: { state: 'a system SIP trunk with id {id} exists', params: {} },
    });
    const refused = await call('DELETE', `/api/v1/sip-trunks/${body.id}`, { token: body.token, body: {} });
    expect(refused.status).toBe(403);
  });

  it.each(['a unicorn exists', 'constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'answers 400 naming the known states for a state it does not have: %s',
    async (state) => {
      const { call, mockState } = freshMock();
      const reply = await call('POST', '/__mock/provider-states', { token: null, body: { state } });
      expect(reply.status).toBe(400);
      expect(reply.contentType).toBe('application/problem+json');
      expect(reply.body.detail).toContain(`"${state}"`);
      expect(reply.body.detail).toContain('a tool with id {id} exists');
      expect(mockState.organizations.list()).toHaveLength(2);
    },
  );

  it('has a valid record for every state', async () => {
    for (const [state, records] of Object.entries(stateRecords)) {
      const { call } = freshMock();
      const reply = await call('POST', '/__mock/provider-states', { token: null, body: { state, params: {} } });
      expect(reply.status, state).toBe(200);
      if (records({}).length > 0) expect(reply.body.id, state).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
