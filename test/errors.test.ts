/**
 * One error shape for every kind of failure: RFC 9457 problem details
 * (`application/problem+json`, {type, title, status, detail, errors?}),
 * with `status` equal to the HTTP status, including unexpected failures.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../src/domain/errors.js';
import { createMockState } from '../src/state/mock-state.js';
import { freshMock, type Reply } from './helpers/client.js';

type Call = ReturnType<typeof freshMock>['call'];
type Json = Record<string, any>;

const PROBLEM_KEYS = ['type', 'title', 'status', 'detail', 'errors'];
const STACK_FRAME = /\bat .+[:(]\d+:\d+\)?/;

function expectProblemShape(reply: Reply, status: number, title: string): void {
  expect(reply.status).toBe(status);
  expect(reply.contentType).toMatch(/^application\/problem\+json/);
  expect(reply.body).toEqual(expect.objectContaining({ type: expect.any(String), title, status, detail: expect.any(String) }));
  for (const key of Object.keys(reply.body)) expect(PROBLEM_KEYS).toContain(key);
  expect(reply.body.type.length).toBeGreaterThan(0);
  expect(reply.body.detail.length).toBeGreaterThan(0);
  expect(JSON.stringify(reply.body)).not.toMatch(STACK_FRAME);
}

const firstId = async (call: Call, path: string, where: (r: Json) => boolean = () => true): Promise<string> => {
  const found = ((await call('GET', `/api/v1/${path}`)).body as Json[]).find(where);
  if (!found) throw new Error(`the seed has no matching ${path}`);
  return found.id;
};

interface ErrorCase {
  kind: string;
  status: number;
  title: string;
  errors: boolean;
  header?: [string, RegExp];
  send(mock: ReturnType<typeof freshMock>): Promise<Reply>;
}

const cases: ErrorCase[] = [
  {
    kind: 'a validation error',
    status: 400,
    title: 'Validation Error',
    errors: true,
    send: ({ call }) => call('POST', '/api/v1/sip-trunks', { body: { name: 'x', host: 'sip.example.com', port: 0 } }),
  },
  {
    kind: 'malformed json',
    status: 400,
    title: 'Malformed JSON',
    errors: false,
    send: ({ call }) => call('POST', '/api/v1/tools', { raw: '{"type": "endCall",', headers: { 'content-type': 'application/json' } }),
  },
  {
    kind: 'a body that is not an object',
    status: 400,
    title: 'Validation Error',
    errors: false,
    send: ({ call }) => call('POST', '/api/v1/tools', { raw: '[]', headers: { 'content-type': 'application/json' } }),
  },
  {
    kind: 'a wrong content type',
    status: 415,
    title: 'Unsupported Media Type',
    errors: false,
    send: ({ call }) =>
      call('POST', '/api/v1/tools', { raw: 'type=endCall', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  },
  {
    kind: 'an unknown id',
    status: 404,
    title: 'Not Found Error',
    errors: false,
    send: ({ call }) => call('GET', `/api/v1/webhooks/${randomUUID()}`),
  },
  {
    kind: 'a refused delete of a system trunk',
    status: 403,
    title: 'Forbidden Error',
    errors: false,
    send: async ({ call }) => call('DELETE', `/api/v1/sip-trunks/${await firstId(call, 'sip-trunks', (t) => t.isSystem === true)}`),
  },
  {
    kind: 'a refused update of a locked schema',
    status: 403,
    title: 'Forbidden Error',
    errors: false,
    send: async ({ call }) =>
      call('PATCH', `/api/v1/schemas/${await firstId(call, 'schemas', (s) => s.isLocked === true)}`, { body: { description: 'x' } }),
  },
  {
    kind: 'a delete of an unknown assistant',
    status: 403,
    title: 'Forbidden Error',
    errors: false,
    send: ({ call }) => call('DELETE', `/api/v1/assistants/${randomUUID()}`),
  },
  {
    kind: 'a missing token',
    status: 401,
    title: 'Unauthorized',
    errors: false,
    header: ['www-authenticate', /^Bearer /],
    send: ({ call }) => call('GET', '/api/v1/tools', { token: null }),
  },
  {
    kind: 'a conflict',
    status: 409,
    title: 'Conflict',
    errors: true,
    send: async ({ call }) => {
      await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'twice' } });
      return call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'twice' } });
    },
  },
  {
    kind: 'a body too large',
    status: 413,
    title: 'Payload Too Large',
    errors: false,
    send: ({ call }) => call('POST', '/api/v1/schemas', { body: { name: 'Big', description: 'd'.repeat(1024 * 1024 + 10) } }),
  },
  {
    kind: 'an unknown route under the api',
    status: 404,
    title: 'Not Found Error',
    errors: false,
    send: ({ call }) => call('GET', '/api/v1/calls'),
  },
  {
    kind: 'an unknown route outside the api',
    status: 404,
    title: 'Not Found Error',
    errors: false,
    send: ({ call }) => call('POST', '/v2/assistants', { body: {} }),
  },
  {
    kind: 'a method not allowed on an item',
    status: 405,
    title: 'Method Not Allowed',
    errors: false,
    header: ['allow', /^GET, PATCH, DELETE$/],
    send: async ({ call }) => call('PUT', `/api/v1/tools/${await firstId(call, 'tools')}`, { body: { description: 'x' } }),
  },
  {
    kind: 'a method not allowed on a collection',
    status: 405,
    title: 'Method Not Allowed',
    errors: false,
    header: ['allow', /^GET, POST$/],
    send: ({ call }) => call('DELETE', '/api/v1/webhooks'),
  },
];

describe('the one error shape', () => {
  it.each(cases)('answers $kind with $status $title as problem details', async ({ status, title, errors, header, send }) => {
    const reply = await send(freshMock());
    expectProblemShape(reply, status, title);
    if (errors) {
      expect(reply.body.errors.length).toBeGreaterThan(0);
      for (const entry of reply.body.errors)
        expect(entry).toStrictEqual({ pointer: expect.stringMatching(/^\//), message: expect.any(String) });
    } else {
      expect(reply.body).not.toHaveProperty('errors');
    }
    if (header) expect(reply.headers.get(header[0])).toMatch(header[1]);
  });

  it('gives each kind of error its own type', async () => {
    const types = new Map<string, string>();
    for (const c of cases) types.set(`${c.status} ${c.title}`, (await c.send(freshMock())).body.type);
    expect(new Set(types.values()).size).toBe(types.size);
  });

  it('escapes ~ and / in the pointers of keys that contain them', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/schemas', { body: { name: 'x', properties: { 'a/b': 'string', 'c~d': 'string' } } });
    expectProblemShape(reply, 400, 'Validation Error');
    expect(reply.body.errors.map((e: Json) => e.pointer).sort()).toEqual(['/properties/a~1b', '/properties/c~0d']);
  });
});

describe('expected failures', () => {
  it('are built without a stack trace, and other errors keep theirs', () => {
    const expected = new DomainError('not-found', 'No schema with id x exists in your organization.');
    expect(expected.stack ?? '').not.toMatch(STACK_FRAME);
    expect(expected).toEqual(expect.objectContaining({ kind: 'not-found', name: 'DomainError', problems: [] }));
    // The limit is lowered only while a DomainError is made: a bug's error still says where it happened.
    expect(new Error('a bug').stack).toMatch(STACK_FRAME);
  });
});

describe('unexpected failures', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function brokenMock(method: 'list' | 'put' | 'get') {
    const mockState = createMockState();
    const fail = () => {
      throw new Error('disk on fire: secret-internal-detail');
    };
    mockState.store[method] = fail as never;
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    return { ...freshMock({ mockState }), errorLog };
  }

  it('answers 500 with the problem shape and no stack trace when the store fails on a list', async () => {
    const { call, errorLog } = brokenMock('list');
    const reply = await call('GET', '/api/v1/schemas');
    expectProblemShape(reply, 500, 'Internal Server Error');
    expect(reply.body).not.toHaveProperty('errors');
    const text = JSON.stringify(reply.body);
    expect(text).not.toContain('disk on fire');
    expect(text).not.toContain('secret-internal-detail');
    expect(text).not.toMatch(/Error:|\.ts:\d+/);
    expect(errorLog).toHaveBeenCalled();
  });

  it('answers 500 with the problem shape when the store fails on a create', async () => {
    const { call } = brokenMock('put');
    const reply = await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'broken_store' } });
    expectProblemShape(reply, 500, 'Internal Server Error');
    expect(JSON.stringify(reply.body)).not.toContain('disk on fire');
  });

  it('answers 500 with the problem shape when the store fails on a get', async () => {
    const { call } = brokenMock('get');
    const reply = await call('GET', `/api/v1/tools/${randomUUID()}`);
    expectProblemShape(reply, 500, 'Internal Server Error');
    expect(JSON.stringify(reply.body)).not.toContain('disk on fire');
  });

  it('keeps answering other requests after a failure', async () => {
    const { call } = brokenMock('list');
    expect((await call('GET', '/api/v1/tools')).status).toBe(500);
    const reply = await call('GET', `/api/v1/tools/${randomUUID()}`);
    expectProblemShape(reply, 404, 'Not Found Error');
  });
});
