/**
 * The control API's part of the OpenAPI document says what its routes do:
 * each documented status is one a request can get (and each one a request
 * gets is documented), every success answers what its schema describes
 * (checked with a JSON Schema validator against the published document, not
 * with the zod schemas it came from), and a body is required exactly where a
 * request without one is refused.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { controlledMock, trunkBody } from './helpers.js';

type Json = Record<string, any>;

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const METHODS = ['get', 'put', 'post', 'delete'];

const { app: documentApp } = controlledMock();
const doc = (await (await documentApp.request('/openapi.json')).json()) as Json;

const operations = Object.entries<Json>(doc.paths)
  // GET /__mock/health is served before the control API's guards, to anyone (test/watch-delay-health.test.ts).
  .filter(([path]) => (path === '/__mock' || path.startsWith('/__mock/')) && path !== '/__mock/health')
  .flatMap(([path, item]) =>
    Object.entries<Json>(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ operationId: op.operationId as string, method: method.toUpperCase(), path, op })),
  );
const byId = (operationId: string) => {
  const found = operations.find((operation) => operation.operationId === operationId);
  if (!found) throw new Error(`no control operation ${operationId}`);
  return found;
};
const takesBody = ({ method }: { method: string }) => method === 'POST' || method === 'PUT';
/** The operation's path with an id no route knows where it takes one. */
const concrete = (path: string) => path.replace('{id}', UNKNOWN);
const statuses = (operationId: string) => Object.keys(byId(operationId).op.responses);

interface Ask {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function ask(app: ReturnType<typeof controlledMock>['app'], { method, path, body, headers = {} }: Ask) {
  const init: RequestInit = { method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers } };
  if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await app.request(path, init);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('control API document', () => {
  it('has operations to check', () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  /**
   * A request each operation answers with success, after whatever it needs
   * (a fault to list, a request in the journal, a call in the outbox), so that
   * every answer checked below has something in it.
   */
  const succeeds: Record<string, (mock: ReturnType<typeof controlledMock>) => Promise<Ask>> = {
    listControlOperations: async () => ({ method: 'GET', path: '/__mock' }),
    resetMock: async () => ({ method: 'POST', path: '/__mock/reset', body: {} }),
    listTenants: async () => ({ method: 'GET', path: '/__mock/tenants' }),
    createTenant: async () => ({ method: 'POST', path: '/__mock/tenants', body: { name: 'Acme' } }),
    deleteTenant: async ({ control }) => ({ method: 'DELETE', path: `/__mock/tenants/${(await control.createTenant()).id}` }),
    exportState: async () => ({ method: 'GET', path: '/__mock/state' }),
    importState: async ({ control }) => ({ method: 'PUT', path: '/__mock/state', body: await control.exportState() }),
    injectRecord: async ({ orgId }) => ({
      method: 'POST',
      path: '/__mock/records',
      body: {
        orgId: orgId('demo-token'),
        kind: 'tools',
        record: { type: 'endCall', name: 'hang_up', id: UNKNOWN, createdAt: '2026-01-05T09:30:00.000Z' },
      },
    }),
    listTelephonyConfigurations: async () => ({ method: 'GET', path: '/__mock/telephony' }),
    getTelephonyConfiguration: async ({ control }) => ({
      method: 'GET',
      path: `/__mock/telephony/${(await control.telephony())[0]?.trunkId}`,
    }),
    listJournal: async ({ api }) => {
      await api('demo-token', 'POST', '/tools', { type: 'endCall', name: 'hang_up' });
      return { method: 'GET', path: '/__mock/journal' };
    },
    clearJournal: async () => ({ method: 'DELETE', path: '/__mock/journal' }),
    verifyRequests: async ({ api }) => {
      await api('demo-token', 'GET', '/assistants');
      return { method: 'POST', path: '/__mock/journal/verify', body: { method: 'GET' } };
    },
    listFaults: async ({ control }) => {
      await control.addFault({ path: '/api/v1/tools', status: 503, latency: { minMs: 0, maxMs: 5 }, probability: 0.5, times: 2 });
      return { method: 'GET', path: '/__mock/faults' };
    },
    addFault: async ({ orgId }) => ({ method: 'POST', path: '/__mock/faults', body: { orgId: orgId('demo-token'), status: 500 } }),
    clearFaults: async () => ({ method: 'DELETE', path: '/__mock/faults' }),
    deleteFault: async ({ control }) => ({ method: 'DELETE', path: `/__mock/faults/${(await control.addFault({ status: 500 })).id}` }),
    getClock: async () => ({ method: 'GET', path: '/__mock/clock' }),
    setClock: async () => ({ method: 'POST', path: '/__mock/clock', body: { freezeAt: '2026-01-05T09:30:00.000Z' } }),
    simulateCall: async ({ api, orgId }) => {
      const [assistant] = (await api('demo-token', 'GET', '/assistants')).body;
      return { method: 'POST', path: '/__mock/calls', body: { orgId: orgId('demo-token'), assistantId: assistant.id } };
    },
    listOutbox: async (mock) => {
      await simulated(mock);
      return { method: 'GET', path: '/__mock/outbox' };
    },
    clearOutbox: async (mock) => {
      await simulated(mock);
      return { method: 'DELETE', path: '/__mock/outbox' };
    },
    flushOutbox: async (mock) => {
      await simulated(mock);
      return { method: 'POST', path: '/__mock/outbox/flush' };
    },
    changeProviderState: async () => ({
      method: 'POST',
      path: '/__mock/provider-states',
      body: { state: 'a SIP trunk with id {id} exists', params: { id: UNKNOWN } },
    }),
  };
  /** A call of the demo organization's first assistant, so the outbox holds deliveries. */
  async function simulated({ api, control, orgId }: ReturnType<typeof controlledMock>): Promise<void> {
    const [assistant] = (await api('demo-token', 'GET', '/assistants')).body;
    const { deliveries } = await control.simulateCall({ orgId: orgId('demo-token'), assistantId: assistant.id });
    expect(deliveries.map(({ status }) => status)).toEqual(expect.arrayContaining(['delivered', 'pending']));
  }

  // OpenAPI 3.1's schemas are JSON Schema 2020-12; examples and descriptions are not checks, and the formats zod writes
  // beside a pattern (e164, cidrv4) are checked by that pattern.
  // ajv-formats is CommonJS: its function is the module's `default`.
  const ajv = ajvFormats.default(new Ajv2020({ strict: false, allErrors: true }));
  for (const format of ['e164', 'cidrv4']) ajv.addFormat(format, true);
  const successOf = (op: Json): [number, Json] => {
    const [status, response] = Object.entries<Json>(op.responses).find(([code]) => code.startsWith('2')) ?? [];
    return [Number(status), response?.content['application/json'].schema];
  };

  it('describes the answer of a provider-state teardown too', async () => {
    const mock = controlledMock();
    const { op } = byId('changeProviderState');
    const validate = ajv.compile({ ...successOf(op)[1], components: doc.components });
    const state = { state: 'a SIP trunk with id {id} exists', params: { id: UNKNOWN } };
    expect(validate((await ask(mock.app, { method: 'POST', path: '/__mock/provider-states', body: state })).body)).toBe(true);
    const teardown = await ask(mock.app, { method: 'POST', path: '/__mock/provider-states', body: { ...state, action: 'teardown' } });
    expect(teardown).toEqual({ status: 200, body: {} });
    expect(validate(teardown.body), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('has a successful request for every operation', () => {
    expect(Object.keys(succeeds).sort()).toEqual(operations.map(({ operationId }) => operationId).sort());
  });

  /** Webhooks that take every other delivery and refuse the rest, so the outbox shows attempts of both kinds. */
  const receivers = () => {
    let sent = 0;
    const fetch = async () => (sent++ % 2 === 0 ? new Response('{}', { status: 200 }) : new Response('busy', { status: 503 }));
    return { webhooks: { allowRemote: true, fetch } };
  };

  it.each(operations)('$operationId answers exactly what its document describes', async ({ operationId, op }) => {
    const mock = controlledMock(receivers());
    const request = await (succeeds[operationId] as (typeof succeeds)[string])(mock);
    const reply = await ask(mock.app, request);
    const [status, schema] = successOf(op);
    expect(reply.status, JSON.stringify(reply.body)).toBe(status);
    expect(schema.$ref ?? schema.type ?? schema.anyOf, `${operationId} documents its answer`).toBeDefined();
    const validate = ajv.compile({ ...schema, components: doc.components });
    expect(validate(reply.body), ajv.errorsText(validate.errors)).toBe(true);
  });

  it('documents the three list answers as arrays', () => {
    const arrays = operations.filter(({ op }) => successOf(op)[1].type === 'array');
    expect(arrays.map(({ operationId }) => operationId).sort()).toEqual(['listFaults', 'listTelephonyConfigurations', 'listTenants']);
  });

  it.each(operations)('$operationId lists 403 and 400, which the web-page guard answers', async ({ operationId, method, path }) => {
    const { app } = controlledMock();
    const otherOrigin = await ask(app, { method, path: concrete(path), headers: { origin: 'http://evil.example' } });
    expect(otherOrigin.status).toBe(403);
    const otherName = await ask(app, { method, path: concrete(path), headers: { host: 'evil.example' } });
    expect(otherName.status).toBe(403);
    const noHostName = await ask(app, { method, path: concrete(path), headers: { host: '999.999.999.999' } });
    expect(noHostName.status).toBe(400);
    expect(statuses(operationId)).toEqual(expect.arrayContaining(['400', '403']));
  });

  it.each(operations)('$operationId says a request can be invalid only when it takes a body or a query', async (operation) => {
    const { app } = controlledMock();
    const { operationId, method, path, op } = operation;
    const takesQuery = (op.parameters ?? []).some((parameter: Json) => parameter.in === 'query');
    expect(op.responses['400'].description.includes('not valid'), operationId).toBe(takesBody(operation) || takesQuery);
    if (takesQuery) expect((await ask(app, { method, path: `${concrete(path)}?nope=1` })).status).toBe(400);
    if (takesBody(operation)) expect((await ask(app, { method, path: concrete(path), body: '{' })).status).toBe(400);
  });

  it.each(operations)('$operationId lists 413 and 415 exactly when it reads a body', async (operation) => {
    const { app } = controlledMock();
    const { operationId, method, path } = operation;
    const listed = statuses(operationId).filter((status) => status === '413' || status === '415');
    if (!takesBody(operation)) {
      expect(listed).toEqual([]);
      return;
    }
    expect(listed).toEqual(['413', '415']);
    const tooLarge = { 'content-length': String(2 ** 30) };
    expect((await ask(app, { method, path: concrete(path), body: '{}', headers: tooLarge })).status).toBe(413);
    expect((await ask(app, { method, path: concrete(path), body: 'x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
  });

  /** A request that answers 404, for each operation that can. */
  const notFound: Record<string, Ask> = {
    resetMock: { method: 'POST', path: '/__mock/reset', body: { orgId: UNKNOWN } },
    exportState: { method: 'GET', path: `/__mock/state?orgId=${UNKNOWN}` },
    injectRecord: { method: 'POST', path: '/__mock/records', body: { orgId: UNKNOWN, kind: 'tools', record: {} } },
    simulateCall: { method: 'POST', path: '/__mock/calls', body: { orgId: UNKNOWN, assistantId: 'x' } },
    deleteTenant: { method: 'DELETE', path: `/__mock/tenants/${UNKNOWN}` },
    getTelephonyConfiguration: { method: 'GET', path: `/__mock/telephony/${UNKNOWN}` },
    deleteFault: { method: 'DELETE', path: `/__mock/faults/${UNKNOWN}` },
  };
  /** Routes whose orgId filters: an unknown one gives an empty answer. */
  const filters: Record<string, Ask & { empty: unknown }> = {
    listTelephonyConfigurations: { method: 'GET', path: `/__mock/telephony?orgId=${UNKNOWN}`, empty: [] },
    listOutbox: { method: 'GET', path: `/__mock/outbox?orgId=${UNKNOWN}`, empty: { deliveries: [] } },
    flushOutbox: { method: 'POST', path: `/__mock/outbox/flush?orgId=${UNKNOWN}`, empty: { deliveries: [] } },
    clearOutbox: { method: 'DELETE', path: `/__mock/outbox?orgId=${UNKNOWN}`, empty: { removed: 0 } },
    listJournal: { method: 'GET', path: `/__mock/journal?orgId=${UNKNOWN}`, empty: { entries: [], older: null } },
    verifyRequests: {
      method: 'POST',
      path: '/__mock/journal/verify',
      body: { orgId: UNKNOWN },
      empty: { count: 0, entries: [], older: null },
    },
  };

  it.each(Object.entries(notFound))('%s answers and lists 404', async (operationId, request) => {
    const { app } = controlledMock();
    expect(byId(operationId)).toMatchObject({ method: request.method });
    expect((await ask(app, request)).status).toBe(404);
    expect(statuses(operationId)).toContain('404');
  });

  it('lists 404 on no other operation', () => {
    const listing = operations.filter(({ op }) => '404' in op.responses).map(({ operationId }) => operationId);
    expect(listing.sort()).toEqual(Object.keys(notFound).sort());
  });

  it.each(Object.entries(filters))('%s takes an unknown orgId as a filter, and says so', async (operationId, { empty, ...request }) => {
    const { app } = controlledMock();
    expect(await ask(app, request)).toEqual({ status: 200, body: empty });
    const { op } = byId(operationId);
    const orgId =
      op.parameters?.find((parameter: Json) => parameter.name === 'orgId')?.schema ??
      doc.components.schemas[op.requestBody?.content['application/json'].schema.$ref.split('/').pop()].properties.orgId;
    expect(orgId.description).toMatch(/filter/i);
  });

  /** A request that answers 409, for each operation that can. */
  const conflicts: Record<string, (mock: ReturnType<typeof controlledMock>) => Promise<number>> = {
    simulateCall: async ({ app, api, control, orgId }) => {
      const [assistant] = (await api('demo-token', 'GET', '/assistants')).body;
      await control.setClock({ freezeAt: '0000-01-01T00:00:30.000Z' });
      const call = { orgId: orgId('demo-token'), assistantId: assistant.id, durationSeconds: 60 };
      return (await ask(app, { method: 'POST', path: '/__mock/calls', body: call })).status;
    },
    injectRecord: async ({ app, orgId, control }) => {
      const inject = (org: string, kind: string, record: Json) =>
        ask(app, { method: 'POST', path: '/__mock/records', body: { orgId: org, kind, record } }).then((reply) => reply.status);
      const own = orgId('demo-token');
      const other = (await control.createTenant()).id;
      const tool = { type: 'endCall', name: 'hang_up' };
      expect(await inject(own, 'tools', { ...tool, id: UNKNOWN })).toBe(201);
      // Another tool of that name (tool names are unique), then a SIP trunk whose id another organization holds at the provider.
      expect(await inject(own, 'tools', tool)).toBe(409);
      expect(await inject(own, 'sipTrunks', { ...trunkBody, id: UNKNOWN })).toBe(201);
      expect(await inject(other, 'sipTrunks', { ...trunkBody, id: UNKNOWN })).toBe(409);
      // The organization holds the most records of a kind it may.
      const full = controlledMock({ limits: { recordsPerKind: 1 } });
      const reply = await ask(full.app, {
        method: 'POST',
        path: '/__mock/records',
        body: { orgId: full.orgId('demo-token'), kind: 'tools', record: { ...tool, name: 'hang_up_2' } },
      });
      expect(reply.body.title).toBe('Record Limit Reached');
      // The same id twice.
      return inject(own, 'tools', { ...tool, name: 'hang_up_3', id: UNKNOWN });
    },
    importState: async ({ app, control }) => {
      const state = await control.exportState();
      state.organizations.push(state.organizations[0]!);
      return (await ask(app, { method: 'PUT', path: '/__mock/state', body: state })).status;
    },
    changeProviderState: async ({ app }) => {
      const state = { state: 'a tool with id {id} exists', params: { id: UNKNOWN } };
      expect((await ask(app, { method: 'POST', path: '/__mock/provider-states', body: state })).status).toBe(200);
      return (await ask(app, { method: 'POST', path: '/__mock/provider-states', body: state })).status;
    },
    listJournal: async () => (await ask(controlledMock({ journalLimit: 0 }).app, { method: 'GET', path: '/__mock/journal' })).status,
    verifyRequests: async () =>
      (await ask(controlledMock({ journalLimit: 0 }).app, { method: 'POST', path: '/__mock/journal/verify', body: {} })).status,
  };

  it.each(Object.entries(conflicts))('%s answers and lists 409', async (operationId, conflict) => {
    expect(await conflict(controlledMock())).toBe(409);
    expect(statuses(operationId)).toContain('409');
  });

  it('lists 409 on no other operation', () => {
    const listing = operations.filter(({ op }) => '409' in op.responses).map(({ operationId }) => operationId);
    expect(listing.sort()).toEqual(Object.keys(conflicts).sort());
  });

  /** A request that provisions a SIP trunk, for each operation that does: an injected telephony fault makes it 502. */
  const provisioning: Record<string, (mock: ReturnType<typeof controlledMock>) => Ask> = {
    resetMock: ({ orgId }) => ({ method: 'POST', path: '/__mock/reset', body: { orgId: orgId('demo-token') } }),
    createTenant: () => ({ method: 'POST', path: '/__mock/tenants', body: { scenario: 'default' } }),
    injectRecord: ({ orgId }) => ({
      method: 'POST',
      path: '/__mock/records',
      body: { orgId: orgId('demo-token'), kind: 'sipTrunks', record: { ...trunkBody, id: UNKNOWN } },
    }),
    changeProviderState: () => ({
      method: 'POST',
      path: '/__mock/provider-states',
      body: { state: 'a SIP trunk with id {id} exists', params: { id: UNKNOWN } },
    }),
  };

  it.each(Object.entries(provisioning))('%s answers and lists 502 when the telephony provider fails', async (operationId, request) => {
    const mock = controlledMock();
    await mock.control.addFault({ target: 'telephony', times: 1 });
    const reply = await ask(mock.app, request(mock));
    expect([reply.status, reply.body.title]).toEqual([502, 'Telephony Provider Error']);
    expect(statuses(operationId)).toContain('502');
  });

  it('lists 502 on no other control operation', () => {
    const listing = operations.filter(({ op }) => '502' in op.responses).map(({ operationId }) => operationId);
    expect(listing.sort()).toEqual(Object.keys(provisioning).sort());
  });

  const withBody = operations.filter(({ op }) => op.requestBody !== undefined);
  it.each(withBody)('$operationId requires its body exactly when a request without one is refused', async ({ method, path, op }) => {
    const { app } = controlledMock();
    const reply = await ask(app, { method, path: concrete(path) });
    expect(op.requestBody.required).toBe(reply.status === 400);
    if (reply.status !== 400) expect(reply.status).toBeLessThan(300);
  });

  it('requires the bodies of calls and injected records, and not that of a reset', () => {
    expect(byId('simulateCall').op.requestBody.required).toBe(true);
    expect(byId('injectRecord').op.requestBody.required).toBe(true);
    expect(byId('resetMock').op.requestBody.required).toBe(false);
  });
});
