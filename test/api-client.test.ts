import { getEventListeners } from 'node:events';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ApiError, createApiClient } from '../src/client/index.js';
import type { SipTrunk } from '../src/domain/resources/sip-trunk.js';
import { createApp } from '../src/http/app.js';
import { createMockState } from '../src/state/mock-state.js';
import { OTHER_TOKEN, TOKEN } from './helpers/client.js';

/** A client whose fetch is the in-process app, recording what it sends. */
function clientOfFreshApp(token: string | null = TOKEN) {
  const mockState = createMockState({ seed: 1 });
  const app = createApp({ mockState });
  const sent: { url: string; method: string; headers: Headers; body: string | undefined }[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, method: String(init.method), headers: new Headers(init.headers), body: init.body as string | undefined });
    return app.request(url, init);
  };
  return { mockState, sent, api: createApiClient({ baseUrl: 'http://mock.test/', token: token ?? undefined, fetch }) };
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
    const { api, mockState } = clientOfFreshApp();
    const schemas = await api.schemas.list();
    const org = mockState.organizations.byToken(TOKEN);
    expect(schemas.length).toBe(mockState.store.list(org!.id, 'schemas').length);
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

  it("sends extra headers of the client on every call and of a call on that call, the call's winning", async () => {
    const app = createApp({ mockState: createMockState({ seed: 1 }) });
    const sent: Headers[] = [];
    const fetch = async (url: string, init: RequestInit) => {
      sent.push(new Headers(init.headers));
      return app.request(url, init);
    };
    const api = createApiClient({
      baseUrl: 'http://mock.test',
      token: TOKEN,
      fetch,
      headers: { 'X-Request-Id': 'client', 'X-Api-Version': '1' },
    });
    const [tool] = await api.tools.list();
    expect(sent[0]?.get('x-request-id')).toBe('client');
    expect(sent[0]?.get('x-api-version')).toBe('1');
    // A call's own: Prefer asks the mock for the operation's 404, with the id asked for.
    const refused = await rejection(api.tools.get(tool?.id ?? '', { headers: { Prefer: 'code=404', 'x-request-id': 'call' } }));
    expect(refused.status).toBe(404);
    expect(refused.problem?.detail).toContain(tool?.id);
    expect(sent[1]?.get('x-request-id')).toBe('call');
    expect(sent[1]?.get('x-api-version')).toBe('1');
    expect(sent[1]?.get('authorization')).toBe(`Bearer ${TOKEN}`);
    // Only that call: the next one sends the client's again, and gets the record.
    expect((await api.tools.get(tool?.id ?? '')).id).toBe(tool?.id);
    expect(sent[2]?.get('prefer')).toBeNull();
    expect(sent[2]?.get('x-request-id')).toBe('client');
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
    // @ts-expect-error a function tool needs a url: the types say so, and this body leaves it out on purpose.
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
    const { api, mockState } = clientOfFreshApp(OTHER_TOKEN);
    const mine = await api.tools.list();
    const org = mockState.organizations.byToken(OTHER_TOKEN);
    expect(mine.map(({ id }) => id).sort()).toEqual(
      mockState.store
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

  it('refuses a 2xx without the json body a record or list call needs, instead of resolving it as the record', async () => {
    // A dev server's page fallback answers 200 with HTML when the API is not at baseUrl.
    const page = async () => new Response('<!doctype html><title>app</title>', { status: 200, headers: { 'content-type': 'text/html' } });
    const html = await rejection(createApiClient({ baseUrl: 'http://mock.test', token: TOKEN, fetch: page }).tools.list());
    expect(html.status).toBe(200);
    expect(html.body).toBe('<!doctype html><title>app</title>');
    expect(html.message).toBe('GET http://mock.test/api/v1/tools answered 200 (a body that is not JSON, where this call needs JSON)');

    const noContent = async () => new Response(null, { status: 204 });
    const empty = createApiClient({ baseUrl: 'http://mock.test', token: TOKEN, fetch: noContent });
    expect((await rejection(empty.tools.get('a'))).message).toMatch(/answered 204 \(an empty body, where this call needs JSON\)$/);
    // A delete's answer carries nothing the caller uses, so an empty one is fine.
    await expect(empty.tools.remove('a')).resolves.toBeUndefined();
  });

  it('takes any RFC 9457 problem details, whose members are all optional', async () => {
    const problem = { type: 'about:blank', title: 'Not Found', status: 404 };
    const fetch = async () => Response.json(problem, { status: 404, headers: { 'content-type': 'application/problem+json' } });
    const error = await rejection(createApiClient({ baseUrl: 'http://mock.test', token: TOKEN, fetch }).tools.get('a'));
    expect(error.problem).toEqual(problem);
    expect(error.message).toBe('GET http://mock.test/api/v1/tools/a answered 404 (Not Found)');

    // A member of the wrong type, or none of them, is some other error shape.
    for (const body of [{ title: 'Not Found', status: '404' }, { error: 'not found' }, ['not found']]) {
      const other = async () => Response.json(body, { status: 404 });
      expect((await rejection(createApiClient({ baseUrl: 'http://mock.test', fetch: other }).tools.get('a'))).problem).toBeUndefined();
    }
  });

  it('cancels a call with its AbortSignal: the promise rejects with the abort, not an ApiError', async () => {
    let seen: AbortSignal | undefined;
    // A server that never answers: only the signal ends the call.
    const hanging = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        seen = init.signal ?? undefined;
        // As fetch does: an aborted signal rejects at once, a later abort when it comes.
        if (init.signal?.aborted) reject(init.signal.reason);
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const api = createApiClient({ baseUrl: 'http://mock.test', token: TOKEN, fetch: hanging });
    const controller = new AbortController();
    const pending = api.assistants.update('a', { name: 'Late' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // The fetch's signal is the call's own, aborted with the caller's reason.
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBe(controller.signal.reason);
    // Every operation passes it on, the delete included.
    await expect(api.tools.remove('a', { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(api.schemas.list({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ends a call on its signal even when the fetch ignores it, as an in-process app.request does', async () => {
    let sent = 0;
    const deaf = () => {
      sent += 1;
      return new Promise<Response>(() => {});
    };
    const api = createApiClient({ baseUrl: 'http://mock.test', token: TOKEN, fetch: deaf });
    await expect(api.tools.list({ signal: AbortSignal.timeout(50) })).rejects.toMatchObject({ name: 'TimeoutError' });
    // Already aborted: nothing is sent, since an in-process fetch would carry the request out regardless.
    await expect(api.tools.create({ name: 'x' } as never, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toBe(1);
  });

  it('leaves no listener on a long-lived signal once its calls are over, in process or not', async () => {
    const { api } = clientOfFreshApp();
    const controller = new AbortController();
    // Fetch's Request holds a listener on its signal until it is garbage collected: 1,500 of them made Node warn once per call.
    for (let call = 0; call < 20; call += 1) await api.schemas.list({ signal: controller.signal });
    await expect(api.schemas.get('missing', { signal: controller.signal })).rejects.toBeInstanceOf(ApiError);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    // The signal still ends a call under way.
    const pending = api.schemas.list({ signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it.each(['', '.', '..'])('refuses the id %j before sending anything, since the url would name another path', async (id) => {
    const { api, sent } = clientOfFreshApp();
    await expect(api.sipTrunks.get(id)).rejects.toThrow(TypeError);
    await expect(api.tools.update(id, { name: 'x' })).rejects.toThrow(/is not a record id/);
    await expect(api.webhooks.remove(id)).rejects.toThrow(TypeError);
    expect(sent).toEqual([]);
  });

  // The package's root entry also exports the server (node:http, node:fs), which no browser bundle can take.
  it('bundles for a browser from voice-config-mock/client, with nothing of node in it', async () => {
    // The ES module entry, as a bundler for the browser picks it (the `import` condition).
    const entry = fileURLToPath(import.meta.resolve('voice-config-mock/client'));
    expect(entry).toMatch(/dist\/src\/client\/index\.js$/);
    const bundled = await build({
      stdin: { contents: `export { ApiError, createApiClient } from ${JSON.stringify(entry)};`, resolveDir: process.cwd() },
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(bundled.errors).toEqual([]);
    const code = bundled.outputFiles[0]?.text ?? '';
    expect(code).toContain('is not a record id');
    expect(code).not.toMatch(/["']node:/);
  });

  it('types records, create bodies and updates from the resource schemas', () => {
    const api = createApiClient({ baseUrl: 'http://mock.test' });
    expectTypeOf(api.sipTrunks.get).returns.resolves.toEqualTypeOf<SipTrunk>();
    expectTypeOf(api.schemas.create).parameter(0).toHaveProperty('properties');
    // Shown as a string in every answer (whole right after create, masked afterwards), though a create may leave it out.
    expectTypeOf(api.webhooks.create).returns.resolves.toHaveProperty('secret').toEqualTypeOf<string>();
    // A field with a default is in every record.
    expectTypeOf(api.schemas.get).returns.resolves.toHaveProperty('description').toEqualTypeOf<string>();
    // @ts-expect-error a trunk has no field "phoneNumber" (it is phoneNumbers)
    void (() => api.sipTrunks.update('id', { phoneNumber: '+14155550123' }));
    // @ts-expect-error the password is write-only: records do not show it
    void ((trunk: SipTrunk) => trunk.password);
    // @ts-expect-error a tool's timeout is a number
    void (() => api.tools.update('id', { timeoutSeconds: '20' }));
  });
});
