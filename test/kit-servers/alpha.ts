/**
 * Alpha: a plain-array server with its own habits where the spec is silent. Creates answer 200, updates 204,
 * validation errors 422, a missing token 403; ids are written in capitals; names are unique per organization
 * (409); the assistant, tool and webhook lists start empty; other field names (`label`, `toolName`, `title`).
 * It serves /openapi.json with request examples. `breaks` turns on one way of breaking a spec rule (see BREAKS).
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { answer, bearerOf, COLLECTIONS, type Collection, isObject, listen, type Running, schemaRecord } from './plumbing.js';

export const ALPHA_TOKENS = ['alpha-a', 'alpha-b'] as const;
export const ALPHA_SYSTEM_TRUNK = '5E0C7B52-9D9B-4C1E-8A57-2F1D9A3C4B10';

/** Each way to break a spec rule, with the check that must then fail. */
export const BREAKS = {
  'schema-list-wrapped': 'schemas.list.json-array',
  'list-ids-not-uuid': 'tools.list.ids-uuid',
  'is-system-text': 'sip-trunks.list.field.isSystem',
  'lists-without-token': 'auth.missing-token.tools',
  'lists-for-any-token': 'auth.unknown-token.webhooks',
  'create-without-token': 'assistants.create.needs-token',
  'create-without-token-no-id': 'webhooks.create.needs-token',
  'get-without-token': 'tools.get.needs-token',
  'update-without-token': 'webhooks.update.needs-token',
  'delete-without-token': 'schemas.delete.needs-token',
  'schema-not-listed': 'schemas.list-after-create',
  'trunk-delete-refuses-body': 'sip-trunks.delete.accepts-example',
  'assistant-delete-204': 'assistants.delete.empty-object',
  'trunk-delete-keeps': 'sip-trunks.list-after-delete',
  'system-trunk-deletable': 'sip-trunks.delete.system-refused',
  'system-trunk-removed-anyway': 'sip-trunks.delete.system-survives',
  'lists-all-organizations': 'tenancy.schemas.list',
  'tool-lists-all-organizations': 'tenancy.tools.apart',
  'schema-created-at-local': 'schemas.list.field.createdAt',
  'schema-field-id': 'schemas.list.field.id',
  'schema-field-name': 'schemas.list.field.name',
  'schema-field-type': 'schemas.list.field.type',
  'schema-field-description': 'schemas.list.field.description',
  'schema-field-properties': 'schemas.list.field.properties',
  'schema-field-isLocked': 'schemas.list.field.isLocked',
  'schema-field-updatedAt': 'schemas.list.field.updatedAt',
} as const;
export type Break = keyof typeof BREAKS;

const NAME_FIELD: Record<Collection, string> = {
  'sip-trunks': 'name',
  assistants: 'label',
  schemas: 'name',
  tools: 'toolName',
  webhooks: 'title',
};

export const ALPHA_EXAMPLES: Record<Collection, { create: Record<string, unknown>; update: Record<string, unknown> }> = {
  'sip-trunks': { create: { name: 'Main line', host: 'sip.example.com' }, update: { host: 'sip2.example.com' } },
  assistants: { create: { label: 'Front desk', prompt: 'Greet the caller.' }, update: { prompt: 'Greet the caller warmly.' } },
  schemas: {
    create: { name: 'Call topics', description: 'What the call was about.', properties: { topic: 'string' } },
    update: { description: 'Topics and urgency.' },
  },
  tools: { create: { toolName: 'lookup_order', description: 'Finds an order.' }, update: { description: 'Finds an order by number.' } },
  webhooks: { create: { title: 'Call events', url: 'https://hooks.example.com/calls' }, update: { url: 'https://hooks.example.com/v2' } },
};

type Store = Map<string, Record<Collection, Map<string, Record<string, unknown>>>>;

function initialStore(): Store {
  const store: Store = new Map();
  for (const token of ALPHA_TOKENS) {
    const org = Object.fromEntries(COLLECTIONS.map((name) => [name, new Map()])) as Record<
      Collection,
      Map<string, Record<string, unknown>>
    >;
    const systemId = token === 'alpha-a' ? ALPHA_SYSTEM_TRUNK : randomUUID().toUpperCase();
    org['sip-trunks'].set(systemId.toLowerCase(), { id: systemId, name: 'Provider trunk', isSystem: true });
    const schemaId = randomUUID().toUpperCase();
    org.schemas.set(
      schemaId.toLowerCase(),
      schemaRecord(schemaId, { name: 'Call topics', description: 'Held before any run.' }, '2026-01-05T09:00:00Z'),
    );
    store.set(token, org);
  }
  return store;
}

export interface Alpha extends Running {
  /** Every organization's records, as the server holds them. */
  state(): string;
}

/**
 * Ways alpha can hide evidence from the kit, for the kit's "no verdict without evidence" tests: lists in pages of
 * `pageSize` (`link`: every list, a Link header and ?page=N; `after`: the four lists the spec does not show, as
 * `{"data": [...], "hasMore": true}` continued only by ?after=<last id>), and gets wrapped in `{"payload": {...}}`.
 */
export interface AlphaShape {
  paging?: 'link' | 'after';
  pageSize?: number;
  wrapGets?: boolean;
}

export async function startAlpha(breaks: ReadonlySet<Break> = new Set(), shape: AlphaShape = {}): Promise<Alpha> {
  const store = initialStore();
  const broken = (name: Break) => breaks.has(name);
  const running = await listen((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://alpha');
    if (url.pathname === '/openapi.json') return answer(res, 200, openApi());
    const match = /^\/api\/v1\/([a-z-]+)(?:\/([^/]+))?$/.exec(url.pathname);
    const collection = match?.[1] as Collection | undefined;
    if (!match || !collection || !COLLECTIONS.includes(collection)) return answer(res, 404, { message: 'no such path' });
    let token = bearerOf(req);
    const method = req.method ?? 'GET';
    const loose =
      (method === 'GET' && !match[2] && broken('lists-without-token')) ||
      (method === 'POST' && broken('create-without-token')) ||
      (method === 'GET' && match[2] !== undefined && broken('get-without-token')) ||
      (method === 'PATCH' && broken('update-without-token')) ||
      (method === 'DELETE' && broken('delete-without-token'));
    // Accepted without a token, and answered without an id: whether it made a record cannot be told from the answer.
    if (token === undefined && method === 'POST' && !match[2] && collection === 'webhooks' && broken('create-without-token-no-id'))
      return answer(res, 202, {});
    if (token === undefined && loose) token = 'alpha-a';
    if (token !== undefined && !store.has(token) && method === 'GET' && broken('lists-for-any-token')) token = 'alpha-a';
    const org = token === undefined ? undefined : store.get(token);
    if (!org) return answer(res, 403, { message: 'send a valid token as "Authorization: Bearer <token>"' });
    const records = org[collection];
    if (!match[2]) return method === 'GET' ? list(res, collection, records, url) : create(res, collection, records, body);
    const key = decodeURIComponent(match[2]).toLowerCase();
    const record = records.get(key);
    if (method === 'DELETE') return remove(res, collection, records, key, body);
    if (!record) return answer(res, 404, { message: 'no such record' });
    if (method === 'GET') return answer(res, 200, shape.wrapGets ? { payload: record } : record);
    if (method === 'PATCH') {
      if (!isObject(body)) return answer(res, 422, { message: 'send the fields to change as a JSON object' });
      Object.assign(record, body, collection === 'schemas' ? { updatedAt: new Date().toISOString() } : {});
      return answer(res, 204);
    }
    return answer(res, 405, { message: 'method not allowed' });
  });

  function list(res: ServerResponse, collection: Collection, records: Map<string, Record<string, unknown>>, url: URL) {
    let items = [...records.values()];
    if (broken('lists-all-organizations') || (collection === 'tools' && broken('tool-lists-all-organizations')))
      items = [...store.values()].flatMap((org) => [...org[collection].values()]);
    if (collection === 'schemas' && broken('schema-not-listed'))
      items = items.filter((item) => item.description === 'Held before any run.');
    if (collection === 'schemas' && broken('schema-created-at-local'))
      items = items.map((item) => ({ ...item, createdAt: '2026-01-05T10:00:00+01:00' }));
    for (const field of ['id', 'name', 'type', 'description', 'properties', 'isLocked', 'updatedAt']) {
      // A value of the wrong type for the field: a number where the spec gives a string, boolean or object.
      if (collection === 'schemas' && broken(`schema-field-${field}` as Break)) items = items.map((item) => ({ ...item, [field]: 42 }));
    }
    if (collection === 'tools' && broken('list-ids-not-uuid')) items = items.map((item) => ({ ...item, id: `tool_${item.id}` }));
    if (collection === 'sip-trunks' && broken('is-system-text'))
      items = items.map((item) => ({ ...item, isSystem: String(item.isSystem) }));
    if (shape.paging !== undefined) return paged(res, collection, items, url);
    answer(res, 200, collection === 'schemas' && broken('schema-list-wrapped') ? { data: items } : items);
  }

  function paged(res: ServerResponse, collection: Collection, items: Record<string, unknown>[], url: URL) {
    const size = shape.pageSize ?? 2;
    if (shape.paging === 'link') {
      const page = Number(url.searchParams.get('page') ?? '1');
      const shown = items.slice((page - 1) * size, page * size);
      const more = page * size < items.length;
      return answer(res, 200, shown, more ? { link: `<${url.pathname}?page=${page + 1}>; rel="next"` } : {});
    }
    if (collection === 'schemas') return answer(res, 200, items);
    const after = url.searchParams.get('after');
    const start = after === null ? 0 : items.findIndex((item) => String(item.id).toLowerCase() === after.toLowerCase()) + 1;
    const shown = items.slice(start, start + size);
    answer(res, 200, { data: shown, hasMore: start + size < items.length });
  }

  function create(res: ServerResponse, collection: Collection, records: Map<string, Record<string, unknown>>, body: unknown) {
    const field = NAME_FIELD[collection];
    if (!isObject(body) || typeof body[field] !== 'string' || body[field] === '') {
      return answer(res, 422, { message: `"${field}" is required: a non-empty string` });
    }
    if (collection === 'tools' && !/^[A-Za-z0-9_]{1,64}$/.test(body.toolName as string)) {
      return answer(res, 422, { message: '"toolName" may hold only letters, digits and _' });
    }
    if ([...records.values()].some((record) => record[field] === body[field])) return answer(res, 409, { message: `"${field}" is taken` });
    const id = randomUUID().toUpperCase();
    const record =
      collection === 'schemas' ? schemaRecord(id, body) : { ...body, id, ...(collection === 'sip-trunks' ? { isSystem: false } : {}) };
    records.set(id.toLowerCase(), record);
    answer(res, 200, record);
  }

  function remove(res: ServerResponse, collection: Collection, records: Map<string, Record<string, unknown>>, key: string, body: unknown) {
    const record = records.get(key);
    if (collection === 'sip-trunks') {
      if (body !== undefined && broken('trunk-delete-refuses-body')) return answer(res, 400, { message: 'send no body' });
      if (!record) return answer(res, 404, { message: 'no such trunk' });
      if (record.isSystem === true && !broken('system-trunk-deletable')) {
        if (broken('system-trunk-removed-anyway')) records.delete(key);
        return answer(res, 403, { message: 'a system trunk cannot be deleted' });
      }
      if (!broken('trunk-delete-keeps')) records.delete(key);
      return answer(res, 200, {});
    }
    // The assistant delete lists only 403 as its error: an id the organization does not hold is refused with it.
    if (!record) return answer(res, collection === 'assistants' ? 403 : 404, { message: 'no such record' });
    records.delete(key);
    if (collection === 'assistants') return broken('assistant-delete-204') ? answer(res, 204) : answer(res, 200, {});
    if (collection === 'webhooks') return answer(res, 200, {});
    return answer(res, 204);
  }

  return {
    ...running,
    state: () => JSON.stringify([...store].map(([token, org]) => [token, COLLECTIONS.map((name) => [...org[name].values()])])),
  };
}

/** An OpenAPI document with nothing but the request examples the kit reads. */
function openApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const body = (example: unknown) => ({ requestBody: { content: { 'application/json': { example } } } });
  for (const name of COLLECTIONS) {
    paths[`/api/v1/${name}`] = { post: body(ALPHA_EXAMPLES[name].create) };
    paths[`/api/v1/${name}/{id}`] = { patch: body(ALPHA_EXAMPLES[name].update) };
  }
  return { openapi: '3.1.0', info: { title: 'alpha', version: '1' }, paths };
}
