/**
 * Every API route checks, after its input is read, that the caller's
 * organization is still the one the request began with. A fault's delay
 * holds each request between authentication and its route while the
 * organization is removed or reset.
 */
import { describe, expect, it } from 'vitest';
import { createTenant, removeTenant, resetOrganization } from '../../src/state/organizations/operations.js';
import { freshMock } from '../helpers/client.js';

const operations = [
  { name: 'list', method: 'GET', path: () => '/api/v1/tools' },
  { name: 'create', method: 'POST', path: () => '/api/v1/tools', body: { name: 'late_tool', type: 'endCall' } },
  { name: 'get', method: 'GET', path: (id: string) => `/api/v1/tools/${id}` },
  { name: 'update', method: 'PATCH', path: (id: string) => `/api/v1/tools/${id}`, body: { name: 'renamed_late' } },
  { name: 'delete', method: 'DELETE', path: (id: string) => `/api/v1/tools/${id}` },
] as const;

function held() {
  const mock = freshMock();
  const org = createTenant(mock.mockState, { name: 'Held', scenario: 'default' });
  const toolId = mock.mockState.store.list(org.id, 'tools')[0]?.id ?? '';
  expect(toolId).not.toBe('');
  // Every request of the organization waits a moment after authentication.
  mock.mockState.faults.add({ orgId: org.id, latencyMs: 1 });
  return { ...mock, org, toolId };
}

describe('the organization of a request under way', () => {
  it.each(operations)('$name: a removed one answers 401 with the bearer challenge, and nothing is written', async (op) => {
    const { call, mockState, org, toolId } = held();
    const answer = call(op.method, op.path(toolId), { token: org.token, ...('body' in op ? { body: op.body } : {}) });
    removeTenant(mockState, org.id);
    const reply = await answer;
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(reply.body.detail).toContain('removed while the request was under way');
    expect(mockState.store.list(org.id, 'tools')).toEqual([]);
  });

  it.each(operations)('$name: a reset one answers 409 and asks for the request again', async (op) => {
    const { call, mockState, org, toolId } = held();
    const answer = call(op.method, op.path(toolId), { token: org.token, ...('body' in op ? { body: op.body } : {}) });
    resetOrganization(mockState, org.id, { scenario: 'empty' });
    const reply = await answer;
    expect(reply.status).toBe(409);
    expect(reply.body.detail).toContain('reset or replaced through the control API');
    expect(mockState.store.list(org.id, 'tools')).toEqual([]);
  });
});
