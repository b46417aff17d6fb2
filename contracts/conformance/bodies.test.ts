/** Request bodies from a target's document: sampled from schemas, read from YAML, matched with or without a slash. */
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { bodyFromSchema, generatedBodyRefused, namesAnotherRecord, problemOf } from './target/bodies.js';
import { givenExamples, loadExamples, parseDocument } from './target/examples.js';
import type { Target } from './types.js';

const document = {
  openapi: '3.1.0',
  paths: {
    '/api/v1/tools/': {
      post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ToolCreate' } } } } },
    },
    '/api/v1/tools/{tool_id}': {
      patch: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/ToolUpdate' } } } } },
    },
  },
  components: {
    schemas: {
      Server: {
        type: 'object',
        required: ['url'],
        properties: { url: { type: 'string', format: 'uri' }, timeoutSeconds: { type: 'integer', minimum: 1, maximum: 9 } },
      },
      ToolCreate: {
        type: 'object',
        required: ['name', 'kind', 'server', 'events'],
        properties: {
          id: { type: 'string', format: 'uuid', readOnly: true },
          name: { type: 'string', pattern: '^[a-z][a-z0-9_]{2,20}$' },
          kind: { oneOf: [{ const: 'function' }, { const: 'apiRequest' }] },
          server: { $ref: '#/components/schemas/Server' },
          events: { type: 'array', minItems: 2, uniqueItems: true, items: { type: 'string', enum: ['a', 'b', 'c'] } },
          contact: { type: 'string', format: 'email', example: 'ops@example.org' },
          assistantId: { type: 'string', format: 'uuid' },
          note: { type: 'string' },
        },
      },
      ToolUpdate: {
        type: 'object',
        properties: { name: { type: 'string', pattern: '^[a-z][a-z0-9_]{2,20}$' }, assistantId: { type: 'string' } },
      },
    },
  },
};

describe('a body built from a request schema', () => {
  it('meets the schema: required members, pattern, enum and const, format, minItems and uniqueness, nested $ref', () => {
    const built = bodyFromSchema(document, { $ref: '#/components/schemas/ToolCreate' }, 'POST /api/v1/tools/', false);
    const body = built.body as Record<string, unknown>;

    expect(built.from).toBe('generated from schema');
    expect(body.name).toMatch(/^[a-z][a-z0-9_]{2,20}$/);
    expect(['function', 'apiRequest']).toContain(body.kind);
    expect(String((body.server as { url: string }).url)).toMatch(/^https?:\/\//);
    expect(new Set(body.events as string[]).size).toBe((body.events as string[]).length);
    expect((body.events as string[]).length).toBeGreaterThanOrEqual(2);
    // An optional member with an example is sent with it; one naming another record, a read-only one, and one with neither are not.
    expect(body.contact).toBe('ops@example.org');
    expect(Object.keys(body)).not.toContain('assistantId');
    expect(Object.keys(body)).not.toContain('id');
    expect(Object.keys(body)).not.toContain('note');
  });

  it('is the same body each time for one operation; a required reference is listed for the kit to create first', () => {
    const schema = { $ref: '#/components/schemas/ToolCreate' };
    expect(bodyFromSchema(document, schema, 'POST x', false)).toEqual(bodyFromSchema(document, schema, 'POST x', false));
    const referring = {
      type: 'object',
      required: ['assistantId', 'toolIds', 'label'],
      properties: { assistantId: { type: 'string' }, toolIds: { type: 'array', items: { type: 'string' } }, label: { type: 'string' } },
    };
    const built = bodyFromSchema(document, referring, 'POST /api/v1/calls', false);
    expect(built.references).toEqual([
      { member: 'assistantId', path: '/api/v1/assistants', many: false },
      { member: 'toolIds', path: '/api/v1/tools', many: true },
    ]);
    expect(Object.keys(built.body ?? {})).toEqual(['label']);
    const unknownKind = { type: 'object', required: ['customerId'], properties: { customerId: { type: 'string' } } };
    expect(bodyFromSchema(document, unknownKind, 'POST /api/v1/calls', false).problem).toContain('customerId');
    expect(namesAnotherRecord('toolIds', {})).toBe(true);
    expect(namesAnotherRecord('owner', { description: 'The id of the assistant that owns it' })).toBe(true);
    expect(namesAnotherRecord('id', {})).toBe(false);
  });

  it('of a choice of shapes (oneOf or anyOf, a tool of one of several types) is a body of the first the kit can read', () => {
    const functionTool = {
      type: 'object',
      required: ['type', 'function'],
      properties: {
        type: { const: 'function' },
        function: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      },
    };
    const transferTool = {
      type: 'object',
      required: ['type', 'destination'],
      properties: { type: { const: 'transfer' }, destination: { type: 'string' } },
    };
    const withTools = { ...document, components: { schemas: { ...document.components.schemas, FunctionTool: functionTool } } };
    for (const keyword of ['oneOf', 'anyOf']) {
      const choice = { [keyword]: [{ type: 'string' }, { $ref: '#/components/schemas/FunctionTool' }, transferTool] };
      const built = bodyFromSchema(withTools, choice, 'POST /api/v1/tools', false);
      expect(built.body, keyword).toMatchObject({ type: 'function', function: { name: expect.any(String) } });
    }
    expect(bodyFromSchema(withTools, { oneOf: [{ type: 'string' }] }, 'POST /api/v1/tools', false).problem).toContain(
      'not an object schema',
    );
  });

  it('of a union with a discriminator carries the value that names the shape chosen, from its mapping or its name', () => {
    const shape = {
      type: 'object',
      required: ['kind', 'url'],
      properties: { kind: { type: 'string' }, url: { type: 'string', format: 'uri' } },
    };
    const withShapes = { ...document, components: { schemas: { ...document.components.schemas, HttpTool: shape } } };
    const ref = { $ref: '#/components/schemas/HttpTool' };
    const mapped = { oneOf: [ref], discriminator: { propertyName: 'kind', mapping: { http_request: '#/components/schemas/HttpTool' } } };
    const unmapped = { oneOf: [ref], discriminator: { propertyName: 'kind' } };

    expect(bodyFromSchema(withShapes, mapped, 'POST /api/v1/tools', false).body).toMatchObject({ kind: 'http_request' });
    expect(bodyFromSchema(withShapes, unmapped, 'POST /api/v1/tools', false).body).toMatchObject({ kind: 'HttpTool' });
  });

  it('of unions that refer to themselves or to each other is given up within bounds, saying so', () => {
    const refs = (name: string) => Array.from({ length: 8 }, () => ({ $ref: `#/components/schemas/${name}` }));
    const cyclic = {
      openapi: '3.1.0',
      paths: {},
      components: { schemas: { Expr: { oneOf: refs('Expr') }, A: { anyOf: refs('B') }, B: { oneOf: refs('C') }, C: { allOf: refs('A') } } },
    };
    for (const name of ['Expr', 'A']) {
      const built = bodyFromSchema(cyclic, { $ref: `#/components/schemas/${name}` }, 'POST /api/v1/tools', false);
      expect(built.problem, name).toMatch(/not an object schema|no member the kit can fill in/);
    }
  });

  it('quotes the problem of a refusal, and leaves a refused generated body not judged (never a given one)', () => {
    const fastapi = { detail: [{ loc: ['body', 'name'], msg: 'String should match pattern', type: 'string_pattern_mismatch' }] };
    const rfc9457 = { title: 'Invalid', errors: [{ pointer: '/name', detail: 'too short' }] };
    const stripe = { error: { type: 'invalid_request_error', message: 'Missing required param: name.', param: 'name' } };

    expect(problemOf(fastapi)).toBe('body.name: String should match pattern');
    expect(problemOf(rfc9457)).toBe('/name: too short');
    expect(problemOf(stripe)).toBe('Missing required param: name.: name');
    expect(generatedBodyRefused('generated from schema', 'POST /api/v1/tools', { status: 422, body: fastapi })).toContain('--examples');
    expect(generatedBodyRefused('--examples', 'POST /api/v1/tools', { status: 422, body: fastapi })).toBeUndefined();
    expect(generatedBodyRefused('generated from schema', 'POST /api/v1/tools', { status: 500, body: {} })).toBeUndefined();
  });
});

describe('reading the document', () => {
  it('reads YAML as well as JSON, by content type or by content', () => {
    const yaml = stringify(document);

    expect(parseDocument(yaml, 'application/yaml')).toEqual(document);
    expect(parseDocument(yaml)).toEqual(document);
    expect(parseDocument(JSON.stringify(document), 'application/json')).toEqual(document);
  });

  it('finds operations and takes --examples keys with or without a trailing slash', async () => {
    const target: Target = { baseUrl: 'http://x.test', token: 't' };
    const examples = await loadExamples(
      target,
      undefined,
      givenExamples({ '/api/v1/webhooks/': { create: { url: 'https://h.example.org' } } }),
      {
        document,
        from: 'test',
      },
    );

    expect(examples.create('/api/v1/tools')).toMatchObject({ kind: expect.any(String) });
    expect(examples.source('/api/v1/tools', 'create')).toBe('generated from schema');
    expect(examples.update('/api/v1/tools')).toMatchObject({ name: expect.stringMatching(/^[a-z]/) });
    expect(examples.create('/api/v1/webhooks')).toEqual({ url: 'https://h.example.org' });
    expect(examples.source('/api/v1/webhooks', 'create')).toBe('--examples');
  });
});
