/**
 * Framework-default: a server shaped the way FastAPI and pydantic serve an API by default. Its document
 * (`frameworkOpenApi()`, at /openapi.json) is generated from its models: schemas with `required`, `enum`,
 * `format`, `pattern`, bounds and nested `$ref`, and no request examples at all (a variant carries an `example`
 * on each property, as `Field(example=...)` writes). Collection routes end in a slash (`/api/v1/tools/`), and
 * the same path without it answers 307 to it. Bodies are checked against the document's own schemas, and a
 * refusal is FastAPI's 422 `{"detail":[{"loc":[...],"msg":...,"type":...}]}`; no token answers 403
 * `{"detail":"Not authenticated"}`, an unknown one 401. Trunks and assistants page by page and size
 * (fastapi-pagination: `{items,total,page,size,pages}`), tools and webhooks by offset and limit
 * (`{items,total,limit,offset}`), two records a page; the schema list is always a bare array, although the
 * document declares `page` and `size` for it too. Tool and schema deletes answer 204; the others `{}`. A tool's
 * `server.timeoutSeconds` is filled in with its default (20) on create and update.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { answer, bearerOf, COLLECTIONS, type Collection, isObject, listen, type Running, schemaRecord } from './plumbing.js';
import { SPEC_BREAKS, withPrefixedIds, withTextFlags, withWrongSchemaFields } from './spec-breaks.js';

export const FRAMEWORK_TOKENS = ['fw-1', 'fw-2'] as const;
const PAGE_SIZE = 2;

/** Each way to break a spec rule, with the spec checks that must then fail. */
export const FRAMEWORK_BREAKS: Record<string, readonly string[]> = {
  ...SPEC_BREAKS,
  /** A system trunk's delete is carried out. */
  'system-trunk-deletable': ['sip-trunks.delete.system-refused'],
  /** The second organization's lists show the first's records from page 2 on. */
  'other-org-on-page-2': ['tenancy.sip-trunks.apart', 'tenancy.assistants.apart', 'tenancy.tools.apart', 'tenancy.webhooks.apart'],
  /** A deleted trunk's get answers 404, but the list still shows it. */
  'deleted-trunk-listed': ['sip-trunks.list-after-delete'],
  /** Schema records give createdAt in local time. */
  'schema-created-at-local': ['schemas.list.field.createdAt'],
  /** A tool (here, not an assistant) is created without a token. */
  'create-without-token': ['tools.create.needs-token'],
};

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const uuid = { type: 'string', format: 'uuid' };

/** The models, as pydantic writes them into the document (create models; the update models make every field optional). */
const MODELS: Record<string, Record<string, unknown>> = {
  Transport: { type: 'string', enum: ['udp', 'tcp', 'tls'], title: 'Transport' },
  SipTrunkCreate: {
    type: 'object',
    required: ['name', 'host', 'transport'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 80, title: 'Name', example: 'Main line' },
      host: { type: 'string', format: 'hostname', title: 'Host', example: 'sip.example.net' },
      transport: { ...ref('Transport'), example: 'tls' },
      port: { type: 'integer', minimum: 1, maximum: 65535, default: 5060, title: 'Port', example: 5061 },
    },
  },
  Model: {
    type: 'object',
    required: ['provider', 'model'],
    properties: {
      provider: { type: 'string', enum: ['openai', 'anthropic'], example: 'anthropic' },
      model: { type: 'string', minLength: 2, maxLength: 60, example: 'claude-small' },
    },
  },
  AssistantCreate: {
    type: 'object',
    required: ['name', 'model', 'voice'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 80, example: 'Front desk' },
      model: ref('Model'),
      voice: { type: 'string', pattern: '^[a-z]+-[0-9]$', example: 'alto-1' },
      toolIds: { type: 'array', items: uuid, title: 'Tool Ids', description: 'Ids of the tools the assistant may call' },
    },
  },
  SchemaCreate: {
    type: 'object',
    required: ['name', 'type', 'description', 'properties'],
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 80, example: 'Call topics' },
      type: { type: 'string', enum: ['Free'], example: 'Free' },
      description: { type: 'string', maxLength: 500, example: 'What the call was about.' },
      properties: {
        type: 'object',
        minProperties: 1,
        additionalProperties: { type: 'string', enum: ['string', 'integer', 'boolean', 'number'] },
        example: { topic: 'string' },
      },
    },
  },
  Server: {
    type: 'object',
    required: ['url'],
    properties: {
      url: { type: 'string', format: 'uri', example: 'https://tools.example.org/run' },
      timeoutSeconds: { type: 'integer', minimum: 1, maximum: 300, default: 20 },
    },
  },
  ToolCreate: {
    type: 'object',
    required: ['name', 'type', 'server'],
    properties: {
      name: { type: 'string', pattern: '^[a-z][a-z0-9_]{2,63}$', example: 'check_order' },
      type: { type: 'string', enum: ['function', 'apiRequest'], example: 'function' },
      server: ref('Server'),
    },
  },
  WebhookCreate: {
    type: 'object',
    required: ['url', 'events'],
    properties: {
      url: { type: 'string', format: 'uri', example: 'https://hooks.example.org/calls' },
      events: {
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { type: 'string', enum: ['call.started', 'call.ended', 'call.analyzed'] },
        example: ['call.ended'],
      },
    },
  },
};
/** The tool model of the variant where a tool belongs to an assistant, named by a required `assistantId`. */
const TOOL_WITH_ASSISTANT = {
  ...MODELS.ToolCreate,
  required: ['name', 'type', 'server', 'assistantId'],
  properties: {
    ...(MODELS.ToolCreate?.properties as object),
    assistantId: { type: 'string', format: 'uuid', description: 'Id of the assistant that uses the tool' },
  },
};

const CREATE_MODEL: Record<Collection, string> = {
  'sip-trunks': 'SipTrunkCreate',
  assistants: 'AssistantCreate',
  schemas: 'SchemaCreate',
  tools: 'ToolCreate',
  webhooks: 'WebhookCreate',
};

/** A copy of the models without any `example` (what FastAPI serves when the developer wrote none). */
function withoutExamples(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutExamples);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'example')
      .map(([key, inner]) => [key, withoutExamples(inner)]),
  );
}

/** The document: models with their update twins, no request examples; with `propertyExamples`, an example on each property. */
export function frameworkOpenApi(propertyExamples = false, toolNeedsAssistant = false): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  for (const [name, model] of Object.entries(toolNeedsAssistant ? { ...MODELS, ToolCreate: TOOL_WITH_ASSISTANT } : MODELS)) {
    schemas[name] = propertyExamples ? model : withoutExamples(model);
    if (name.endsWith('Create')) schemas[name.replace('Create', 'Update')] = { ...(schemas[name] as object), required: [] };
  }
  const paths: Record<string, unknown> = {};
  const body = (model: string) => ({ requestBody: { required: true, content: { 'application/json': { schema: ref(model) } } } });
  const query = (name: string, minimum: number) => ({ name, in: 'query', required: false, schema: { type: 'integer', minimum } });
  const security = [{ HTTPBearer: [] }];
  for (const name of COLLECTIONS) {
    const model = CREATE_MODEL[name];
    const paged = name === 'tools' || name === 'webhooks' ? [query('offset', 0), query('limit', 1)] : [query('page', 1), query('size', 1)];
    paths[`/api/v1/${name}/`] = {
      get: { parameters: paged, security, responses: { 200: { description: 'Successful Response' } } },
      post: {
        ...body(model),
        security,
        responses: { 201: { description: 'Successful Response' }, 422: { description: 'Validation Error' } },
      },
    };
    paths[`/api/v1/${name}/{item_id}`] = {
      parameters: [{ name: 'item_id', in: 'path', required: true, schema: uuid }],
      get: { security, responses: { 200: { description: 'Successful Response' } } },
      patch: { ...body(model.replace('Create', 'Update')), security, responses: { 200: { description: 'Successful Response' } } },
      delete: { security, responses: { 200: { description: 'Successful Response' } } },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'FastAPI', version: '0.1.0' },
    paths,
    components: { schemas, securitySchemes: { HTTPBearer: { type: 'http', scheme: 'bearer' } } },
  };
}

type Problem = { loc: (string | number)[]; msg: string; type: string };

/** Checks `value` against a schema of the document (the subset pydantic writes); the problems found. */
function validate(schema: unknown, value: unknown, loc: (string | number)[], partial = false): Problem[] {
  const found = isObject(schema) && typeof schema.$ref === 'string' ? MODELS[schema.$ref.split('/').at(-1) ?? ''] : schema;
  if (!isObject(found)) return [];
  const problem = (msg: string, type: string): Problem[] => [{ loc, msg, type }];
  if (Array.isArray(found.enum) && !found.enum.includes(value)) return problem(`Input should be ${found.enum.join(' or ')}`, 'enum');
  switch (found.type) {
    case 'object': {
      if (!isObject(value)) return problem('Input should be a valid dictionary', 'dict_type');
      const properties = isObject(found.properties) ? found.properties : {};
      const missing = partial ? [] : ((found.required as string[] | undefined) ?? []).filter((key) => value[key] === undefined);
      if (typeof found.minProperties === 'number' && Object.keys(value).length < found.minProperties)
        return problem('Dictionary should have at least 1 item', 'too_short');
      return [
        ...missing.map((key) => ({ loc: [...loc, key], msg: 'Field required', type: 'missing' })),
        ...Object.entries(value).flatMap(([key, inner]) =>
          key in properties ? validate(properties[key], inner, [...loc, key]) : validate(found.additionalProperties, inner, [...loc, key]),
        ),
      ];
    }
    case 'array': {
      if (!Array.isArray(value)) return problem('Input should be a valid list', 'list_type');
      if (typeof found.minItems === 'number' && value.length < found.minItems)
        return problem('List should have at least 1 item', 'too_short');
      if (found.uniqueItems === true && new Set(value.map((item) => JSON.stringify(item))).size !== value.length)
        return problem('List items should be unique', 'unique');
      return value.flatMap((item, index) => validate(found.items, item, [...loc, index]));
    }
    case 'integer':
      if (!Number.isInteger(value)) return problem('Input should be a valid integer', 'int_type');
      if (typeof found.minimum === 'number' && (value as number) < found.minimum)
        return problem('Input should be greater', 'greater_than_equal');
      if (typeof found.maximum === 'number' && (value as number) > found.maximum) return problem('Input should be less', 'less_than_equal');
      return [];
    case 'string': {
      if (typeof value !== 'string') return problem('Input should be a valid string', 'string_type');
      if (typeof found.minLength === 'number' && value.length < found.minLength)
        return problem('String should be longer', 'string_too_short');
      if (typeof found.maxLength === 'number' && value.length > found.maxLength)
        return problem('String should be shorter', 'string_too_long');
      if (typeof found.pattern === 'string' && !new RegExp(found.pattern).test(value))
        return problem(`String should match pattern '${found.pattern}'`, 'string_pattern_mismatch');
      if (found.format === 'uri' && !/^https?:\/\/[^\s/]+/.test(value)) return problem('Input should be a valid URL', 'url_parsing');
      if (found.format === 'hostname' && !/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(value))
        return problem('Input should be a valid host name', 'value_error');
      if (found.format === 'uuid' && !/^[0-9a-f-]{36}$/i.test(value)) return problem('Input should be a valid UUID', 'uuid_parsing');
      return [];
    }
    default:
      return [];
  }
}

export interface FrameworkOptions {
  breaks?: ReadonlySet<string>;
  /** Each property of the document carries an `example` (and still no request example). */
  propertyExamples?: boolean;
  /** A tool names the assistant that uses it (`assistantId`, required, an assistant of the same organization). */
  toolNeedsAssistant?: boolean;
}

export interface Framework extends Running {
  state(): string;
}

/** A tool's nested default, filled in as pydantic does. */
function withDefaults(name: Collection, fields: Record<string, unknown>): Record<string, unknown> {
  if (name !== 'tools' || !isObject(fields.server)) return fields;
  return { ...fields, server: { timeoutSeconds: 20, ...fields.server } };
}

const SEEDS: Record<Collection, (n: number) => Record<string, unknown>> = {
  'sip-trunks': (n) => ({ name: `Line ${n}`, host: `sip${n}.example.net`, transport: 'udp', port: 5060, isSystem: n === 1 }),
  assistants: (n) => ({ name: `Desk ${n}`, model: { provider: 'openai', model: 'small' }, voice: 'alto-1', toolIds: [] }),
  schemas: (n) => ({ name: `Topics ${n}`, description: 'Topics.', properties: { topic: 'string' } }),
  tools: (n) => ({ name: `tool_${n}`, type: 'function', server: { url: `https://t${n}.example.org`, timeoutSeconds: 20 } }),
  webhooks: (n) => ({ url: `https://hooks.example.org/${n}`, events: ['call.ended'] }),
};

export async function startFramework(options: FrameworkOptions = {}): Promise<Framework> {
  const broken = (name: string) => options.breaks?.has(name) === true;
  const store = new Map(
    FRAMEWORK_TOKENS.map((token, org) => {
      const records = Object.fromEntries(
        COLLECTIONS.map((name) => [
          name,
          [1, 2, 3].map((n) => {
            const id = randomUUID();
            const at = `2026-04-0${n}T09:0${org}:00Z`;
            return name === 'schemas' ? schemaRecord(id, SEEDS[name](n), at) : { id, ...SEEDS[name](n), createdAt: at };
          }),
        ]),
      ) as Record<Collection, Record<string, unknown>[]>;
      return [token, { records, ghosts: [] as Record<string, unknown>[], gone: [] as Record<string, unknown>[] }];
    }),
  );
  const createdSchemas = new Set<string>();
  const document = frameworkOpenApi(options.propertyExamples ?? false, options.toolNeedsAssistant ?? false);

  const running = await listen((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://framework');
    if (url.pathname === '/openapi.json') return answer(res, 200, document);
    const match = /^\/api\/v1\/([a-z-]+)(\/|\/([^/]+))?$/.exec(url.pathname);
    const name = match?.[1] as Collection;
    if (!match || !COLLECTIONS.includes(name)) return answer(res, 404, { detail: 'Not Found' });
    // Starlette's redirect_slashes: the collection without its slash answers 307 to it.
    if (match[2] === undefined) return answer(res, 307, undefined, { location: `${url.pathname}/${url.search}` });
    const id = match[3];
    const method = req.method ?? 'GET';
    const token = bearerOf(req);
    // The broken variants that let a request through without a token (or with any) serve the first organization.
    const sneaking =
      token === undefined &&
      ((broken('create-without-token') && method === 'POST' && name === 'tools') ||
        (broken('lists-without-token') && method === 'GET' && id === undefined && name === 'webhooks') ||
        (broken('get-without-token') && method === 'GET' && id !== undefined && name === 'tools') ||
        (broken('update-without-token') && method === 'PATCH' && name === 'webhooks') ||
        (broken('delete-without-token') && method === 'DELETE' && name === 'schemas'));
    if (token === undefined && !sneaking) return answer(res, 403, { detail: 'Not authenticated' });
    const anyToken = broken('lists-for-any-token') && method === 'GET' && id === undefined && name === 'assistants';
    const known = store.has(token as (typeof FRAMEWORK_TOKENS)[number]);
    const as = sneaking || (anyToken && !known) ? FRAMEWORK_TOKENS[0] : (token as string);
    const org = store.get(as as (typeof FRAMEWORK_TOKENS)[number]);
    if (!org) return answer(res, 401, { detail: 'Invalid authentication credentials' });
    const records = org.records[name];
    if (id === undefined && method === 'GET') return list(res, name, as, url);
    if (id === undefined && method === 'POST') {
      const model = name === 'tools' && options.toolNeedsAssistant ? TOOL_WITH_ASSISTANT : MODELS[CREATE_MODEL[name]];
      const problems = validate(model, body, ['body']);
      if (problems.length > 0) return answer(res, 422, { detail: problems });
      const assistantId = (body as Record<string, unknown>).assistantId;
      if (model === TOOL_WITH_ASSISTANT && !org.records.assistants.some((assistant) => assistant.id === assistantId))
        return answer(res, 422, { detail: [{ loc: ['body', 'assistantId'], msg: 'No such assistant', type: 'value_error' }] });
      const fields = withDefaults(name, body as Record<string, unknown>);
      const now = new Date().toISOString();
      const made = name === 'schemas' ? schemaRecord(randomUUID(), fields, now) : { id: randomUUID(), ...fields, createdAt: now };
      if (name === 'sip-trunks') made.isSystem = false;
      if (name === 'schemas') createdSchemas.add(made.id as string);
      records.push(made);
      return answer(res, 201, made);
    }
    if (id === undefined) return answer(res, 405, { detail: 'Method Not Allowed' });
    if (!/^[0-9a-f-]{36}$/i.test(id))
      return answer(res, 422, { detail: [{ loc: ['path', 'item_id'], msg: 'Input should be a valid UUID', type: 'uuid_parsing' }] });
    const at = records.findIndex((record) => record.id === id);
    if (at === -1 && method === 'GET' && broken('deleted-trunk-gettable')) {
      const gone = org.gone.find((record) => record.id === id);
      if (gone) return answer(res, 200, gone);
    }
    if (at === -1 && method === 'DELETE' && broken('unknown-delete-succeeds') && name !== 'assistants' && name !== 'schemas')
      return name === 'tools' ? answer(res, 204) : answer(res, 200, {});
    if (at === -1) return answer(res, 404, { detail: 'Not Found' });
    const record = records[at] as Record<string, unknown>;
    if (method === 'GET') return answer(res, 200, record);
    if (method === 'DELETE') {
      if (name === 'sip-trunks' && body !== undefined && broken('trunk-delete-refuses-body'))
        return answer(res, 422, { detail: [{ loc: ['body'], msg: 'No body expected', type: 'extra_forbidden' }] });
      if (record.isSystem === true && !broken('system-trunk-deletable')) {
        if (broken('system-trunk-removed-anyway')) records.splice(at, 1);
        return answer(res, 403, { detail: 'System trunks cannot be deleted' });
      }
      records.splice(at, 1);
      if (name === 'sip-trunks' && broken('deleted-trunk-listed')) org.ghosts.push(record);
      if (name === 'sip-trunks' && broken('deleted-trunk-gettable')) org.gone.push(record);
      if (name === 'assistants' && broken('assistant-delete-not-empty')) return answer(res, 200, { id, deleted: true });
      return name === 'tools' || name === 'schemas' ? answer(res, 204) : answer(res, 200, {});
    }
    if (method !== 'PATCH') return answer(res, 405, { detail: 'Method Not Allowed' });
    const problems = validate(MODELS[CREATE_MODEL[name]], body, ['body'], true);
    if (problems.length > 0) return answer(res, 422, { detail: problems });
    const changes = body as Record<string, unknown>;
    const merged = withDefaults(name, { ...record, ...changes, ...(isObject(changes.server) ? { server: changes.server } : {}) });
    Object.assign(record, merged, name === 'schemas' ? { updatedAt: new Date().toISOString() } : {});
    return answer(res, 200, record);
  });

  function list(res: ServerResponse, name: Collection, token: string, url: URL) {
    const org = store.get(token as (typeof FRAMEWORK_TOKENS)[number])!;
    let items = [...org.records[name], ...(name === 'sip-trunks' ? org.ghosts : [])];
    if (name === 'schemas' && broken('schema-created-at-local'))
      items = items.map((item) => ({ ...item, createdAt: '2026-04-01T11:00:00+02:00' }));
    const leak = token === FRAMEWORK_TOKENS[1] && broken('other-org-on-page-2') ? store.get(FRAMEWORK_TOKENS[0])!.records[name] : [];
    // §4 shows the schema list as one array: it ignores the page parameters the document declares.
    if (name === 'schemas') {
      if (broken('schemas-of-all-organizations')) items = [...store.values()].flatMap((each) => each.records.schemas);
      if (broken('schema-not-listed')) items = items.filter((item) => !createdSchemas.has(item.id as string));
      if (broken('schema-fields-wrong')) items = withWrongSchemaFields(items);
      return answer(res, 200, broken('schema-list-wrapped') ? { items, total: items.length } : items);
    }
    if (name === 'tools' && broken('list-ids-not-uuid')) items = withPrefixedIds(items);
    if (name === 'sip-trunks' && broken('is-system-text')) items = withTextFlags(items);
    const whole = [...items, ...leak];
    if (name === 'tools' || name === 'webhooks') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? PAGE_SIZE);
      if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1)
        return answer(res, 422, { detail: [{ loc: ['query', 'offset'], msg: 'Input should be a valid integer', type: 'int_parsing' }] });
      return answer(res, 200, { items: whole.slice(offset, offset + limit), total: whole.length, limit, offset });
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('size') ?? PAGE_SIZE);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(size) || size < 1)
      return answer(res, 422, {
        detail: [{ loc: ['query', 'page'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal' }],
      });
    const pages = Math.max(1, Math.ceil(whole.length / size));
    return answer(res, 200, { items: whole.slice((page - 1) * size, page * size), total: whole.length, page, size, pages });
  }

  return { ...running, state: () => JSON.stringify([...store].map(([token, org]) => [token, org.records])) };
}
