/**
 * Two organizations (demo-token, demo-token-2). A record of the other
 * organization behaves exactly as a record that does not exist, and the
 * attempts leave it unchanged. Requests without a valid bearer token get 401.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ResourceKind } from '../src/domain/resource.js';
import { freshMock, OTHER_TOKEN, type Reply, TOKEN } from './helpers/client.js';

type Json = Record<string, any>;

const resources: { path: string; kind: ResourceKind; patch: Json; deleteOfUnknown: number }[] = [
  { path: 'sip-trunks', kind: 'sipTrunks', patch: { name: 'Hijacked' }, deleteOfUnknown: 404 },
  { path: 'assistants', kind: 'assistants', patch: { name: 'Hijacked' }, deleteOfUnknown: 403 },
  { path: 'schemas', kind: 'schemas', patch: { description: 'Hijacked' }, deleteOfUnknown: 404 },
  { path: 'tools', kind: 'tools', patch: { description: 'Hijacked' }, deleteOfUnknown: 404 },
  { path: 'webhooks', kind: 'webhooks', patch: { description: 'Hijacked' }, deleteOfUnknown: 404 },
];

/** A record of the other organization that the caller could otherwise delete (not a system trunk, not locked). */
async function theirRecord(call: ReturnType<typeof freshMock>['call'], path: string): Promise<Json> {
  const list = (await call('GET', `/api/v1/${path}`, { token: OTHER_TOKEN })).body as Json[];
  const found = list.find((r) => r.isSystem !== true && r.isLocked !== true);
  if (!found) throw new Error(`the other organization has no deletable ${path}`);
  return found;
}

/** The answer for a foreign id must equal the answer for a missing id, except for the id itself in the detail. */
function expectSameAsMissing(foreign: Reply, missing: Reply, foreignId: string, missingId: string): void {
  expect(foreign.status).toBe(missing.status);
  expect(foreign.contentType).toBe(missing.contentType);
  expect(foreign.body).toStrictEqual({ ...missing.body, detail: String(missing.body.detail).replaceAll(missingId, foreignId) });
}

/** Text of values of a record that must never leak (ids excluded: the caller sent those). */
function secretsOf(record: Json): string[] {
  return Object.entries(record)
    .filter(([key, value]) => key !== 'id' && typeof value === 'string' && value.length >= 6 && !/At$/.test(key))
    .map(([, value]) => value as string);
}

describe.each(resources)('$path of the other organization', ({ path, kind, patch, deleteOfUnknown }) => {
  it('is absent from the list', async () => {
    const { call } = freshMock();
    const mine = (await call('GET', `/api/v1/${path}`)).body as Json[];
    const theirs = (await call('GET', `/api/v1/${path}`, { token: OTHER_TOKEN })).body as Json[];
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    const theirIds = new Set(theirs.map((r) => r.id));
    expect(mine.filter((r) => theirIds.has(r.id))).toEqual([]);
  });

  it('answers get with 404, exactly as for a missing id', async () => {
    const { call } = freshMock();
    const record = await theirRecord(call, path);
    const missingId = randomUUID();
    const foreign = await call('GET', `/api/v1/${path}/${record.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.contentType).toMatch(/^application\/problem\+json/);
    expectSameAsMissing(foreign, await call('GET', `/api/v1/${path}/${missingId}`), record.id, missingId);
  });

  it('answers update with 404, exactly as for a missing id, and leaves the record unchanged', async () => {
    const { call, mockState, orgOf } = freshMock();
    const record = await theirRecord(call, path);
    const stored = mockState.store.get(orgOf(OTHER_TOKEN).id, kind, record.id);
    const missingId = randomUUID();
    const foreign = await call('PATCH', `/api/v1/${path}/${record.id}`, { body: patch });
    expect(foreign.status).toBe(404);
    expect(foreign.contentType).toMatch(/^application\/problem\+json/);
    expectSameAsMissing(foreign, await call('PATCH', `/api/v1/${path}/${missingId}`, { body: patch }), record.id, missingId);
    expect(mockState.store.get(orgOf(OTHER_TOKEN).id, kind, record.id)).toBe(stored);
    expect((await call('GET', `/api/v1/${path}/${record.id}`, { token: OTHER_TOKEN })).body).toStrictEqual(record);
  });

  it(`answers delete with ${deleteOfUnknown}, exactly as for a missing id, and leaves the record in place`, async () => {
    const { call, mockState, orgOf } = freshMock();
    const record = await theirRecord(call, path);
    const stored = mockState.store.get(orgOf(OTHER_TOKEN).id, kind, record.id);
    const missingId = randomUUID();
    const foreign = await call('DELETE', `/api/v1/${path}/${record.id}`);
    expect(foreign.status).toBe(deleteOfUnknown);
    expect(foreign.contentType).toMatch(/^application\/problem\+json/);
    expectSameAsMissing(foreign, await call('DELETE', `/api/v1/${path}/${missingId}`), record.id, missingId);
    expect(mockState.store.get(orgOf(OTHER_TOKEN).id, kind, record.id)).toBe(stored);
    const owner = await call('GET', `/api/v1/${path}/${record.id}`, { token: OTHER_TOKEN });
    expect(owner.status).toBe(200);
    expect(owner.body).toStrictEqual(record);
  });

  it('never shows the record in the bodies of the refusals', async () => {
    const { call } = freshMock();
    const record = await theirRecord(call, path);
    const replies = [
      await call('GET', `/api/v1/${path}/${record.id}`),
      await call('PATCH', `/api/v1/${path}/${record.id}`, { body: patch }),
      await call('DELETE', `/api/v1/${path}/${record.id}`),
      await call('GET', `/api/v1/${path}/${record.id}`, { token: null }),
      await call('GET', `/api/v1/${path}/${record.id}`, { token: 'not-a-token' }),
    ];
    const secrets = secretsOf(record);
    expect(secrets.length).toBeGreaterThan(0);
    for (const reply of replies) {
      expect(reply.status).toBeGreaterThanOrEqual(400);
      const text = JSON.stringify(reply.body);
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});

describe('tenancy on the telephony side', () => {
  it('keeps the provider configuration of a trunk of the other organization after a refused delete', async () => {
    const { call, mockState } = freshMock();
    const record = await theirRecord(call, 'sip-trunks');
    const before = mockState.telephony.configuration(record.id);
    expect(before).toBeDefined();
    expect((await call('DELETE', `/api/v1/sip-trunks/${record.id}`)).status).toBe(404);
    expect(mockState.telephony.configuration(record.id)).toStrictEqual(before);
  });

  it('keeps a created record within its own organization', async () => {
    const { call, mockState, orgOf } = freshMock();
    const created = (await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'only_mine' }, token: OTHER_TOKEN })).body;
    expect(mockState.store.get(orgOf(OTHER_TOKEN).id, 'tools', created.id)).toBeDefined();
    expect(mockState.store.get(orgOf(TOKEN).id, 'tools', created.id)).toBeUndefined();
    expect(((await call('GET', '/api/v1/tools')).body as Json[]).map((t) => t.id)).not.toContain(created.id);
  });

  it('lets each organization use the same tool name', async () => {
    const { call } = freshMock();
    const body = { type: 'endCall', name: 'shared_name' };
    expect((await call('POST', '/api/v1/tools', { body })).status).toBe(201);
    expect((await call('POST', '/api/v1/tools', { body, token: OTHER_TOKEN })).status).toBe(201);
  });
});

describe('authentication', () => {
  it.each([
    { what: 'no authorization header', authorization: undefined, error: 'invalid_request', detail: /Send your API token/ },
    { what: 'an empty authorization header', authorization: '', error: 'invalid_request', detail: /Send your API token/ },
    { what: 'a basic scheme', authorization: 'Basic x', error: 'invalid_request', detail: /must read "Bearer <token>"/ },
    { what: 'bearer with no token', authorization: 'Bearer', error: 'invalid_request', detail: /must read "Bearer <token>"/ },
    { what: 'bearer with only a space', authorization: 'Bearer ', error: 'invalid_request', detail: /must read "Bearer <token>"/ },
    { what: 'the token without a scheme', authorization: TOKEN, error: 'invalid_request', detail: /must read "Bearer <token>"/ },
    { what: 'an unknown token', authorization: 'Bearer not-a-known-token', error: 'invalid_token', detail: /not known to the server/ },
    { what: 'a token with a suffix', authorization: `Bearer ${TOKEN}x`, error: 'invalid_token', detail: /not known to the server/ },
    { what: 'a token in quotes', authorization: `Bearer "${TOKEN}"`, error: 'invalid_token', detail: /not known to the server/ },
    // Two Authorization headers reach the app joined with ", ".
    {
      what: 'the header sent twice',
      authorization: `Bearer ${TOKEN}, Bearer ${TOKEN}`,
      error: 'invalid_request',
      detail: /and be sent once/,
    },
  ])('answers 401 with a bearer challenge for $what', async ({ authorization, error, detail }) => {
    const { call } = freshMock();
    const reply = await call('GET', '/api/v1/schemas', { token: null, headers: authorization === undefined ? {} : { authorization } });
    expect(reply.status).toBe(401);
    expect(reply.contentType).toMatch(/^application\/problem\+json/);
    expect(reply.body).toMatchObject({ status: 401, title: 'Unauthorized' });
    expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(reply.headers.get('www-authenticate')).toContain(`error="${error}"`);
    expect(reply.body.detail).toMatch(detail);
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain('demo-token');
    expect(text).not.toContain('Call summary');
  });

  it('checks the token before the body on a create', async () => {
    const { call, mockState, orgOf } = freshMock();
    const before = mockState.store.list(orgOf(TOKEN).id, 'tools').length;
    const reply = await call('POST', '/api/v1/tools', { token: 'wrong', body: { type: 'endCall', name: 'sneaky' } });
    expect(reply.status).toBe(401);
    expect(mockState.store.list(orgOf(TOKEN).id, 'tools')).toHaveLength(before);
  });

  it('accepts the bearer scheme in any letter case', async () => {
    const { call } = freshMock();
    const reply = await call('GET', '/api/v1/schemas', { token: null, headers: { authorization: `bearer ${TOKEN}` } });
    expect(reply.status).toBe(200);
  });

  it('gives each token the records of its own organization', async () => {
    const { call, mockState, orgOf } = freshMock();
    for (const token of [TOKEN, OTHER_TOKEN]) {
      const ids = ((await call('GET', '/api/v1/schemas', { token })).body as Json[]).map((r) => r.id);
      expect(ids).toEqual(mockState.store.list(orgOf(token).id, 'schemas').map((r) => r.id));
    }
    expect(orgOf(TOKEN).id).not.toBe(orgOf(OTHER_TOKEN).id);
  });
});
