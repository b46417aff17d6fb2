/**
 * The OpenAPI document at /openapi.json and the /docs page built on it:
 * a valid OpenAPI 3.1 document (checked by an independent validator) with
 * five operations for every resource (the spec's among them) and the spec's
 * error codes, request examples the server
 * itself accepts, a committed snapshot in contracts/openapi.json, and a
 * reference page that needs no other host.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../src/domain/resources/index.js';
import { createApp } from '../src/http/app.js';
import { readSwaggerAsset } from '../src/server/docs-assets-node.js';
import { freshMock } from './helpers/client.js';

type Json = Record<string, any>;

// Every resource of the registry, with the names its operations and components take.
const resourceRows = resources.map(({ path, names }) => ({ path, type: names.type, types: names.types }));

const operationRows = resourceRows.flatMap(({ path, type, types }) => [
  { operationId: `list${types}`, method: 'get', path: `/api/v1/${path}`, resource: path, item: false },
  { operationId: `create${type}`, method: 'post', path: `/api/v1/${path}`, resource: path, item: false },
  { operationId: `get${type}`, method: 'get', path: `/api/v1/${path}/{id}`, resource: path, item: true },
  { operationId: `update${type}`, method: 'patch', path: `/api/v1/${path}/{id}`, resource: path, item: true },
  { operationId: `delete${type}`, method: 'delete', path: `/api/v1/${path}/{id}`, resource: path, item: true },
]);

/** The error codes the spec lists for its delete operations (section 4 and 7). */
const specDeleteErrors = [
  { operationId: 'deleteSipTrunk', statuses: ['403', '404'] },
  { operationId: 'deleteAssistant', statuses: ['403'] },
  { operationId: 'deleteTool', statuses: ['404'] },
  { operationId: 'deleteWebhook', statuses: ['404'] },
] as const;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

async function fetchDocument(): Promise<{ status: number; contentType: string | null; doc: Json }> {
  const res = await createApp().request('/openapi.json');
  return { status: res.status, contentType: res.headers.get('content-type'), doc: (await res.json()) as Json };
}

function operationsOf(doc: Json): { method: string; path: string; op: Json }[] {
  return Object.entries<Json>(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries<Json>(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op })),
  );
}

function operation(doc: Json, operationId: string): Json {
  const found = operationsOf(doc).find(({ op }) => op.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId} in the document`);
  return found.op;
}

function exampleOf(op: Json): unknown {
  return op.requestBody?.content?.['application/json']?.example;
}

describe('openapi document', () => {
  let doc: Json;
  beforeAll(async () => {
    ({ doc } = await fetchDocument());
  });

  it('is served without a token as an openapi 3.1.0 json document', async () => {
    const { status, contentType, doc: served } = await fetchDocument();
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/json/);
    expect(served.openapi).toBe('3.1.0');
    expect(served.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
  });

  it('shows a record with every field a create fills in, nested ones too, as required and without a default', async () => {
    const tools = ['FunctionTool', 'ApiRequestTool', 'TransferCallTool', 'EndCallTool'];
    const records = ['SipTrunk', 'Assistant', 'Schema', 'Tool', ...tools, 'Webhook'].map((name) => doc.components.schemas[name]);
    // A default in a response schema tells a client the field may be missing; a record always holds it.
    expect(records.filter((schema) => JSON.stringify(schema).includes('"default"'))).toEqual([]);
    expect(doc.components.schemas.Assistant.properties.model.required).toEqual(['provider', 'name', 'temperature']);
    for (const tool of tools)
      expect(doc.components.schemas[tool].properties.parameters.required).toEqual(['type', 'properties', 'required']);
    // And so every field of every record the API answers is there.
    const { call } = freshMock();
    for (const path of ['assistants', 'tools']) {
      for (const record of (await call('GET', `/api/v1/${path}`)).body as Json[]) {
        expect(Object.keys(path === 'assistants' ? record.model : record.parameters)).toEqual(
          expect.arrayContaining(path === 'assistants' ? ['temperature'] : ['properties', 'required']),
        );
      }
    }
  });

  it('passes the independent openapi schema validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has exactly the five operations of every resource under /api/v1, each with a unique operation id', () => {
    const ops = operationsOf(doc).filter(({ path }) => path.startsWith('/api/v1'));
    const ids = ops.map(({ op }) => op.operationId);
    expect(ops).toHaveLength(resources.length * 5);
    expect(new Set(ids).size).toBe(ops.length);
    expect([...ids].sort()).toEqual(operationRows.map((row) => row.operationId).sort());
  });

  it('documents every other operation as the control API, under its own tag', () => {
    const control = operationsOf(doc).filter(({ path }) => !path.startsWith('/api/v1'));
    expect(control.length).toBeGreaterThan(10);
    for (const { path, op } of control) {
      expect(path).toMatch(/^\/__mock(\/|$)/);
      expect(op.tags).toEqual(['Control']);
    }
  });

  it.each(operationRows)('declares $operationId as $method $path', ({ operationId, method, path }) => {
    const found = operationsOf(doc).find(({ op }) => op.operationId === operationId);
    expect(found).toMatchObject({ method, path });
  });

  it.each(operationRows)('$operationId takes the id path parameter only when it addresses one record', ({ operationId, item }) => {
    const parameters: Json[] = operation(doc, operationId).parameters ?? [];
    const pathParams = parameters.filter((parameter) => parameter.in === 'path');
    if (item) {
      expect(pathParams).toHaveLength(1);
      expect(pathParams[0]).toMatchObject({ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } });
    } else {
      expect(pathParams).toEqual([]);
    }
  });

  it.each(operationRows)('$operationId documents a 2xx response and 401 as a problem', ({ operationId }) => {
    const responses: Json = operation(doc, operationId).responses;
    const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
    expect(success).toHaveLength(1);
    expect(responses['401']).toBeDefined();
    expect(Object.keys(responses['401'].content ?? {})).toContain('application/problem+json');
  });

  it.each(specDeleteErrors)('$operationId lists the errors the spec gives it ($statuses)', ({ operationId, statuses }) => {
    const responses: Json = operation(doc, operationId).responses;
    for (const status of statuses) {
      expect(responses[status], `${operationId} ${status}`).toBeDefined();
      expect(Object.keys(responses[status].content ?? {})).toContain('application/problem+json');
    }
  });

  it('lists 502 exactly on the API writes that reach the telephony provider, which answer it under a telephony fault', async () => {
    // The control operations that provision trunks are checked in test/control/openapi.test.ts.
    const listing = operationsOf(doc).filter(({ path, op }) => path.startsWith('/api/v1/') && '502' in op.responses);
    expect(listing.map(({ op }) => op.operationId).sort()).toEqual(['createSipTrunk', 'deleteSipTrunk', 'updateSipTrunk']);
    for (const { op } of listing) expect(Object.keys(op.responses['502'].content)).toEqual(['application/problem+json']);

    const { call } = freshMock();
    const created = await call('POST', '/api/v1/sip-trunks', { body: exampleOf(operation(doc, 'createSipTrunk')) });
    expect(created.status).toBe(201);
    const fault = await call('POST', '/__mock/faults', { body: { target: 'telephony' }, token: null });
    expect(fault.status).toBe(201);
    const answers = [
      await call('POST', '/api/v1/sip-trunks', { body: { ...(exampleOf(operation(doc, 'createSipTrunk')) as Json), name: 'Another' } }),
      await call('PATCH', `/api/v1/sip-trunks/${created.body.id}`, { body: exampleOf(operation(doc, 'updateSipTrunk')) }),
      await call('DELETE', `/api/v1/sip-trunks/${created.body.id}`),
    ];
    expect(answers.map(({ status }) => status)).toEqual([502, 502, 502]);
  });

  it.each(operationRows.filter((row) => row.operationId.startsWith('create') || row.operationId.startsWith('update')))(
    '$operationId has a json request body with an example object',
    ({ operationId }) => {
      const op = operation(doc, operationId);
      expect(op.requestBody?.required).toBe(true);
      const example = exampleOf(op);
      expect(example).toBeTypeOf('object');
      expect(example).not.toBeNull();
      expect(Object.keys(example as object).length).toBeGreaterThan(0);
    },
  );

  it.each(resourceRows)('the create example of $path is accepted as-is by a fresh mock', async ({ path, type }) => {
    const example = exampleOf(operation(doc, `create${type}`));
    const { call } = freshMock();
    const reply = await call('POST', `/api/v1/${path}`, { body: example });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.contentType).toMatch(/^application\/json/);
    expect(reply.body.id).toEqual(expect.any(String));
  });

  it.each(resourceRows)('the update example of $path is accepted as-is on an unlocked, non-system record', async ({ path, type }) => {
    const example = exampleOf(operation(doc, `update${type}`)) as Json;
    const { call } = freshMock();
    const list = await call('GET', `/api/v1/${path}`);
    expect(list.status).toBe(200);
    const target = (list.body as Json[]).find((record) => record.isLocked !== true && record.isSystem !== true);
    expect(target, `no unlocked, non-system ${path} in the seed`).toBeDefined();

    const reply = await call('PATCH', `/api/v1/${path}/${target?.id}`, { body: example });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.contentType).toMatch(/^application\/json/);
    expect(reply.body).toMatchObject({ id: target?.id, ...example });
  });

  it('matches the committed snapshot in contracts/openapi.json', async () => {
    await expect(`${JSON.stringify(doc, null, 2)}\n`).toMatchFileSnapshot('../contracts/openapi.json');
  });

  it('is the same document from every new app', async () => {
    const { doc: again } = await fetchDocument();
    expect(again).toEqual(doc);
  });
});

/** Whether a string passes a schema's string rules (type, pattern, allOf, anyOf): enough for the rules below. */
function passes(schema: Json, value: string): boolean {
  if (schema.anyOf && !schema.anyOf.some((arm: Json) => passes(arm, value))) return false;
  if (schema.allOf && !schema.allOf.every((part: Json) => passes(part, value))) return false;
  // JSON Schema patterns are ECMA-262 regular expressions, not anchored.
  return schema.pattern === undefined || new RegExp(schema.pattern).test(value);
}

function formatsIn(value: unknown): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => (key === 'format' && typeof inner === 'string' ? [inner] : formatsIn(inner)));
}

describe('request rules in the document, as the server applies them', () => {
  let doc: Json;
  beforeAll(async () => {
    ({ doc } = await fetchDocument());
  });
  const created = async (path: string, body: Json) => (await freshMock().call('POST', `/api/v1/${path}`, { body })).status;

  it('uses only formats JSON Schema defines', () => {
    expect([...new Set(formatsIn(doc))].sort()).toEqual(['date-time', 'ipv4', 'uri', 'uuid']);
  });

  const trunk = { name: 'Rules', host: 'sip.example.com' };
  const trunkField = (field: string) => doc.components.schemas.SipTrunkCreate.properties[field];

  it.each(['+14155550123', '14155550123', '+0123456789', '+1415', '+1415555012345678', '+1 415 555 0123'])(
    'a SIP trunk phone number %s passes the documented pattern exactly when the server takes it',
    async (number) => {
      const documented = passes(trunkField('phoneNumbers').items, number);
      expect(await created('sip-trunks', { ...trunk, phoneNumbers: [number] })).toBe(documented ? 201 : 400);
    },
  );

  it.each(['sip.example.com', 'pbx', '10.0.0.1', '999.1.1.1', '10.0.0', 'bad host', '-pbx.example.com', 'a..b', 'sip.example.com:5060'])(
    'a SIP trunk host %s passes the documented patterns exactly when the server takes it',
    async (host) => {
      const documented = passes(trunkField('host'), host);
      expect(await created('sip-trunks', { ...trunk, host })).toBe(documented ? 201 : 400);
    },
  );

  it.each(['10.0.0.1', '10.0.0.0/24', '10.0.0.0/33', '256.0.0.1', '::1', '2001:db8::/32', 'pbx.example.com', '010.0.0.1'])(
    'an allowed IP %s passes the documented patterns exactly when the server takes it',
    async (ip) => {
      const documented = passes(trunkField('allowedIps').items, ip);
      expect(await created('sip-trunks', { ...trunk, allowedIps: [ip] })).toBe(documented ? 201 : 400);
    },
  );

  const properties = () => doc.components.schemas.SchemaCreate.properties.properties;

  it.each(['summary', '_private', 'callback2', '2callback', 'call-back', 'x'.repeat(64), 'x'.repeat(65), ''])(
    'a schema property name %s passes the documented propertyNames exactly when the server takes it',
    async (name) => {
      const documented = passes(properties().propertyNames, name);
      expect(await created('schemas', { name: 'Rules', properties: { [name]: 'string' } })).toBe(documented ? 201 : 400);
    },
  );

  it.each([100, 101])(
    'a schema of %i properties is within the documented maxProperties exactly when the server takes it',
    async (count) => {
      const map = Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, 'string']));
      expect(await created('schemas', { name: 'Rules', properties: map })).toBe(count <= properties().maxProperties ? 201 : 400);
    },
  );

  it('documents the E.164 rule of a simulated call party, the one the API uses', () => {
    const party = doc.components.schemas.SimulateCallRequest.properties.from.anyOf;
    expect(party).toContainEqual(expect.objectContaining({ pattern: trunkField('phoneNumbers').items.pattern }));
  });
});

describe('docs page', () => {
  it('answers html that loads its assets from /docs/assets/ and from no other host', async () => {
    const res = await createApp().request('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const asset of assets) expect(asset).toMatch(/^\/docs\/assets\//);
    expect(html).not.toMatch(/https?:\/\//i);
    expect(html).toContain("url: '/openapi.json'");
  });

  it.each([
    { file: 'swagger-ui-bundle.js', type: /^(text|application)\/javascript/ },
    { file: 'swagger-ui.css', type: /^text\/css/ },
  ])('serves $file from the installed package', async ({ file, type }) => {
    const app = createApp({ docsAssets: readSwaggerAsset });
    const html = await (await app.request('/docs')).text();
    expect(html).toContain(`/docs/assets/${file}`);
    const res = await app.request(`/docs/assets/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(type);
    expect((await res.text()).length).toBeGreaterThan(1000);
  });

  it.each(['index.html', 'constructor', '__proto__', 'toString'])('answers 404 for an asset it does not ship: %s', async (file) => {
    const res = await createApp({ docsAssets: readSwaggerAsset }).request(`/docs/assets/${file}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  });
});
