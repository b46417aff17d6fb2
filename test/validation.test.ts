/**
 * Request bodies: how they are read (content type, JSON, size, shape) and
 * the rules of each resource. Every refusal is a problem+json body that
 * lists every problem with a JSON pointer into the request body.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { freshMock, type Reply } from './helpers/client.js';

type Json = Record<string, any>;

const PROBLEM_KEYS = ['type', 'title', 'status', 'detail', 'errors'];

/** The one error shape: status, then content type, then body. */
function expectProblem(reply: Reply, status: number, title?: string): void {
  expect(reply.status).toBe(status);
  expect(reply.contentType).toMatch(/^application\/problem\+json/);
  expect(typeof reply.body).toBe('object');
  for (const key of Object.keys(reply.body)) expect(PROBLEM_KEYS).toContain(key);
  expect(reply.body.type).toEqual(expect.any(String));
  expect(reply.body.title).toEqual(expect.any(String));
  expect(reply.body.detail).toEqual(expect.any(String));
  expect(reply.body.detail.length).toBeGreaterThan(0);
  expect(reply.body.status).toBe(status);
  if (title !== undefined) expect(reply.body.title).toBe(title);
  if (reply.body.errors !== undefined) {
    expect(Array.isArray(reply.body.errors)).toBe(true);
    for (const entry of reply.body.errors) {
      expect(Object.keys(entry).sort()).toEqual(['message', 'pointer']);
      expect(entry.pointer).toMatch(/^(\/[^/]*)*$/);
      expect(entry.message).toEqual(expect.any(String));
    }
  }
}

const pointers = (reply: Reply): string[] => (reply.body.errors ?? []).map((e: Json) => e.pointer).sort();

const JSON_HEADERS = { 'content-type': 'application/json' };

const trunkBody = { name: 'Hamburg PBX', host: 'pbx.hamburg.example.com' };
const toolBody = { type: 'function', name: 'check_stock', url: 'https://api.example.com/stock' };
const webhookBody = { url: 'https://hooks.example.com/calls', events: ['call.ended'] };
const schemaBody = { name: 'Order details', properties: { orderNumber: 'string' } };
const assistantBody = { name: 'Order desk' };

describe('every problem is listed with its pointer', () => {
  it('lists two bad fields of a trunk as two errors', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, port: 0, transport: 'sctp' } });
    expectProblem(reply, 400, 'Validation Error');
    expect(pointers(reply)).toEqual(['/port', '/transport']);
  });

  it('lists three bad fields of an assistant, nested ones included', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/assistants', {
      body: { name: '', maxDurationSeconds: 5, model: { provider: 'openai', name: 'gpt-4o-mini', temperature: 3 } },
    });
    expectProblem(reply, 400, 'Validation Error');
    expect(pointers(reply)).toEqual(['/maxDurationSeconds', '/model/temperature', '/name']);
  });

  it('lists each missing required field of a create', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/webhooks', { body: {} });
    expectProblem(reply, 400, 'Validation Error');
    expect(pointers(reply)).toEqual(['/events', '/url']);
  });

  it('points at the bad items of a list by index', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', {
      body: { ...trunkBody, phoneNumbers: ['+4940123456789', '040 1234567'], allowedIps: ['300.1.1.1'] },
    });
    expectProblem(reply, 400);
    expect(pointers(reply)).toEqual(['/allowedIps/0', '/phoneNumbers/1']);
  });

  it.each([
    {
      what: 'a field rule and a cross-field rule of a tool',
      path: '/api/v1/tools',
      body: { type: 'function', name: 'no_url_tool', timeoutSeconds: 0 },
      expected: ['/timeoutSeconds', '/url'],
    },
    {
      what: 'a field rule and a missing reference of an assistant',
      path: '/api/v1/assistants',
      body: { name: 'Ref assistant', maxDurationSeconds: 5, schemaId: '9b2f6a4e-1c3d-4e5f-8a7b-0c1d2e3f4a5b' },
      expected: ['/maxDurationSeconds', '/schemaId'],
    },
  ])('lists $what together in one answer', async ({ path, body, expected }) => {
    const { call } = freshMock();
    const reply = await call('POST', path, { body });
    expectProblem(reply, 400, 'Validation Error');
    expect(pointers(reply)).toEqual(expected);
  });
});

describe('unknown keys', () => {
  it('refuses an unknown top-level key and names it', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, phoneNumber: ['+4940123456789'] } });
    expectProblem(reply, 400, 'Validation Error');
    expect(reply.body.errors).toEqual([{ pointer: '/phoneNumber', message: expect.stringContaining('phoneNumber') }]);
  });

  it('refuses an unknown nested key and points at it', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/assistants', {
      body: { ...assistantBody, model: { provider: 'openai', name: 'gpt-4o-mini', temprature: 0.5 } },
    });
    expectProblem(reply, 400);
    expect(reply.body.errors).toEqual([{ pointer: '/model/temprature', message: expect.stringContaining('temprature') }]);
  });

  it('refuses an unknown key in a patch', async () => {
    const { call } = freshMock();
    const tool = (await call('POST', '/api/v1/tools', { body: toolBody })).body;
    const reply = await call('PATCH', `/api/v1/tools/${tool.id}`, { body: { timeout: 30 } });
    expectProblem(reply, 400);
    expect(reply.body.errors).toEqual([{ pointer: '/timeout', message: expect.stringContaining('timeout') }]);
    expect((await call('GET', `/api/v1/tools/${tool.id}`)).body).toStrictEqual(tool);
  });
});

describe('reading the body', () => {
  it.each([
    { what: 'a missing closing brace', raw: '{"name": "x"' },
    { what: 'a trailing comma', raw: '{"name": "x",}' },
    { what: 'single quotes', raw: "{'name': 'x'}" },
    { what: 'an empty body sent as json', raw: '' },
  ])('answers 400 malformed json for $what', async ({ raw }) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/schemas', { raw, headers: JSON_HEADERS });
    expectProblem(reply, 400, 'Malformed JSON');
  });

  it.each([
    { what: 'text/plain', contentType: 'text/plain' },
    { what: 'form data', contentType: 'application/x-www-form-urlencoded' },
    { what: 'xml', contentType: 'application/xml' },
    // Types that only begin like JSON's.
    { what: 'application/jsonfoo', contentType: 'application/jsonfoo' },
    { what: 'JSON text sequences', contentType: 'application/json-seq' },
  ])('answers 415 for a json text sent as $what', async ({ contentType }) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/schemas', { raw: JSON.stringify(schemaBody), headers: { 'content-type': contentType } });
    expectProblem(reply, 415, 'Unsupported Media Type');
  });

  it('answers 415 for a body without a content type', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/schemas', { raw: JSON.stringify(schemaBody) });
    expectProblem(reply, 415);
  });

  it('accepts application/json with a charset', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/schemas', {
      raw: JSON.stringify(schemaBody),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(reply.status).toBe(201);
  });

  it.each(['utf-16', 'us-ascii', '"UTF-16LE"', ''])(
    'reads the bytes as UTF-8 whatever charset the type names (%s): RFC 8259 gives it no effect',
    async (charset) => {
      const { call } = freshMock();
      const reply = await call('POST', '/api/v1/schemas', {
        raw: JSON.stringify({ ...schemaBody, name: 'Zürich ☎' }),
        headers: { 'content-type': `application/json; charset=${charset}` },
      });
      expect(reply.status).toBe(201);
      expect(reply.body.name).toBe('Zürich ☎');
    },
  );

  it('answers 400 for bytes that are not UTF-8, in API and control bodies alike', async () => {
    const { app } = freshMock();
    const bytes = Buffer.concat([Buffer.from('{"name":"Bad '), Buffer.from([0xc3, 0x28]), Buffer.from('","properties":{}}')]);
    for (const [path, headers] of [
      ['/api/v1/schemas', { authorization: 'Bearer demo-token' }],
      ['/__mock/tenants', {}],
    ] as const) {
      const res = await app.request(path, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: bytes });
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toContain('not valid UTF-8');
    }
    // U+FFFD sent as UTF-8 is a character like any other.
    const replacement = await app.request('/api/v1/schemas', {
      method: 'POST',
      headers: { authorization: 'Bearer demo-token', 'content-type': 'application/json' },
      body: JSON.stringify({ ...schemaBody, name: 'Odd \uFFFD name' }),
    });
    expect(replacement.status).toBe(201);
  });

  it('answers 415 for a patch body of the wrong content type', async () => {
    const { call } = freshMock();
    const schema = (await call('POST', '/api/v1/schemas', { body: schemaBody })).body;
    const reply = await call('PATCH', `/api/v1/schemas/${schema.id}`, {
      raw: '{"description":"x"}',
      headers: { 'content-type': 'text/plain' },
    });
    expectProblem(reply, 415);
  });

  it.each(['POST', 'PATCH'])('answers 400 to a %s without a body', async (method) => {
    const { call } = freshMock();
    const schema = (await call('POST', '/api/v1/schemas', { body: schemaBody })).body;
    const path = method === 'POST' ? '/api/v1/schemas' : `/api/v1/schemas/${schema.id}`;
    const reply = await call(method, path);
    expectProblem(reply, 400);
  });

  it.each([
    { what: 'an array', raw: '[{"name": "x"}]' },
    { what: 'a string', raw: '"name"' },
    { what: 'null', raw: 'null' },
    { what: 'a number', raw: '42' },
    { what: 'a boolean', raw: 'true' },
  ])('answers 400 to a body that is $what', async ({ raw }) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/schemas', { raw, headers: JSON_HEADERS });
    expectProblem(reply, 400, 'Validation Error');
  });
});

describe('hostile bodies', () => {
  afterEach(() => {
    // A failing test must not leave a polluted prototype behind for the others.
    delete (Object.prototype as Json).polluted;
  });

  it.each([
    { what: 'a top-level __proto__ key', path: '/api/v1/schemas', raw: '{"name":"x","__proto__":{"polluted":"yes"}}' },
    { what: 'a nested __proto__ key', path: '/api/v1/assistants', raw: '{"name":"x","metadata":{"__proto__":{"polluted":"yes"}}}' },
    { what: 'a constructor.prototype key', path: '/api/v1/assistants', raw: '{"name":"x","constructor":{"prototype":{"polluted":"yes"}}}' },
  ])('answers 400 to $what and leaves Object.prototype alone', async ({ path, raw }) => {
    const { call } = freshMock();
    const reply = await call('POST', path, { raw, headers: JSON_HEADERS });
    expectProblem(reply, 400);
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    expect(({} as Json).polluted).toBeUndefined();
  });

  it('answers 400 to a __proto__ key in a patch and leaves the record alone', async () => {
    const { call } = freshMock();
    const assistant = (await call('POST', '/api/v1/assistants', { body: assistantBody })).body;
    const reply = await call('PATCH', `/api/v1/assistants/${assistant.id}`, {
      raw: '{"__proto__":{"polluted":"yes"},"name":"Changed"}',
      headers: JSON_HEADERS,
    });
    expectProblem(reply, 400);
    expect(({} as Json).polluted).toBeUndefined();
    expect((await call('GET', `/api/v1/assistants/${assistant.id}`)).body.name).toBe('Order desk');
  });

  it.each([
    { what: '1000 nested objects', raw: `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}` },
    { what: '1000 nested arrays inside a field', raw: `{"name":"x","metadata":${'['.repeat(1000)}${']'.repeat(1000)}}` },
    { what: '100000 nested objects', raw: `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}` },
  ])('answers 400, not 5xx, to a body of $what', async ({ raw }) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/assistants', { raw, headers: JSON_HEADERS });
    expectProblem(reply, 400);
  });

  it('accepts a body nested 32 levels deep and refuses one nested 33, counting the values inside the deepest container', async () => {
    const { call } = freshMock();
    // A parameter's JSON Schema may carry keys of its own ("examples" here). The body is level 1, "parameters" 2,
    // "properties" 3, "topic" 4 and "examples" 5, so n arrays under it put the number 1 at level n + 5.
    const nested = (arrays: number, name: string) =>
      `{"type":"function","name":"${name}","url":"https://tools.example.com/deep","parameters":{"type":"object","properties":{"topic":{"type":"string","examples":${'['.repeat(arrays)}1${']'.repeat(arrays)}}}}}`;
    const atLimit = await call('POST', '/api/v1/tools', { raw: nested(27, 'deep_at_limit'), headers: JSON_HEADERS });
    expect(atLimit.status).toBe(201);
    const overLimit = await call('POST', '/api/v1/tools', { raw: nested(28, 'deep_over_limit'), headers: JSON_HEADERS });
    expectProblem(overLimit, 400);
    expect(overLimit.body.detail).toMatch(/nested more than 32 levels deep/);
  });

  it('answers 413 to a body over the configured limit and accepts one under it', async () => {
    const { call } = freshMock({ bodyLimitBytes: 200 });
    const small = await call('POST', '/api/v1/schemas', { body: { ...schemaBody, name: 'Limit probe' } });
    expect(small.status).toBe(201);
    const big = await call('POST', '/api/v1/schemas', { body: { ...schemaBody, name: 'Limit probe', description: 'x'.repeat(300) } });
    expectProblem(big, 413, 'Payload Too Large');
    const schemas = (await call('GET', '/api/v1/schemas')).body as Json[];
    expect(schemas.filter((s) => s.name === 'Limit probe')).toHaveLength(1);
  });

  it('answers 413 to a patch body over the configured limit', async () => {
    const { call } = freshMock({ bodyLimitBytes: 200 });
    const schema = (await call('POST', '/api/v1/schemas', { body: schemaBody })).body;
    const reply = await call('PATCH', `/api/v1/schemas/${schema.id}`, { body: { description: 'y'.repeat(300) } });
    expectProblem(reply, 413);
  });

  it('answers 413 to a body over 1 MiB by default', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/assistants', { body: { ...assistantBody, systemPrompt: 'p'.repeat(1024 * 1024 + 1) } });
    expectProblem(reply, 413, 'Payload Too Large');
  });
});

// ---------------------------------------------------------------------------
// Per-resource rules
// ---------------------------------------------------------------------------

describe('tool rules', () => {
  it.each([
    { what: 'a function tool without url', body: { type: 'function', name: 'f_no_url' }, pointer: '/url' },
    { what: 'an apiRequest tool without url', body: { type: 'apiRequest', name: 'a_no_url' }, pointer: '/url' },
    { what: 'a transferCall tool without destination', body: { type: 'transferCall', name: 't_no_dest' }, pointer: '/destination' },
    {
      what: 'a transferCall tool with a bad destination',
      body: { type: 'transferCall', name: 't_bad', destination: 'front desk' },
      pointer: '/destination',
    },
    { what: 'a tool with a non-http url', body: { type: 'function', name: 'f_ftp', url: 'ftp://files.example.com/x' }, pointer: '/url' },
    { what: 'a tool with a name containing spaces', body: { type: 'endCall', name: 'hang up' }, pointer: '/name' },
    { what: 'a tool of an unknown type', body: { type: 'sendSms', name: 'sms' }, pointer: '/type' },
    { what: 'a tool with a timeout over 300 seconds', body: { ...toolBody, timeoutSeconds: 301 }, pointer: '/timeoutSeconds' },
    {
      what: 'a required parameter that is not among the properties',
      body: {
        ...toolBody,
        parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku', 'warehouse'] },
      },
      pointer: '/parameters/required/1',
    },
    {
      what: 'more required parameters than a tool can take',
      body: { ...toolBody, parameters: { type: 'object', properties: { sku: { type: 'string' } }, required: Array(51).fill('sku') } },
      pointer: '/parameters/required',
    },
    {
      what: 'a sip: destination over 2048 characters',
      body: { type: 'transferCall', name: 't_long', destination: `sip:${'d'.repeat(2030)}@pbx.example.com` },
      pointer: '/destination',
    },
  ])('refuses $what', async ({ body, pointer }) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/tools', { body });
    expectProblem(reply, 400, 'Validation Error');
    expect(pointers(reply)).toEqual([pointer]);
  });

  it.each([
    { what: 'an endCall tool without url', body: { type: 'endCall', name: 'hang_up' } },
    { what: 'a transferCall tool to an E.164 number', body: { type: 'transferCall', name: 'to_desk', destination: '+4940123456789' } },
    { what: 'a transferCall tool to a sip uri', body: { type: 'transferCall', name: 'to_pbx', destination: 'sip:desk@pbx.example.com' } },
    {
      what: 'an apiRequest tool with a url',
      body: { type: 'apiRequest', name: 'get_weather', url: 'http://weather.example.com/now', method: 'GET' },
    },
  ])('accepts $what', async ({ body }) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/tools', { body });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject(body);
  });

  it('refuses to change the type of a tool on patch and keeps the tool', async () => {
    const { call } = freshMock();
    const tool = (await call('POST', '/api/v1/tools', { body: toolBody })).body;
    const reply = await call('PATCH', `/api/v1/tools/${tool.id}`, { body: { type: 'apiRequest' } });
    expectProblem(reply, 400, 'Validation Error');
    expect(pointers(reply)).toEqual(['/type']);
    expect((await call('GET', `/api/v1/tools/${tool.id}`)).body.type).toBe('function');
  });

  it('accepts a patch that repeats the same type', async () => {
    const { call } = freshMock();
    const tool = (await call('POST', '/api/v1/tools', { body: toolBody })).body;
    const reply = await call('PATCH', `/api/v1/tools/${tool.id}`, { body: { type: 'function', timeoutSeconds: 30 } });
    expect(reply.status).toBe(200);
    expect(reply.body.timeoutSeconds).toBe(30);
  });

  it('checks cross-field rules against the patched record (url null on a function tool)', async () => {
    const { call } = freshMock();
    const tool = (await call('POST', '/api/v1/tools', { body: toolBody })).body;
    const reply = await call('PATCH', `/api/v1/tools/${tool.id}`, { body: { url: null } });
    expectProblem(reply, 400);
    expect(pointers(reply)).toEqual(['/url']);
  });

  it('answers 409 to a second tool with the same name', async () => {
    const { call } = freshMock();
    expect((await call('POST', '/api/v1/tools', { body: toolBody })).status).toBe(201);
    const reply = await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: toolBody.name } });
    expectProblem(reply, 409, 'Conflict');
    expect(pointers(reply)).toEqual(['/name']);
    const named = ((await call('GET', '/api/v1/tools')).body as Json[]).filter((t) => t.name === toolBody.name);
    expect(named).toHaveLength(1);
  });

  it('answers 409 to renaming a tool to the name of another', async () => {
    const { call } = freshMock();
    await call('POST', '/api/v1/tools', { body: toolBody });
    const other = (await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'hang_up' } })).body;
    const reply = await call('PATCH', `/api/v1/tools/${other.id}`, { body: { name: toolBody.name } });
    expectProblem(reply, 409);
    expect((await call('GET', `/api/v1/tools/${other.id}`)).body.name).toBe('hang_up');
  });

  it('allows a tool to keep its own name on patch', async () => {
    const { call } = freshMock();
    const tool = (await call('POST', '/api/v1/tools', { body: toolBody })).body;
    const reply = await call('PATCH', `/api/v1/tools/${tool.id}`, { body: { name: toolBody.name, description: 'Stock level' } });
    expect(reply.status).toBe(200);
  });
});

describe('webhook rules', () => {
  it('takes a fetched webhook sent back whole: the masked secret means keep the secret', async () => {
    const { call, mockState, orgOf } = freshMock();
    const created = (await call('POST', '/api/v1/webhooks', { body: webhookBody })).body;
    const fetched = (await call('GET', `/api/v1/webhooks/${created.id}`)).body;
    expect(fetched.secret).toMatch(/^whsec_\*{8}/);
    const reply = await call('PATCH', `/api/v1/webhooks/${created.id}`, { body: { ...fetched, description: 'edited' } });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ description: 'edited', secret: fetched.secret });
    expect(mockState.store.get(orgOf('demo-token').id, 'webhooks', created.id)?.secret).toBe(created.secret);
  });

  it('still refuses a secret that is neither a secret nor the mask', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/webhooks', { body: { ...webhookBody, secret: 'whsec_****' } });
    expectProblem(reply, 400);
    expect(pointers(reply)).toEqual(['/secret']);
  });

  it.each([
    { what: 'a plain http url of a public host', body: { ...webhookBody, url: 'http://hooks.example.com/calls' }, pointer: '/url' },
    { what: 'a plain http url written in capitals', body: { ...webhookBody, url: 'HTTP://hooks.example.com/calls' }, pointer: '/url' },
    { what: 'a url that is not http', body: { ...webhookBody, url: 'ftp://hooks.example.com/calls' }, pointer: '/url' },
    { what: 'a url that is not a url', body: { ...webhookBody, url: 'hooks.example.com' }, pointer: '/url' },
    { what: 'an empty event list', body: { ...webhookBody, events: [] }, pointer: '/events' },
    { what: 'a repeated event', body: { ...webhookBody, events: ['call.ended', 'call.ended'] }, pointer: '/events' },
    { what: 'an unknown event', body: { ...webhookBody, events: ['call.ended', 'call.transferred'] }, pointer: '/events/1' },
    { what: 'a secret of the wrong form', body: { ...webhookBody, secret: 'hunter2' }, pointer: '/secret' },
  ])('refuses $what', async ({ body, pointer }) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/webhooks', { body });
    expectProblem(reply, 400, 'Validation Error');
    expect(pointers(reply)).toEqual([pointer]);
  });

  it.each([
    'http://localhost:3000/hook',
    'HTTP://LOCALHOST:3000/hook',
    'http://127.0.0.1:8080/hook',
    // Every host a simulated call delivers to may take plain http (the whole of 127.0.0.0/8).
    'http://127.0.0.2:8080/hook',
    'http://[::1]:8080/hook',
    'https://hooks.example.com/calls',
  ])('accepts the url %s', async (url) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/webhooks', { body: { ...webhookBody, url } });
    expect(reply.status).toBe(201);
    expect(reply.body.url).toBe(url);
  });

  it('refuses a patch to a plain http url of a public host', async () => {
    const { call } = freshMock();
    const hook = (await call('POST', '/api/v1/webhooks', { body: webhookBody })).body;
    const reply = await call('PATCH', `/api/v1/webhooks/${hook.id}`, { body: { url: 'http://hooks.example.com/calls' } });
    expectProblem(reply, 400);
    expect(pointers(reply)).toEqual(['/url']);
  });
});

describe('schema rules', () => {
  it.each([
    { what: 'a type other than Free', body: { ...schemaBody, type: 'Structured' }, pointer: '/type' },
    {
      what: 'a property name starting with a digit',
      body: { ...schemaBody, properties: { '1stChoice': 'string' } },
      pointer: '/properties/1stChoice',
    },
    {
      what: 'a property name with a dash',
      body: { ...schemaBody, properties: { 'order-number': 'string' } },
      pointer: '/properties/order-number',
    },
    {
      what: 'a property type that is not known',
      body: { ...schemaBody, properties: { preferredDate: 'date' } },
      pointer: '/properties/preferredDate',
    },
    { what: 'a missing name', body: { properties: { orderNumber: 'string' } }, pointer: '/name' },
  ])('refuses $what', async ({ body, pointer }) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/schemas', { body });
    expectProblem(reply, 400, 'Validation Error');
    expect(pointers(reply)).toEqual([pointer]);
  });

  it('defaults the type to Free', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/schemas', { body: schemaBody });
    expect(reply.status).toBe(201);
    expect(reply.body.type).toBe('Free');
  });

  it('refuses a patch to another type', async () => {
    const { call } = freshMock();
    const schema = (await call('POST', '/api/v1/schemas', { body: schemaBody })).body;
    const reply = await call('PATCH', `/api/v1/schemas/${schema.id}`, { body: { type: 'Fixed' } });
    expectProblem(reply, 400);
    expect(pointers(reply)).toEqual(['/type']);
  });
});

describe('sip trunk rules', () => {
  it.each(['https://sip.example.com', 'sip.example.com:5060', 'sip example.com', '', 'sip.example.com/path', '999.1.1.1'])(
    'refuses the host %j',
    async (host) => {
      const { call } = freshMock();
      const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, host } });
      expectProblem(reply, 400, 'Validation Error');
      expect(pointers(reply)).toEqual(['/host']);
    },
  );

  it.each(['203.0.113.5', 'sip.carrier.example.com', 'pbx-1.example.org'])('accepts the host %s', async (host) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, host } });
    expect(reply.status).toBe(201);
    expect(reply.body.host).toBe(host);
  });

  it.each([0, -1, 65536, 70000, 5060.5])('refuses the port %s', async (port) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, port } });
    expectProblem(reply, 400);
    expect(pointers(reply)).toEqual(['/port']);
  });

  it.each([1, 65535])('accepts the port %s', async (port) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, port } });
    expect(reply.status).toBe(201);
    expect(reply.body.port).toBe(port);
  });

  it.each(['004940123456789', '+04940123456', '+49 40 1234567', '4940123456789', '+49401234567890123'])(
    'refuses the phone number %s',
    async (number) => {
      const { call } = freshMock();
      const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, phoneNumbers: ['+4940123456789', number] } });
      expectProblem(reply, 400);
      expect(pointers(reply)).toEqual(['/phoneNumbers/1']);
    },
  );

  it('refuses a repeated phone number', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, phoneNumbers: ['+4940123456789', '+4940123456789'] } });
    expectProblem(reply, 400, 'Validation Error');
    expect(pointers(reply)).toEqual(['/phoneNumbers']);
  });

  it('refuses a repeated phone number in a patch and keeps the trunk', async () => {
    const { call } = freshMock();
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, phoneNumbers: ['+4940123456789'] } })).body;
    const reply = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { phoneNumbers: ['+4940111111111', '+4940111111111'] } });
    expectProblem(reply, 400);
    expect(pointers(reply)).toEqual(['/phoneNumbers']);
    expect((await call('GET', `/api/v1/sip-trunks/${trunk.id}`)).body.phoneNumbers).toEqual(['+4940123456789']);
  });

  it.each(['300.1.1.1', '10.0.0.0/33', 'example.com'])('refuses the allowed ip %s', async (ip) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/sip-trunks', { body: { ...trunkBody, allowedIps: [ip] } });
    expectProblem(reply, 400);
    expect(pointers(reply)).toEqual(['/allowedIps/0']);
  });
});

describe('fields that take one of several forms', () => {
  it.each([
    {
      what: 'a destination that is no number or uri',
      path: '/api/v1/tools',
      body: { type: 'transferCall', name: 't1', destination: 'abc' },
      pointer: '/destination',
      says: /E\.164 number .* or a sip: URI/,
    },
    {
      what: 'a destination that is a number type',
      path: '/api/v1/tools',
      body: { type: 'transferCall', name: 't1', destination: 5 },
      pointer: '/destination',
      says: /E\.164 number .* or a sip: URI/,
    },
    {
      what: 'an allowed ip that is no address',
      path: '/api/v1/sip-trunks',
      body: { ...trunkBody, allowedIps: ['zzz'] },
      pointer: '/allowedIps/0',
      says: /IPv4 address .* or a CIDR range/,
    },
  ])('says which forms it takes, for $what', async ({ path, body, pointer, says }) => {
    const { call } = freshMock();
    const reply = await call('POST', path, { body });
    expectProblem(reply, 400);
    expect(reply.body.errors).toEqual([{ pointer, message: expect.stringMatching(says) }]);
  });

  it('says which types an assistant metadata value takes', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/assistants', { body: { ...assistantBody, metadata: { x: {} } } });
    expectProblem(reply, 400);
    expect(reply.body.errors).toEqual([{ pointer: '/metadata/x', message: 'Expected string, number, boolean or null.' }]);
  });

  it('says which forms an allowed ip takes on a PATCH too', async () => {
    const { call } = freshMock();
    const trunk = (await call('POST', '/api/v1/sip-trunks', { body: trunkBody })).body;
    const reply = await call('PATCH', `/api/v1/sip-trunks/${trunk.id}`, { body: { allowedIps: ['zzz'] } });
    expectProblem(reply, 400);
    expect(reply.body.errors).toEqual([{ pointer: '/allowedIps/0', message: expect.stringMatching(/IPv4 address .* or a CIDR range/) }]);
  });
});

describe('assistant language', () => {
  it('takes a tag of 35 characters and refuses a longer one', async () => {
    const { call } = freshMock();
    const longest = `en${'-abcdefgh'.repeat(3)}-abcde`;
    expect(longest).toHaveLength(35);
    expect((await call('POST', '/api/v1/assistants', { body: { name: 'A', language: longest } })).status).toBe(201);
    const refused = await call('POST', '/api/v1/assistants', { body: { name: 'A', language: `${longest}f` } });
    expectProblem(refused, 400);
    expect(pointers(refused)).toEqual(['/language']);
  });
});

describe('how many entries a map takes', () => {
  const keys = (count: number, value: (index: number) => unknown) =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, value(index)]));
  const cases = [
    {
      what: 'schema properties',
      path: '/api/v1/schemas',
      most: 100,
      body: (n: number) => ({ name: 'S', properties: keys(n, () => 'string') }),
    },
    {
      what: 'tool parameters',
      path: '/api/v1/tools',
      most: 50,
      body: (n: number) => ({ ...toolBody, parameters: { type: 'object', properties: keys(n, () => ({ type: 'string' })) } }),
    },
    { what: 'tool headers', path: '/api/v1/tools', most: 30, body: (n: number) => ({ ...toolBody, headers: keys(n, () => 'v') }) },
    { what: 'assistant metadata', path: '/api/v1/assistants', most: 50, body: (n: number) => ({ name: 'A', metadata: keys(n, () => 1) }) },
  ];

  it.each(cases)('takes as many $what as the limit, and refuses one more', async ({ path, most, body }) => {
    const { call } = freshMock();
    expect((await call('POST', path, { body: body(most) })).status).toBe(201);
    const refused = await call('POST', path, { body: body(most + 1) });
    expectProblem(refused, 400);
  });
});
