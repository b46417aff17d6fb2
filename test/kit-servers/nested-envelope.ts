/**
 * Nested-envelope: lists answer `{"data":[...],"meta":{"pagination":{"total","current_page","per_page",
 * "next_page","total_pages"}}}` (the shape of Laravel- and JSON:API-flavoured services), two records a page, by
 * `?page=N` counted from 1; gets, creates and updates answer `{"data":{...}}`; creates 201; errors
 * `{"message":...,"errors":{field:[...]}}` with 422; no token 401, an unknown one 403. The schema list is a bare
 * array. Served with a document (`nestedOpenApi()` at /openapi.json, with request examples) or without one.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { answer, bearerOf, COLLECTIONS, type Collection, isObject, listen, type Running, schemaRecord } from './plumbing.js';
import { SPEC_BREAKS, withPrefixedIds, withTextFlags, withWrongSchemaFields } from './spec-breaks.js';

export const NESTED_TOKENS = ['nest-1', 'nest-2'] as const;
const PAGE_SIZE = 2;

/** Each way to break a spec rule, with the spec checks that must then fail. */
export const NESTED_BREAKS: Record<string, readonly string[]> = {
  ...SPEC_BREAKS,
  /** The second organization's lists show the first's records on page 2. */
  'other-org-on-page-2': COLLECTIONS.filter((name) => name !== 'schemas').map((name) => `tenancy.${name}.apart`),
  /** A deleted trunk's get answers 404, but the list (page 2) still shows it. */
  'deleted-trunk-listed': ['sip-trunks.list-after-delete'],
  /** A system trunk's delete is carried out. */
  'system-trunk-deletable': ['sip-trunks.delete.system-refused'],
};

const EXAMPLES: Record<Collection, { create: Record<string, unknown>; update: Record<string, unknown> }> = {
  'sip-trunks': { create: { label: 'Main line', address: 'sip:main@pbx.example.org' }, update: { address: 'sip:other@pbx.example.org' } },
  assistants: { create: { label: 'Front desk', greeting: 'Hello' }, update: { greeting: 'Welcome' } },
  schemas: { create: { name: 'Call topics', description: 'Topics.', properties: { topic: 'string' } }, update: { description: 'More.' } },
  tools: { create: { label: 'Order check', endpoint: 'https://tools.example.org/orders' }, update: { label: 'Order check 2' } },
  webhooks: { create: { label: 'Events', endpoint: 'https://hooks.example.org/e' }, update: { endpoint: 'https://hooks.example.org/f' } },
};

export function nestedOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const body = (example: unknown) => ({ requestBody: { content: { 'application/json': { example } } } });
  for (const name of COLLECTIONS) {
    paths[`/${name}`] = {
      get: {
        parameters: [{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 1 } }],
        responses: { 200: { description: 'A page' } },
      },
      post: { ...body(EXAMPLES[name].create), responses: { 201: { description: 'Created' } } },
    };
    paths[`/${name}/{id}`] = { patch: { ...body(EXAMPLES[name].update), responses: { 200: { description: 'Changed' } } } };
  }
  return { openapi: '3.0.3', info: { title: 'nested', version: '1' }, servers: [{ url: '/api/v1' }], paths };
}

export interface NestedOptions {
  breaks?: ReadonlySet<string>;
  /** Serve /openapi.json (else 404). */
  document?: boolean;
}

export interface Nested extends Running {
  state(): string;
}

export async function startNested(options: NestedOptions = {}): Promise<Nested> {
  const broken = (name: string) => options.breaks?.has(name) === true;
  const store = new Map(
    NESTED_TOKENS.map((token, org) => {
      const records = Object.fromEntries(
        COLLECTIONS.map((name) => [
          name,
          [1, 2, 3].map((n) => {
            const id = randomUUID();
            const fields = {
              ...EXAMPLES[name].create,
              ...(name === 'schemas' ? { name: `Topics ${org}${n}` } : { label: `Seed ${org}${n}` }),
            };
            if (name === 'sip-trunks') Object.assign(fields, { isSystem: n === 1 });
            return name === 'schemas' ? schemaRecord(id, fields, `2026-03-0${n}T08:00:00Z`) : { id, ...fields };
          }),
        ]),
      ) as Record<Collection, Record<string, unknown>[]>;
      return [token, { records, ghosts: [] as Record<string, unknown>[], gone: [] as Record<string, unknown>[] }];
    }),
  );
  const createdSchemas = new Set<string>();

  const running = await listen((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://nested');
    if (url.pathname === '/openapi.json')
      return options.document ? answer(res, 200, nestedOpenApi()) : answer(res, 404, { message: 'Not found.' });
    const match = /^\/api\/v1\/([a-z-]+)(?:\/([^/]+))?$/.exec(url.pathname);
    const name = match?.[1] as Collection;
    if (!match || !COLLECTIONS.includes(name)) return answer(res, 404, { message: 'Not found.' });
    const id = match[2];
    const method = req.method ?? 'GET';
    const given = bearerOf(req);
    // The broken variants that let a request through without a token (or with any) serve the first organization.
    const sneaking =
      given === undefined &&
      ((broken('create-without-token') && method === 'POST' && name === 'assistants') ||
        (broken('lists-without-token') && method === 'GET' && id === undefined && name === 'webhooks') ||
        (broken('get-without-token') && method === 'GET' && id !== undefined && name === 'tools') ||
        (broken('update-without-token') && method === 'PATCH' && name === 'webhooks') ||
        (broken('delete-without-token') && method === 'DELETE' && name === 'schemas'));
    if (given === undefined && !sneaking) return answer(res, 401, { message: 'Unauthenticated.' });
    const anyToken = broken('lists-for-any-token') && method === 'GET' && id === undefined && name === 'assistants';
    const known = store.has(given as (typeof NESTED_TOKENS)[number]);
    const token = sneaking || (anyToken && !known) ? NESTED_TOKENS[0] : (given as string);
    const org = store.get(token as (typeof NESTED_TOKENS)[number]);
    if (!org) return answer(res, 403, { message: 'This action is unauthorized.' });
    const records = org.records[name];
    if (id === undefined && method === 'GET') return list(res, name, token, url);
    if (id === undefined && method === 'POST') {
      if (!isObject(body) || Object.keys(body).length === 0)
        return answer(res, 422, { message: 'The given data was invalid.', errors: { body: ['The body is required.'] } });
      const made =
        name === 'schemas'
          ? schemaRecord(randomUUID(), body)
          : { ...body, id: randomUUID(), ...(name === 'sip-trunks' ? { isSystem: false } : {}) };
      if (name === 'schemas') createdSchemas.add(made.id as string);
      records.push(made);
      return answer(res, 201, { data: made });
    }
    const at = records.findIndex((record) => record.id === id);
    const record = records[at];
    if (method === 'DELETE') {
      if (!record && broken('unknown-delete-succeeds') && name !== 'assistants' && name !== 'schemas') return answer(res, 200, {});
      if (!record) return answer(res, 404, { message: 'Not found.' });
      if (name === 'sip-trunks' && body !== undefined && broken('trunk-delete-refuses-body'))
        return answer(res, 422, { message: 'The given data was invalid.', errors: { body: ['No body is accepted here.'] } });
      if (record.isSystem === true && !broken('system-trunk-deletable')) {
        if (broken('system-trunk-removed-anyway')) records.splice(at, 1);
        return answer(res, 403, { message: 'System trunks stay.' });
      }
      records.splice(at, 1);
      if (name === 'sip-trunks' && broken('deleted-trunk-listed')) org.ghosts.push(record);
      if (name === 'sip-trunks' && broken('deleted-trunk-gettable')) org.gone.push(record);
      if (name === 'assistants' && broken('assistant-delete-not-empty')) return answer(res, 200, { data: record });
      return answer(res, 200, {});
    }
    const gone = method === 'GET' && broken('deleted-trunk-gettable') ? org.gone.find((each) => each.id === id) : undefined;
    if (gone) return answer(res, 200, { data: gone });
    if (!record) return answer(res, 404, { message: 'Not found.' });
    if (method === 'GET') return answer(res, 200, { data: record });
    if (method !== 'PATCH' || !isObject(body)) return answer(res, 405, { message: 'Not allowed.' });
    Object.assign(record, body, { id: record.id }, name === 'schemas' ? { updatedAt: new Date().toISOString() } : {});
    return answer(res, 200, { data: record });
  });

  function list(res: ServerResponse, name: Collection, token: string, url: URL) {
    const org = store.get(token as (typeof NESTED_TOKENS)[number])!;
    let own = [...org.records[name], ...(name === 'sip-trunks' ? org.ghosts : [])];
    if (name === 'schemas') {
      if (broken('schemas-of-all-organizations')) own = [...store.values()].flatMap((each) => each.records.schemas);
      if (broken('schema-not-listed')) own = own.filter((item) => !createdSchemas.has(item.id as string));
      if (broken('schema-fields-wrong')) own = withWrongSchemaFields(own);
      return answer(res, 200, broken('schema-list-wrapped') ? { data: own } : own);
    }
    if (name === 'tools' && broken('list-ids-not-uuid')) own = withPrefixedIds(own);
    if (name === 'sip-trunks' && broken('is-system-text')) own = withTextFlags(own);
    const leak = token === NESTED_TOKENS[1] && broken('other-org-on-page-2') ? store.get(NESTED_TOKENS[0])!.records[name] : [];
    const items = [...own, ...leak];
    const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
    const pages = Math.max(1, Math.ceil(items.length / PAGE_SIZE));
    const pagination = {
      total: items.length,
      current_page: page,
      per_page: PAGE_SIZE,
      next_page: page < pages ? page + 1 : null,
      total_pages: pages,
    };
    return answer(res, 200, { data: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), meta: { pagination } });
  }

  return { ...running, state: () => JSON.stringify([...store].map(([token, org]) => [token, org.records])) };
}
