import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, createApiClient } from '../src/client/index.js';
import type { SipTrunk } from '../src/domain/resources/sip-trunk.js';
import { createApp } from '../src/http/app.js';
import { createWorld } from '../src/world.js';
import { OTHER_TOKEN, TOKEN } from './helpers/client.js';

/** A client whose fetch is the in-process app, recording what it sends. */
function clientOfFreshApp(token: string | null = TOKEN) {
  const world = createWorld({ seed: 1 });
  const app = createApp({ world });
  const sent: { url: string; method: string; headers: Headers; body: string | undefined }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, method: String(init.method), headers: new Headers(init.headers), body: init.body as string | undefined });
    return app.request(url, init);
  };
  return { world, sent, api: createApiClient({ baseUrl: 'http://mock.test/', token: token ?? undefined, fetch }) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client', () => {
  it('lists the seeded records of the token organization', async () => {
    const { api, world } = clientOfFreshApp();
    const schemas = await api.schemas.list();
    const org = world.tenants.byToken(TOKEN);
    expect(schemas.length).toBe(world.store.list(org!.id, 'schemas').length);
    expect(schemas.filter((schema) => schema.isLocked)).toHaveLength(3);
    expect(Object.keys(schemas[0]!).sort()).toEqual([
      'createdAt',
      'description',
      'id',
      'isLocked',
      'name',
      'properties',
      'type',
      'updatedAt',
    ]);
  });

  it('creates, gets, updates and removes a record', async () => {
    const { api } = clientOfFreshApp();
    const created = await api.sipTrunks.create({ name: 'Office PBX', host: 'pbx.example.com', password: 'secret-1' });
    expect(created).toMatchObject({ name: 'Office PBX', host: 'pbx.example.com', port: 5060, hasPassword: true, isSystem: false });
    expect(await api.sipTrunks.get(created.id)).toEqual(created);
    const updated = await api.sipTrunks.update(created.id, { transport: 'tls', port: 5061 });
    expect(updated).toMatchObject({ id: created.id, name: 'Office PBX', transport: 'tls', port: 5061 });
    await expect(api.sipTrunks.remove(created.id)).resolves.toBeUndefined();
    const gone = await rejection(api.sipTrunks.get(created.id));
    expect(gone.status).toBe(404);
  });

  it('sends the bearer token, json bodies, and the delete bodies of the spec examples', async () => {
    const { api, sent } = clientOfFreshApp();
    const tool = await api.tools.create({ type: 'endCall', name: 'hang_up' });
    await api.tools.remove(tool.id);
    const webhook = await api.webhooks.create({ url: 'https://hooks.example.com/voice', events: ['call.ended'] });
    await api.webhooks.remove(webhook.id);
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST http://mock.test/api/v1/tools',
      `DELETE http://mock.test/api/v1/tools/${tool.id}`,
      'POST http://mock.test/api/v1/webhooks',
      `DELETE http://mock.test/api/v1/webhooks/${webhook.id}`,
    ]);
    expect(sent.every(({ headers }) => headers.get('authorization') === `Bearer ${TOKEN}`)).toBe(true);
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(sent[1]?.body).toBeUndefined();
    expect(sent[3]?.body).toBe('{}');
    expect(sent[3]?.headers.get('content-type')).toBe('application/json');
  });

  it('throws an api error carrying the problem details of a refused delete', async () => {
    const { api } = clientOfFreshApp();
    const system = (await api.sipTrunks.list()).find((trunk) => trunk.isSystem);
    const error = await rejection(api.sipTrunks.remove(system!.id));
    expect(error.status).toBe(403);
    expect(error.method).toBe('DELETE');
    expect(error.problem).toMatchObject({ status: 403, title: 'Forbidden Error' });
    expect(error.message).toContain('403');
    expect((await api.sipTrunks.get(system!.id)).isSystem).toBe(true);
  });

  it('lists every validation problem in the error of a bad create', async () => {
    const { api } = clientOfFreshApp();
    const error = await rejection(api.tools.create({ type: 'function', name: 'bad name!', timeoutSeconds: 0 }));
    expect(error.status).toBe(400);
    expect(error.problem?.errors?.map(({ pointer }) => pointer).sort()).toEqual(['/name', '/timeoutSeconds', '/url']);
  });

  it('sends no authorization header without a token and gets 401', async () => {
    const { api, sent } = clientOfFreshApp(null);
    const error = await rejection(api.assistants.list());
    expect(error.status).toBe(401);
    expect(sent[0]?.headers.has('authorization')).toBe(false);
  });

  it('sees only the records of its own organization', async () => {
    const { api, world } = clientOfFreshApp(OTHER_TOKEN);
    const mine = await api.tools.list();
    const org = world.tenants.byToken(OTHER_TOKEN);
    expect(mine.map(({ id }) => id).sort()).toEqual(
      world.store
        .list(org!.id, 'tools')
        .map(({ id }) => id)
        .sort(),
    );
  });

  it('keeps a non-json error body as text', async () => {
    const fetch = async () => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } });
    const api = createApiClient({ baseUrl: 'http://mock.test', token: TOKEN, fetch });
    const error = await rejection(api.webhooks.list());
    expect(error.status).toBe(502);
    expect(error.problem).toBeUndefined();
    expect(error.body).toBe('<h1>Bad gateway</h1>');
  });

  it('types records, create bodies and updates from the resource schemas', () => {
    const api = createApiClient({ baseUrl: 'http://mock.test' });
    expectTypeOf(api.sipTrunks.get).returns.resolves.toEqualTypeOf<SipTrunk>();
    expectTypeOf(api.schemas.create).parameter(0).toHaveProperty('properties');
    // @ts-expect-error a trunk has no field "phoneNumber" (it is phoneNumbers)
    void (() => api.sipTrunks.update('id', { phoneNumber: '+14155550123' }));
    // @ts-expect-error the password is write-only: records do not show it
    void ((trunk: SipTrunk) => trunk.password);
    // @ts-expect-error a tool's timeout is a number
    void (() => api.tools.update('id', { timeoutSeconds: '20' }));
  });
});
