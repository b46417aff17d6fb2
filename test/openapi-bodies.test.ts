/**
 * Bodies made from /openapi.json alone, as a contract tool or a generated
 * client would make them: json-schema-faker draws a few hundred create and
 * update bodies from the document's request schemas, ajv checks that the
 * document calls each valid, and the mock must take every one (201, 200).
 * The rules the schemas cannot state are met as a user reading the
 * operation's description would meet them: references are set to ids of
 * records the organization has, and a tool's `parameters.required` names
 * only parameters it defines. A test below checks the descriptions say so.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { createGenerator } from 'json-schema-faker';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/http/app.js';
import { freshMock } from './helpers/client.js';

type Json = Record<string, any>;

/** Creates and updates, by path; for tools, one update component per type (a patch must keep the tool's type). */
const rows = [
  { path: 'sip-trunks', create: 'SipTrunkCreate', updates: ['SipTrunkUpdate'] },
  { path: 'schemas', create: 'SchemaCreate', updates: ['SchemaUpdate'] },
  {
    path: 'tools',
    create: 'ToolCreate',
    updates: ['FunctionToolUpdate', 'ApiRequestToolUpdate', 'TransferCallToolUpdate', 'EndCallToolUpdate'],
  },
  { path: 'assistants', create: 'AssistantCreate', updates: ['AssistantUpdate'] },
  { path: 'webhooks', create: 'WebhookCreate', updates: ['WebhookUpdate'] },
] as const;

/** The fields that point at other records, as the operations' descriptions list them; a generated uuid names nothing. */
const references: Record<string, Record<string, string>> = {
  assistants: { toolIds: 'tools', schemaId: 'schemas', sipTrunkId: 'sip-trunks' },
  webhooks: { assistantId: 'assistants' },
};

const BODIES_PER_SCHEMA = 24;

let doc: Json;
let ajv: Ajv2020;
beforeAll(async () => {
  doc = (await (await createApp().request('/openapi.json')).json()) as Json;
  // ajv-formats is CommonJS: its function is the module's `default`. Unknown OpenAPI keywords (discriminator, example) are skipped.
  ajv = ajvFormats.default(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema({ $id: 'openapi', components: doc.components });
});

/** What the generator draws from: where a string has a pattern too, the pattern (it says more than `format: uri`, say). */
const component = (name: string) => ({ $ref: `#/components/schemas/${name}`, components: patternsFirst(doc.components) });

function patternsFirst(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(patternsFirst);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { format, ...rest } = schema as Json;
  const kept = typeof rest.pattern === 'string' ? rest : { ...rest, ...(format === undefined ? {} : { format }) };
  return Object.fromEntries(Object.entries(kept).map(([key, value]) => [key, patternsFirst(value)]));
}

async function bodiesOf(name: string, count: number, seed: number): Promise<Json[]> {
  const generator = createGenerator({ seed, optionalsProbability: 0.6, maxDefaultItems: 3 });
  const validate = ajv.compile({ $ref: `openapi#/components/schemas/${name}` });
  const bodies: Json[] = [];
  for (let tries = 0; bodies.length < count && tries < count * 4; tries++) {
    const body = (await generator.generate(component(name))) as Json;
    // Only bodies the document itself calls valid count: a generator's slip is not the mock's fault.
    if (validate(body)) bodies.push(body);
  }
  return bodies;
}

/** The body with every reference replaced by ids of records the organization has, and only defined parameters required. */
function withRealReferences(path: string, body: Json, ids: Record<string, string[]>): Json {
  const fixed = { ...body };
  if (fixed.parameters?.required) {
    const defined = Object.keys(fixed.parameters.properties ?? {});
    fixed.parameters = { ...fixed.parameters, required: fixed.parameters.required.filter((name: string) => defined.includes(name)) };
  }
  for (const [field, target] of Object.entries(references[path] ?? {})) {
    const pool = ids[target] ?? [];
    if (Array.isArray(fixed[field])) fixed[field] = pool.slice(0, Math.min(fixed[field].length, pool.length));
    else if (typeof fixed[field] === 'string') fixed[field] = pool[0];
  }
  return fixed;
}

describe('bodies generated from the openapi document alone', () => {
  it.each([
    ['createAssistant', '`toolIds` holds ids of tools of your organization'],
    ['updateWebhook', '`assistantId` holds the id of an assistant (or null) of your organization'],
    ['createTool', 'Each name in `parameters.required` is a key of `parameters.properties`'],
    ['updateTool', 'Each name in `parameters.required` is a key of `parameters.properties`'],
  ])('the description of %s states the rule the bodies are fixed up for', (operationId, rule) => {
    const operations = Object.values<Json>(doc.paths).flatMap((item) => Object.values<Json>(item));
    expect(operations.find((operation) => operation.operationId === operationId)?.description).toContain(rule);
  });

  it.each(rows)('every create body of $path the document calls valid is taken (201)', async ({ path, create }) => {
    const { call } = freshMock();
    const ids = await existingIds(call);
    const bodies = await bodiesOf(create, BODIES_PER_SCHEMA, path.length);
    expect(bodies.length).toBeGreaterThanOrEqual(BODIES_PER_SCHEMA / 2);
    for (const generated of bodies) {
      const body = withRealReferences(path, generated, ids);
      const reply = await call('POST', `/api/v1/${path}`, { body });
      expect(reply.status, `${JSON.stringify(body)}\n→ ${JSON.stringify(reply.body)}`).toBe(201);
      // Deleted again: names stay free and the organization stays small.
      expect((await call('DELETE', `/api/v1/${path}/${reply.body.id}`)).status).toBe(200);
    }
  });

  it.each(rows.flatMap(({ path, create, updates }) => updates.map((update) => ({ path, create, update }))))(
    'every $update body the document calls valid is taken (200) by a $path record it fits',
    async ({ path, create, update }) => {
      const { call } = freshMock();
      const ids = await existingIds(call);
      const [target] = (await bodiesOf(create, 40, 7)).filter((body) => fits(update, body));
      expect(target, `no ${create} body fits ${update}`).toBeDefined();
      const created = await call('POST', `/api/v1/${path}`, { body: withRealReferences(path, target as Json, ids) });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const bodies = await bodiesOf(update, BODIES_PER_SCHEMA, update.length);
      expect(bodies.length).toBeGreaterThanOrEqual(BODIES_PER_SCHEMA / 2);
      for (const generated of bodies) {
        const body = withRealReferences(path, generated, ids);
        const reply = await call('PATCH', `/api/v1/${path}/${created.body.id}`, { body });
        expect(reply.status, `${JSON.stringify(body)}\n→ ${JSON.stringify(reply.body)}`).toBe(200);
      }
    },
  );
});

/** A tool's update component fits a create body of the same type (FunctionToolUpdate: a function tool). */
function fits(update: string, body: Json): boolean {
  const type = /^(\w+)ToolUpdate$/.exec(update)?.[1];
  return type === undefined || `${type[0]?.toLowerCase()}${type.slice(1)}` === body.type;
}

async function existingIds(call: ReturnType<typeof freshMock>['call']): Promise<Record<string, string[]>> {
  const ids: Record<string, string[]> = {};
  for (const { path } of rows) ids[path] = ((await call('GET', `/api/v1/${path}`)).body as Json[]).map((record) => record.id);
  return ids;
}

describe('a display name, as the document and the mock judge it', () => {
  it.each([' ', '\u00a0\t', 'a', '  Main carrier  ', ''])(
    'the trunk name %j passes the document exactly when the mock takes it',
    async (name) => {
      const validate = ajv.compile({ $ref: 'openapi#/components/schemas/SipTrunkCreate' });
      const body = { name, host: 'sip.example.com' };
      const reply = await freshMock().call('POST', '/api/v1/sip-trunks', { body });
      expect(reply.status).toBe(validate(body) ? 201 : 400);
    },
  );
});

describe('what a tool of each type is told about the fields of another type', () => {
  it.each([
    [
      { type: 'transferCall', name: 't', destination: '+14155550123', url: 'https://x.example.com' },
      '/url',
      'A transferCall tool does not take url',
    ],
    [{ type: 'endCall', name: 'e', destination: '+14155550123' }, '/destination', 'An endCall tool does not take destination'],
    [{ type: 'function', name: 'f', url: null }, '/url', 'A function tool needs a url'],
    [{ type: 'transferCall', name: 't', destination: null }, '/destination', 'A transferCall tool needs a destination'],
  ])('%j is refused at %s with a message naming the type', async (body, pointer, message) => {
    const reply = await freshMock().call('POST', '/api/v1/tools', { body });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ pointer, message: expect.stringContaining(message) }]);
  });
});
