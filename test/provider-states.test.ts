import { describe, expect, it } from 'vitest';
import { stateRecords } from '../src/http/control/provider-states.js';
import { freshMock } from './helpers/client.js';

const TOOL_ID = '2b9e4f7a-6c1d-4a3e-8f5b-0d7c9e2a4b6f';

describe('provider-state endpoint', () => {
  it('sets a state up in a fresh organization and answers its token and the record id', async () => {
    const { call, mockState } = freshMock();
    const reply = await call('POST', '/__mock/provider-states', {
      token: null,
      body: { consumer: 'voice-config-frontend', state: 'a tool with id {id} exists', params: { id: TOOL_ID }, action: 'setup' },
    });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^application\/json/);
    expect(reply.body).toMatchObject({ id: TOOL_ID, token: expect.stringMatching(/^mock_/) });
    const tools = await call('GET', '/api/v1/tools', { token: reply.body.token });
    expect(tools.body.map((tool: { id: string }) => tool.id)).toEqual([TOOL_ID]);
    expect(mockState.tenants.list()).toHaveLength(3);
  });

  it('puts every state of one interaction into the same organization and tears it down once', async () => {
    const { call, mockState } = freshMock();
    const setup = (state: string, id: string) =>
      call('POST', '/__mock/provider-states', { token: null, body: { state, params: { id }, action: 'setup' } });
    const first = await setup('a tool with id {id} exists', TOOL_ID);
    const second = await setup('a SIP trunk with id {id} exists', 'c0a8012e-7d3b-4f5a-9e21-4b6d8f0a1c2e');
    expect(second.body.token).toBe(first.body.token);
    const teardown = await call('POST', '/__mock/provider-states', {
      token: null,
      body: { state: 'a tool with id {id} exists', action: 'teardown' },
    });
    expect(teardown.status).toBe(200);
    expect(teardown.body).toEqual({});
    expect(mockState.tenants.byToken(first.body.token)).toBeUndefined();
    expect(mockState.tenants.list()).toHaveLength(2);
  });

  it('sets up two states of one kind in one interaction, giving the second a name of its own', async () => {
    const { call } = freshMock();
    const setup = (id: string) =>
      call('POST', '/__mock/provider-states', {
        token: null,
        body: { state: 'a tool with id {id} exists', params: { id }, action: 'setup' },
      });
    const first = await setup(TOOL_ID);
    const second = await setup('3c0f5a8b-7d2e-4b4f-9a6c-1e8d0f3b5c7a');
    expect(second.status).toBe(200);
    const names = (await call('GET', '/api/v1/tools', { token: first.body.token })).body.map((tool: { name: string }) => tool.name);
    expect(names.sort()).toEqual(['lookup_order', 'lookup_order_2']);
  });

  it('makes a new organization, and tears that one down, when a reset removed the one it had', async () => {
    const { call, mockState } = freshMock();
    const setup = (state: string) => call('POST', '/__mock/provider-states', { token: null, body: { state, params: { id: TOOL_ID } } });
    await setup('');
    expect((await call('POST', '/__mock/reset', { token: null })).status).toBe(200);
    const after = await setup('a tool with id {id} exists');
    expect(mockState.tenants.byToken(after.body.token)).toBeDefined();
    await call('POST', '/__mock/provider-states', { token: null, body: { state: 'a tool with id {id} exists', action: 'teardown' } });
    expect(mockState.tenants.byToken(after.body.token)).toBeUndefined();
    expect(mockState.tenants.list()).toHaveLength(2);
  });

  it('leaves no organization behind when a state cannot be set up', async () => {
    const { call, mockState } = freshMock();
    const seededTrunk = mockState.store.list(mockState.tenants.byToken('demo-token')?.id ?? '', 'sipTrunks')[0]?.id;
    const reply = await call('POST', '/__mock/provider-states', {
      token: null,
      body: { state: 'a SIP trunk with id {id} exists', params: { id: seededTrunk }, action: 'setup' },
    });
    expect(reply.status).toBe(409);
    expect(mockState.tenants.list()).toHaveLength(2);
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
      expect(mockState.tenants.list()).toHaveLength(2);
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
