/**
 * The five operations of every resource (list, create, get, update, delete)
 * and one status matrix over the operations of every resource with the errors
 * each can give. The cases are written by hand; each table must hold every
 * resource of the registry, so a resource added without its cases fails here.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceKind } from '../src/domain/resource.js';
import { resources } from '../src/domain/resources/index.js';
import { requestExamples } from '../src/state/seed/examples.js';
import { freshMock, OTHER_TOKEN, type Reply, TOKEN } from './helpers/client.js';

type Call = ReturnType<typeof freshMock>['call'];
type Json = Record<string, any>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const T0 = new Date('2026-03-01T10:00:00.000Z');
const T1 = new Date('2026-03-01T11:30:00.000Z');

/**
 * Ids of seeded records, read through the API at run time: one of every
 * resource of the registry under its kind (an ordinary trunk, an unlocked
 * schema), and the special ones by name.
 */
async function seededIds(call: Call, token = TOKEN): Promise<Record<string, string>> {
  const list = async (path: string): Promise<Json[]> => {
    const reply = await call('GET', `/api/v1/${path}`, { token });
    expect(reply.status).toBe(200);
    return reply.body;
  };
  const pick = (records: Json[], what: string, where: (r: Json) => boolean = () => true): string => {
    const found = records.find(where);
    if (!found) throw new Error(`the seed has no ${what}`);
    return found.id as string;
  };
  const byKind = Object.fromEntries(
    await Promise.all(resources.map(async (def) => [def.kind, pick(await list(def.path), def.names.singular)] as const)),
  );
  const trunks = await list('sip-trunks');
  const schemas = await list('schemas');
  const special = {
    trunk: pick(trunks, 'ordinary trunk', (t) => t.isSystem === false),
    systemTrunk: pick(trunks, 'system trunk', (t) => t.isSystem === true),
    schema: pick(schemas, 'unlocked schema', (s) => s.isLocked === false),
    lockedSchema: pick(schemas, 'locked schema', (s) => s.isLocked === true),
    tool: byKind.tools ?? '',
    missing: randomUUID(),
  };
  return { ...byKind, sipTrunks: special.trunk, schemas: special.schema, ...special };
}

const expectJson = (reply: Reply, status: number) => {
  expect(reply.status).toBe(status);
  expect(reply.contentType).toMatch(/^application\/json/);
};

// ---------------------------------------------------------------------------
// Lifecycle of each resource
// ---------------------------------------------------------------------------

interface ResourceCase {
  name: string;
  kind: ResourceKind;
  path: string;
  /** A valid create body, written by hand. */
  create: Json;
  /** The record the create must return, besides id and timestamps. */
  record: Json;
  /** A PATCH body that changes some keys and replaces one array or map. */
  patch: Json;
}

const bookingLookup = {
  type: 'function',
  name: 'lookup_booking',
  description: 'Looks up a booking by its reference.',
  parameters: {
    type: 'object',
    properties: { bookingId: { type: 'string', description: 'The reference the caller reads out.' } },
    required: ['bookingId'],
  },
  url: 'https://api.example.com/bookings/lookup',
  method: 'GET',
  headers: { 'X-Api-Key': 'key-123', 'X-Tenant': 'north' },
  timeoutSeconds: 15,
};

const dentalDesk = {
  name: 'Dental front desk',
  firstMessage: 'Good morning, Smile Dental, how can I help?',
  systemPrompt: 'You book and move dental appointments. Confirm the date back to the caller.',
  model: { provider: 'openai', name: 'gpt-4o-mini', temperature: 0.4 },
  voice: { provider: 'elevenlabs', voiceId: 'rachel' },
  language: 'en-GB',
  maxDurationSeconds: 900,
  toolIds: [],
  schemaId: null,
  sipTrunkId: null,
  metadata: { clinic: 'north', floor: 2 },
};

const resourceCases: ResourceCase[] = [
  {
    name: 'sip trunk',
    kind: 'sipTrunks',
    path: 'sip-trunks',
    create: {
      name: 'Berlin office PBX',
      host: 'pbx.berlin.example.com',
      port: 5061,
      transport: 'tls',
      username: 'berlin-office',
      password: 'correct-horse-battery',
      allowedIps: ['203.0.113.10', '198.51.100.0/24'],
      phoneNumbers: ['+4930123456789', '+4930123456780'],
      inboundEnabled: true,
      outboundEnabled: false,
    },
    record: {
      name: 'Berlin office PBX',
      host: 'pbx.berlin.example.com',
      port: 5061,
      transport: 'tls',
      username: 'berlin-office',
      hasPassword: true,
      allowedIps: ['203.0.113.10', '198.51.100.0/24'],
      phoneNumbers: ['+4930123456789', '+4930123456780'],
      inboundEnabled: true,
      outboundEnabled: false,
      isSystem: false,
    },
    patch: { name: 'Berlin office PBX (new)', phoneNumbers: ['+4930999999999'] },
  },
  {
    name: 'assistant',
    kind: 'assistants',
    path: 'assistants',
    // Every field given, so the record shows exactly what was sent.
    create: dentalDesk,
    record: dentalDesk,
    patch: { maxDurationSeconds: 300, metadata: { clinic: 'south' } },
  },
  {
    name: 'schema',
    kind: 'schemas',
    path: 'schemas',
    create: {
      name: 'Booking details',
      type: 'Free',
      description: 'The booking the caller asks for.',
      properties: { patientName: 'string', partySize: 'integer', urgent: 'boolean' },
    },
    record: {
      name: 'Booking details',
      type: 'Free',
      description: 'The booking the caller asks for.',
      properties: { patientName: 'string', partySize: 'integer', urgent: 'boolean' },
      isLocked: false,
    },
    patch: { description: 'Only the quoted price.', properties: { quotedPrice: 'number' } },
  },
  {
    name: 'tool',
    kind: 'tools',
    path: 'tools',
    create: bookingLookup,
    record: {
      ...bookingLookup,
      destination: null,
    },
    patch: { timeoutSeconds: 45, headers: { Authorization: 'Bearer abc' } },
  },
  {
    name: 'webhook',
    kind: 'webhooks',
    path: 'webhooks',
    create: {
      url: 'https://hooks.example.com/voice',
      events: ['call.ended', 'call.analyzed'],
      description: 'CRM sync',
      enabled: true,
    },
    record: {
      url: 'https://hooks.example.com/voice',
      events: ['call.ended', 'call.analyzed'],
      description: 'CRM sync',
      assistantId: null,
      enabled: true,
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9]{24,64}$/),
    },
    patch: { enabled: false, events: ['call.started'] },
  },
];

/** What get and list show for a record the create returned (webhook secrets are masked after create). */
function shownLater(created: Json): Json {
  if (typeof created.secret !== 'string') return created;
  return { ...created, secret: `whsec_********${created.secret.slice(-4)}` };
}

describe('the hand-written cases', () => {
  it('cover every resource of the registry', () => {
    const kinds = resources.map((def) => def.kind).sort();
    expect(resourceCases.map((c) => c.kind).sort()).toEqual(kinds);
    const paths = resources.map((def) => def.path).sort();
    for (const table of [validCreate, validPatch, invalidCreate, invalidPatch]) expect(Object.keys(table).sort()).toEqual(paths);
  });
});

describe.each(resourceCases)('$name', ({ kind, path, create, record, patch }) => {
  const collection = `/api/v1/${path}`;

  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists the records of the caller as a plain json array', async () => {
    const { call, mockState, orgOf } = freshMock();
    const reply = await call('GET', collection);
    expectJson(reply, 200);
    expect(Array.isArray(reply.body)).toBe(true);
    expect(reply.body.length).toBeGreaterThan(0);
    const stored = mockState.store.list(orgOf(TOKEN).id, kind).map((r) => r.id);
    expect(reply.body.map((r: Json) => r.id)).toEqual(stored);
  });

  it('creates a record and answers 201 with the full record', async () => {
    const { call } = freshMock();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const reply = await call('POST', collection, { body: create });
    expectJson(reply, 201);
    expect(reply.body).toStrictEqual({
      id: expect.stringMatching(UUID),
      ...record,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    });
  });

  it('ignores server-owned keys in the create body', async () => {
    const { call } = freshMock();
    const planted = {
      id: '00000000-0000-4000-8000-000000000000',
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
      ...(path === 'sip-trunks' ? { isSystem: true, hasPassword: false } : {}),
      ...(path === 'schemas' ? { isLocked: true } : {}),
    };
    const reply = await call('POST', collection, { body: { ...create, ...planted } });
    expectJson(reply, 201);
    expect(reply.body.id).toMatch(UUID);
    expect(reply.body.id).not.toBe(planted.id);
    expect(reply.body.createdAt).not.toBe(planted.createdAt);
    expect(reply.body.updatedAt).not.toBe(planted.updatedAt);
    if (path === 'sip-trunks') expect(reply.body).toMatchObject({ isSystem: false, hasPassword: true });
    if (path === 'schemas') expect(reply.body.isLocked).toBe(false);
    const again = await call('GET', `${collection}/${planted.id}`);
    expect(again.status).toBe(404);
  });

  it('shows a created record first in the list and by get', async () => {
    const { call } = freshMock();
    const before = (await call('GET', collection)).body as Json[];
    const created = (await call('POST', collection, { body: create })).body;
    const list = await call('GET', collection);
    expectJson(list, 200);
    expect(list.body).toHaveLength(before.length + 1);
    expect(list.body[0]).toStrictEqual(shownLater(created));
    const got = await call('GET', `${collection}/${created.id}`);
    expectJson(got, 200);
    expect(got.body).toStrictEqual(shownLater(created));
  });

  it('updates only the given keys, replaces arrays and maps, moves updatedAt and keeps createdAt', async () => {
    const { call } = freshMock();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const created = (await call('POST', collection, { body: create })).body;
    vi.setSystemTime(T1);
    const reply = await call('PATCH', `${collection}/${created.id}`, { body: patch });
    expectJson(reply, 200);
    expect(reply.body).toStrictEqual({ ...shownLater(created), ...patch, createdAt: T0.toISOString(), updatedAt: T1.toISOString() });
    const got = await call('GET', `${collection}/${created.id}`);
    expect(got.body).toStrictEqual(reply.body);
  });

  it('accepts an empty patch and changes nothing but updatedAt', async () => {
    const { call } = freshMock();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const created = (await call('POST', collection, { body: create })).body;
    vi.setSystemTime(T1);
    const reply = await call('PATCH', `${collection}/${created.id}`, { body: {} });
    expectJson(reply, 200);
    expect(reply.body).toStrictEqual({ ...shownLater(created), updatedAt: T1.toISOString() });
  });

  it('ignores server-owned keys in a patch body', async () => {
    const { call } = freshMock();
    const created = (await call('POST', collection, { body: create })).body;
    const reply = await call('PATCH', `${collection}/${created.id}`, {
      body: { id: randomUUID(), createdAt: '2000-01-01T00:00:00.000Z', ...(path === 'schemas' ? { isLocked: true } : {}) },
    });
    expectJson(reply, 200);
    expect(reply.body.id).toBe(created.id);
    expect(reply.body.createdAt).toBe(created.createdAt);
    if (path === 'schemas') expect(reply.body.isLocked).toBe(false);
  });

  it('deletes a record, answers 200 with exactly {} and then 404 on get', async () => {
    const { call } = freshMock();
    const created = (await call('POST', collection, { body: create })).body;
    const reply = await call('DELETE', `${collection}/${created.id}`);
    expectJson(reply, 200);
    expect(reply.body).toStrictEqual({});
    const got = await call('GET', `${collection}/${created.id}`);
    expect(got.status).toBe(404);
    expect(got.contentType).toMatch(/^application\/problem\+json/);
    const list = (await call('GET', collection)).body as Json[];
    expect(list.map((r) => r.id)).not.toContain(created.id);
  });
});

describe('names at their longest', () => {
  // The fuzz bodies' long strings are mostly far over a limit; these sit exactly on it.
  const named = resources.filter((def) => typeof (def.writable as { name?: { maxLength?: unknown } }).name?.maxLength === 'number');

  it.each(named.map((def) => [def.kind, def] as const))(
    '%s: takes a name of the longest length, refuses one longer',
    async (_kind, def) => {
      const { call } = freshMock();
      const max = (def.writable as unknown as { name: { maxLength: number } }).name.maxLength;
      const body = requestExamples(def).create;
      const longest = await call('POST', `/api/v1/${def.path}`, { body: { ...body, name: 'n'.repeat(max) } });
      expect(longest.status, JSON.stringify(longest.body)).toBe(201);
      const id = (longest.body as { id: string }).id;
      expect((await call('PATCH', `/api/v1/${def.path}/${id}`, { body: { name: 'm'.repeat(max) } })).status).toBe(200);
      expect((await call('POST', `/api/v1/${def.path}`, { body: { ...body, name: 'n'.repeat(max + 1) } })).status).toBe(400);
    },
  );

  it('covers the resources whose names have a length limit', () => {
    expect(named.map((def) => def.kind)).toEqual(expect.arrayContaining(['assistants', 'schemas', 'sipTrunks']));
  });
});

describe('what is stored is what validation made of the body', () => {
  it('keeps a name trimmed on create and on update, as its schema gives it', async () => {
    const { call } = freshMock();
    const created = await call('POST', '/api/v1/assistants', { body: { name: '  Padded desk  ' } });
    expect(created.status).toBe(201);
    const { id, name } = created.body as { id: string; name: string };
    expect(name).toBe('Padded desk');
    const updated = await call('PATCH', `/api/v1/assistants/${id}`, { body: { name: '  Padded again  ' } });
    expect((updated.body as { name: string }).name).toBe('Padded again');
    expect(((await call('GET', `/api/v1/assistants/${id}`)).body as { name: string }).name).toBe('Padded again');
  });
});

describe('delete request bodies', () => {
  const rows = resources.map((def) => ({ path: def.path, key: def.kind }));

  it.each(rows)('accepts a delete of $path with the body {} sent as application/json', async ({ path, key }) => {
    const { call } = freshMock();
    const id = (await seededIds(call))[key];
    const reply = await call('DELETE', `/api/v1/${path}/${id}`, { raw: '{}', headers: { 'content-type': 'application/json' } });
    expectJson(reply, 200);
    expect(reply.body).toStrictEqual({});
    expect((await call('GET', `/api/v1/${path}/${id}`)).status).toBe(404);
  });

  it.each(rows)('accepts a delete of $path with no body and no content type', async ({ path, key }) => {
    const { call } = freshMock();
    const id = (await seededIds(call))[key];
    const reply = await call('DELETE', `/api/v1/${path}/${id}`);
    expectJson(reply, 200);
    expect(reply.body).toStrictEqual({});
    expect((await call('GET', `/api/v1/${path}/${id}`)).status).toBe(404);
  });
});

// ---------------------------------------------------------------------------
// Status matrix: every operation of every resource, success and its errors
// ---------------------------------------------------------------------------

const validCreate: Record<string, Json> = {
  'sip-trunks': { name: 'Matrix trunk', host: 'sip.matrix.example.com' },
  assistants: { name: 'Matrix assistant' },
  schemas: { name: 'Matrix schema', properties: { summary: 'string' } },
  tools: { type: 'endCall', name: 'matrix_hang_up' },
  webhooks: { url: 'https://matrix.example.com/hook', events: ['call.ended'] },
};
const validPatch: Record<string, Json> = {
  'sip-trunks': { name: 'Renamed trunk' },
  assistants: { maxDurationSeconds: 120 },
  schemas: { description: 'Renamed' },
  tools: { description: 'Renamed' },
  webhooks: { enabled: false },
};
const invalidCreate: Record<string, Json> = {
  'sip-trunks': { name: 'No host' },
  assistants: { name: '' },
  schemas: { name: 'Bad type', type: 'Structured' },
  tools: { type: 'teleport', name: 'x' },
  webhooks: { url: 'https://matrix.example.com/hook', events: [] },
};
const invalidPatch: Record<string, Json> = {
  'sip-trunks': { port: 0 },
  assistants: { maxDurationSeconds: 5 },
  schemas: { name: '' },
  tools: { timeoutSeconds: 0 },
  webhooks: { events: ['call.nothing'] },
};

interface MatrixRow {
  case: string;
  method: string;
  /** `:name` is replaced by the id of that seeded record (see seededIds). */
  path: string;
  token: string | null;
  body?: Json;
  status: number;
}

/** The seeded record a resource's item operations use (see seededIds): the one under its kind. */
const ITEM_KEY: Record<string, string> = Object.fromEntries(resources.map((def) => [def.path, def.kind]));

const matrix: MatrixRow[] = Object.keys(validCreate).flatMap((resource): MatrixRow[] => {
  const collection = `/api/v1/${resource}`;
  const item = `${collection}/:${ITEM_KEY[resource]}`;
  const missing = `${collection}/:missing`;
  return [
    { case: `lists ${resource}`, method: 'GET', path: collection, token: TOKEN, status: 200 },
    { case: `refuses to list ${resource} without a token`, method: 'GET', path: collection, token: null, status: 401 },
    { case: `creates one of ${resource}`, method: 'POST', path: collection, token: TOKEN, body: validCreate[resource], status: 201 },
    {
      case: `refuses to create one of ${resource} without a token`,
      method: 'POST',
      path: collection,
      token: null,
      body: validCreate[resource],
      status: 401,
    },
    {
      case: `refuses an invalid create of ${resource}`,
      method: 'POST',
      path: collection,
      token: TOKEN,
      body: invalidCreate[resource],
      status: 400,
    },
    { case: `gets one of ${resource}`, method: 'GET', path: item, token: TOKEN, status: 200 },
    { case: `refuses to get one of ${resource} without a token`, method: 'GET', path: item, token: null, status: 401 },
    { case: `answers 404 to get of an unknown id of ${resource}`, method: 'GET', path: missing, token: TOKEN, status: 404 },
    {
      case: `answers 404 to get of a non-uuid id of ${resource}`,
      method: 'GET',
      path: `${collection}/not-a-uuid`,
      token: TOKEN,
      status: 404,
    },
    { case: `updates one of ${resource}`, method: 'PATCH', path: item, token: TOKEN, body: validPatch[resource], status: 200 },
    {
      case: `refuses to update one of ${resource} without a token`,
      method: 'PATCH',
      path: item,
      token: null,
      body: validPatch[resource],
      status: 401,
    },
    {
      case: `answers 404 to update of an unknown id of ${resource}`,
      method: 'PATCH',
      path: missing,
      token: TOKEN,
      body: validPatch[resource],
      status: 404,
    },
    {
      case: `refuses an invalid update of ${resource}`,
      method: 'PATCH',
      path: item,
      token: TOKEN,
      body: invalidPatch[resource],
      status: 400,
    },
    { case: `deletes one of ${resource}`, method: 'DELETE', path: item, token: TOKEN, status: 200 },
    { case: `refuses to delete one of ${resource} without a token`, method: 'DELETE', path: item, token: null, status: 401 },
    {
      case: `answers ${resource === 'assistants' ? 403 : 404} to delete of an unknown id of ${resource}`,
      method: 'DELETE',
      path: missing,
      token: TOKEN,
      status: resource === 'assistants' ? 403 : 404,
    },
    { case: `answers 405 to put on one of ${resource}`, method: 'PUT', path: item, token: TOKEN, body: validPatch[resource], status: 405 },
    { case: `answers 405 to delete on the ${resource} collection`, method: 'DELETE', path: collection, token: TOKEN, status: 405 },
    {
      case: `answers 405 to patch on the ${resource} collection`,
      method: 'PATCH',
      path: collection,
      token: TOKEN,
      body: validPatch[resource],
      status: 405,
    },
    {
      case: `answers 405 to post on one of ${resource}`,
      method: 'POST',
      path: item,
      token: TOKEN,
      body: validCreate[resource],
      status: 405,
    },
  ];
});

matrix.push(
  { case: 'refuses to delete a system trunk', method: 'DELETE', path: '/api/v1/sip-trunks/:systemTrunk', token: TOKEN, status: 403 },
  {
    case: 'allows a patch of a system trunk',
    method: 'PATCH',
    path: '/api/v1/sip-trunks/:systemTrunk',
    token: TOKEN,
    body: { name: 'Main line' },
    status: 200,
  },
  {
    case: 'refuses to update a locked schema',
    method: 'PATCH',
    path: '/api/v1/schemas/:lockedSchema',
    token: TOKEN,
    body: { description: 'x' },
    status: 403,
  },
  { case: 'refuses to delete a locked schema', method: 'DELETE', path: '/api/v1/schemas/:lockedSchema', token: TOKEN, status: 403 },
  { case: 'gets a locked schema', method: 'GET', path: '/api/v1/schemas/:lockedSchema', token: TOKEN, status: 200 },
  { case: 'refuses an unknown token', method: 'GET', path: '/api/v1/tools', token: 'no-such-token', status: 401 },
  { case: 'accepts the second organization token', method: 'GET', path: '/api/v1/tools', token: OTHER_TOKEN, status: 200 },
  { case: 'answers 404 to an unknown resource', method: 'GET', path: '/api/v1/no-such-things', token: TOKEN, status: 404 },
  { case: 'answers 404 to a path below an item', method: 'GET', path: '/api/v1/tools/:tool/versions', token: TOKEN, status: 404 },
  { case: 'answers 404 to another api version', method: 'GET', path: '/api/v2/tools', token: TOKEN, status: 404 },
  { case: 'answers 404 to a path outside the api', method: 'GET', path: '/nothing-here', token: TOKEN, status: 404 },
  {
    case: 'answers 401 to an unknown route under the api without a token',
    method: 'GET',
    path: '/api/v1/no-such-things',
    token: null,
    status: 401,
  },
);

describe('status matrix', () => {
  it('covers every operation of every resource', () => {
    const operations = new Set(
      matrix
        .filter((row) => row.status < 300)
        .map((row) => `${row.method} ${row.path.replace(/:[a-zA-Z]+$/, '{id}').replace('/not-a-uuid', '/{id}')}`),
    );
    for (const resource of resources.map((def) => def.path)) {
      for (const op of ['GET ', 'POST '].map((m) => `${m}/api/v1/${resource}`)) expect(operations).toContain(op);
      for (const op of ['GET', 'PATCH', 'DELETE'].map((m) => `${m} /api/v1/${resource}/{id}`)) expect(operations).toContain(op);
    }
  });

  it.each(matrix)('$case: $method $path answers $status', async ({ method, path, token, body, status }) => {
    const { call } = freshMock();
    const ids = await seededIds(call);
    const resolved = path.replace(/:([a-zA-Z]+)/g, (_, key: string) => {
      const id = ids[key];
      if (!id) throw new Error(`no id for ${key}`);
      return id;
    });
    const reply = await call(method, resolved, { token, ...(body === undefined ? {} : { body }) });
    expect(reply.status).toBe(status);
    if (status < 300) {
      expect(reply.contentType).toMatch(/^application\/json/);
      if (method === 'DELETE') expect(reply.body).toStrictEqual({});
      if (method === 'POST' || (method === 'GET' && path.includes(':')) || method === 'PATCH') expect(reply.body.id).toMatch(UUID);
      if (method === 'GET' && !path.includes(':')) expect(Array.isArray(reply.body)).toBe(true);
    } else {
      expect(reply.contentType).toMatch(/^application\/problem\+json/);
      expect(reply.body.status).toBe(status);
    }
    if (status === 401) expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
    if (status === 405) expect(reply.headers.get('allow')).toMatch(/GET/);
  });
});
