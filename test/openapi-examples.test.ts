/**
 * The error examples of /openapi.json tell the truth: each shows the status
 * and title of the response it sits on, and each rule the schemas cannot
 * state has a named example that is what the mock answers when the rule
 * refuses a request (ids aside). The pact files stay within the document.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../src/domain/resource.js';
import { resourceByKind, resources } from '../src/domain/resources/index.js';
import { createApp, DEFAULT_BODY_LIMIT } from '../src/http/app.js';
import { TRUNCATED_JSON, wrongTypeBody } from '../src/http/openapi-examples.js';
import { problemKinds } from '../src/http/problem.js';
import { requestExamples } from '../src/state/seed/examples.js';
import { freshMock, type Reply } from './helpers/client.js';

type Json = Record<string, any>;
const AUTH = { authorization: 'Bearer demo-token' };
type Call = ReturnType<typeof freshMock>['call'];

let doc: Json;
beforeAll(async () => {
  doc = (await (await createApp().request('/openapi.json')).json()) as Json;
});

const operations = () =>
  Object.entries<Json>(doc.paths).flatMap(([path, item]) => Object.entries<Json>(item).map(([method, op]) => ({ path, method, op })));

const examplesOf = (operationId: string, status: string): Json =>
  operations().find(({ op }) => op.operationId === operationId)?.op.responses[status]?.content['application/problem+json']?.examples ?? {};

describe('error examples in the openapi document', () => {
  it('show, on every error response of every operation, the status and title of that response', () => {
    const titles = new Map<number, Set<string>>();
    for (const { status, title } of Object.values(problemKinds)) titles.set(status, (titles.get(status) ?? new Set()).add(title));
    const wrong: string[] = [];
    let count = 0;
    for (const { path, method, op } of operations()) {
      for (const [status, response] of Object.entries<Json>(op.responses)) {
        const problem = response.content?.['application/problem+json'];
        if (!problem) continue;
        expect(problem.example, `${method} ${path} ${status}: named examples only`).toBeUndefined();
        const examples = Object.entries<Json>(problem.examples ?? {});
        if (examples.length === 0) wrong.push(`${method} ${path} ${status}: no example`);
        for (const [name, { value }] of examples) {
          count++;
          if (String(value.status) !== status || !titles.get(value.status)?.has(value.title)) {
            wrong.push(`${method} ${path} ${status} ${name}: ${value.status} ${value.title}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(count).toBeGreaterThan(200);
  });

  it('puts no example on the shared Problem schema, whose fields would show one status everywhere', () => {
    expect(JSON.stringify(doc.components.schemas.Problem)).not.toMatch(/"examples?"/);
  });

  it('lists the API bearer scheme first, naming demo-token, and the control scheme second', () => {
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerAuth', 'controlToken']);
    expect(doc.components.securitySchemes.bearerAuth.description).toContain('demo-token');
  });
});

/** Ids differ from run to run; the rest of an answer must be the example's. */
const withoutIds = (value: unknown) => JSON.parse(JSON.stringify(value).replaceAll(/[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}/g, '<id>'));

const firstId = async (call: Call, path: string, where: (record: Json) => boolean = () => true) =>
  ((await call('GET', `/api/v1/${path}`)).body as Json[]).find(where)?.id as string;

const refusals: { operationId: string; status: string; name: string; provoke: (call: Call) => Promise<Reply> }[] = [
  {
    operationId: 'deleteSipTrunk',
    status: '403',
    name: 'systemTrunk',
    provoke: async (call) => call('DELETE', `/api/v1/sip-trunks/${await firstId(call, 'sip-trunks', (trunk) => trunk.isSystem)}`),
  },
  {
    operationId: 'updateSchema',
    status: '403',
    name: 'lockedSchema',
    provoke: async (call) =>
      call('PATCH', `/api/v1/schemas/${await firstId(call, 'schemas', (schema) => schema.isLocked)}`, { body: { description: 'x' } }),
  },
  {
    operationId: 'deleteSchema',
    status: '403',
    name: 'lockedSchema',
    provoke: async (call) => call('DELETE', `/api/v1/schemas/${await firstId(call, 'schemas', (schema) => schema.isLocked)}`),
  },
  {
    operationId: 'createTool',
    status: '409',
    name: 'nameTaken',
    provoke: async (call) => {
      await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'lookup_order' } });
      return call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'lookup_order' } });
    },
  },
  {
    operationId: 'createTool',
    status: '400',
    name: 'requiredParameterNotDefined',
    provoke: (call) =>
      call('POST', '/api/v1/tools', {
        body: { type: 'endCall', name: 'bye', parameters: { type: 'object', properties: {}, required: ['orderId'] } },
      }),
  },
  {
    operationId: 'updateTool',
    status: '400',
    name: 'typeChanged',
    provoke: async (call) =>
      call('PATCH', `/api/v1/tools/${await firstId(call, 'tools', (tool) => tool.type === 'function')}`, { body: { type: 'endCall' } }),
  },
  {
    operationId: 'createAssistant',
    status: '400',
    name: 'unknownReferenceToolIds',
    provoke: (call) => call('POST', '/api/v1/assistants', { body: { name: 'Desk', toolIds: [crypto.randomUUID()] } }),
  },
  {
    operationId: 'updateWebhook',
    status: '400',
    name: 'unknownReferenceAssistantId',
    provoke: async (call) =>
      call('PATCH', `/api/v1/webhooks/${await firstId(call, 'webhooks')}`, { body: { assistantId: crypto.randomUUID() } }),
  },
  {
    operationId: 'deleteAssistant',
    status: '403',
    name: 'unknownAssistant',
    provoke: (call) => call('DELETE', `/api/v1/assistants/${crypto.randomUUID()}`),
  },
  { operationId: 'getTool', status: '404', name: 'notFound', provoke: (call) => call('GET', `/api/v1/tools/${crypto.randomUUID()}`) },
];

describe('named examples of the rules the schemas cannot state', () => {
  it.each(refusals)('$operationId $status "$name" is what the mock answers', async ({ operationId, status, name, provoke }) => {
    const example = examplesOf(operationId, status)[name];
    expect(example, `no example ${name} on ${operationId} ${status}`).toBeDefined();
    const reply = await provoke(freshMock().call);
    expect(reply.status).toBe(Number(status));
    expect(withoutIds(reply.body)).toEqual(withoutIds(example.value));
  });
});

/** A resource's create example, and the one field wrongTypeBody sends with the wrong type. */
const wrongType = (kind: string) => {
  const def = resourceByKind[kind as keyof typeof resourceByKind] as unknown as Resource;
  const body = wrongTypeBody(def);
  const changed = Object.keys(body).filter((key) => body[key] !== requestExamples(def).create[key]);
  return { path: `/api/v1/${def.path}`, body, changed: Object.fromEntries(changed.map((key) => [key, body[key]])) };
};
const JSON_TYPE = { 'content-type': 'application/json' };
const sendRaw = async (app: ReturnType<typeof createApp>, path: string, init: RequestInit) => {
  const res = await app.request(path, { method: 'POST', ...init });
  return { status: res.status, body: (await res.json()) as unknown };
};

const generics: {
  operationId: string;
  status: string;
  name: string;
  provoke: (app: ReturnType<typeof createApp>) => Promise<Reply | { status: number; body: unknown }>;
}[] = [
  // The resources whose create and update show no 400 of their own rules (such examples stand in for the generic one).
  ...resources
    .filter(({ kind }) => kind === 'sipTrunks' || kind === 'schemas')
    .flatMap((def) => [
      {
        operationId: `create${def.names.type}`,
        status: '400',
        name: 'validation',
        provoke: (app: ReturnType<typeof createApp>) =>
          sendRaw(app, wrongType(def.kind).path, { headers: { ...AUTH, ...JSON_TYPE }, body: JSON.stringify(wrongType(def.kind).body) }),
      },
      {
        operationId: `update${def.names.type}`,
        status: '400',
        name: 'validation',
        provoke: async (app: ReturnType<typeof createApp>) => {
          const { path, changed } = wrongType(def.kind);
          const [first] = (await (await app.request(path, { headers: AUTH })).json()) as Json[];
          return sendRaw(app, `${path}/${first?.id}`, {
            method: 'PATCH',
            headers: { ...AUTH, ...JSON_TYPE },
            body: JSON.stringify(changed),
          });
        },
      },
    ]),
  {
    operationId: 'createAssistant',
    status: '400',
    name: 'malformedJson',
    provoke: (app) => sendRaw(app, '/api/v1/assistants', { headers: { ...AUTH, ...JSON_TYPE }, body: TRUNCATED_JSON }),
  },
  { operationId: 'createAssistant', status: '401', name: 'unauthorized', provoke: (app) => sendRaw(app, '/api/v1/assistants', {}) },
  {
    operationId: 'createAssistant',
    status: '413',
    name: 'payloadTooLarge',
    provoke: (app) =>
      sendRaw(app, '/api/v1/assistants', {
        headers: { ...AUTH, ...JSON_TYPE },
        body: JSON.stringify({ name: 'x'.repeat(DEFAULT_BODY_LIMIT) }),
      }),
  },
  {
    operationId: 'createAssistant',
    status: '415',
    name: 'unsupportedMediaType',
    provoke: (app) => sendRaw(app, '/api/v1/assistants', { headers: { ...AUTH, 'content-type': 'text/plain' }, body: '{}' }),
  },
  {
    operationId: 'injectRecord',
    status: '400',
    name: 'validation',
    provoke: (app) => sendRaw(app, '/__mock/records', { headers: JSON_TYPE, body: JSON.stringify({ kind: 'tools', record: {} }) }),
  },
  {
    operationId: 'injectRecord',
    status: '401',
    name: 'unauthorized',
    provoke: () => sendRaw(createApp({ controlToken: 'ctl-secret' }), '/__mock/records', { headers: JSON_TYPE, body: '{}' }),
  },
];

describe('generic examples of each status', () => {
  it.each(generics)('$operationId $status "$name" is what the mock answers', async ({ operationId, status, name, provoke }) => {
    const example = examplesOf(operationId, status)[name];
    expect(example, `no example ${name} on ${operationId} ${status}`).toBeDefined();
    const reply = await provoke(createApp());
    expect(reply.status).toBe(Number(status));
    expect(withoutIds(reply.body)).toEqual(withoutIds(example.value));
  });
});

describe('the pact files and the document', () => {
  const ajv = ajvFormats.default(new Ajv2020({ strict: false, allErrors: true }));
  const pactFiles = readdirSync(new URL('../contracts/pacts/', import.meta.url)).filter((file) => file.endsWith('.json'));

  /** A consumer's pact names only the fields it reads: answers are checked field by field (nothing required), requests whole. */
  const partial = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map(partial);
    if (typeof schema !== 'object' || schema === null) return schema;
    const { required: _, oneOf, ...rest } = schema as Json;
    return Object.fromEntries(Object.entries(oneOf ? { ...rest, anyOf: oneOf } : rest).map(([key, value]) => [key, partial(value)]));
  };

  it.each(pactFiles)('%s: each request body fits the operation it names, and each answer names only fields it has', (file) => {
    const pact = JSON.parse(readFileSync(new URL(`../contracts/pacts/${file}`, import.meta.url), 'utf8')) as Json;
    const only = partial(doc.components) as Json;
    const checked: string[] = [];
    for (const { description, request, response } of pact.interactions as Json[]) {
      const found = operations().find(
        ({ path, method }) =>
          method === request.method.toLowerCase() && new RegExp(`^${path.replaceAll(/\{\w+\}/g, '[^/]+')}$`).test(request.path),
      );
      expect(found, `${description}: ${request.method} ${request.path} is not in the document`).toBeDefined();
      const fits = (components: Json, schema: Json | undefined, body: Json | undefined, what: string) => {
        if (schema === undefined || body === undefined) return;
        const validate = ajv.compile({ ...(components === only ? (partial(schema) as Json) : schema), components });
        expect(validate(body.content ?? body), `${description} (${what}): ${ajv.errorsText(validate.errors)}`).toBe(true);
        checked.push(`${description} ${what}`);
      };
      const media = (content: Json | undefined) => content?.['application/json'] ?? content?.['application/problem+json'];
      fits(doc.components, media(found?.op.requestBody?.content)?.schema, request.body, 'request');
      fits(only, media(found?.op.responses[String(response.status)]?.content)?.schema, response.body, 'response');
    }
    expect(checked.length).toBeGreaterThan(10);
  });
});
