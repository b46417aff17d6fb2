/**
 * Lists are served from a cache of their serialized form; every way the
 * records can change must show in the next list, as if nothing were cached.
 */
import { describe, expect, it } from 'vitest';
import { freshMock, OTHER_TOKEN, type Reply } from './helpers/client.js';

type Json = Record<string, any>;

const listOf = async (call: ReturnType<typeof freshMock>['call'], path: string, token?: string): Promise<Json[]> => {
  const reply: Reply = await call('GET', `/api/v1/${path}`, token === undefined ? {} : { token });
  expect(reply.status).toBe(200);
  expect(reply.contentType).toBe('application/json');
  expect(Array.isArray(reply.body)).toBe(true);
  return reply.body;
};

describe('cached lists', () => {
  it('shows a created record first in the next list', async () => {
    const { call } = freshMock();
    const before = await listOf(call, 'schemas');
    const created = await call('POST', '/api/v1/schemas', { body: { name: 'Call topics', properties: { topic: 'string' } } });
    expect(created.status).toBe(201);
    const after = await listOf(call, 'schemas');
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toEqual(created.body);
  });

  it('shows a changed record as changed in the next list', async () => {
    const { call } = freshMock();
    const schema = (await listOf(call, 'schemas')).find((s) => !s.isLocked);
    const patched = await call('PATCH', `/api/v1/schemas/${schema?.id}`, { body: { description: 'Changed after the list was cached.' } });
    expect(patched.status).toBe(200);
    const again = (await listOf(call, 'schemas')).find((s) => s.id === schema?.id);
    expect(again?.description).toBe('Changed after the list was cached.');
    expect(again).toEqual(patched.body);
  });

  it('leaves a deleted record out of the next list', async () => {
    const { call } = freshMock();
    const webhook = (await listOf(call, 'webhooks'))[0];
    expect((await call('DELETE', `/api/v1/webhooks/${webhook?.id}`)).status).toBe(200);
    expect((await listOf(call, 'webhooks')).map((w) => w.id)).not.toContain(webhook?.id);
  });

  it('shows references cleared by a delete of another kind', async () => {
    const { call } = freshMock();
    const assistant = (await listOf(call, 'assistants')).find((a) => a.toolIds.length > 0);
    const toolId = assistant?.toolIds[0];
    expect(toolId).toBeDefined();
    expect((await call('DELETE', `/api/v1/tools/${toolId}`)).status).toBe(200);
    const again = (await listOf(call, 'assistants')).find((a) => a.id === assistant?.id);
    expect(again?.toolIds).not.toContain(toolId);
  });

  it('keeps each organization to its own list', async () => {
    const { call } = freshMock();
    const mine = await listOf(call, 'tools');
    const theirs = await listOf(call, 'tools', OTHER_TOKEN);
    const shared = mine.filter((tool) => theirs.some((other) => other.id === tool.id));
    expect(mine.length).toBeGreaterThan(0);
    expect(shared).toEqual([]);
  });

  it('shows changes made to the store directly, as the control API makes them', async () => {
    const { call, mockState, orgOf } = freshMock();
    expect((await listOf(call, 'sip-trunks')).length).toBeGreaterThan(0);
    mockState.store.clear(orgOf('demo-token').id);
    expect(await listOf(call, 'sip-trunks')).toEqual([]);
  });
});
