/**
 * Epsilon: a server that pages every list with a `Link` header (RFC 8288: `<…>; rel="next"`, relative to the
 * request, beside rel="first", "prev" and "last"), three records a page, newest first, the body a bare JSON array.
 * Its other choices: creates answer 201 with the bare record and a Location header; gets and updates answer the
 * bare record, which carries a `version` counted up by each update; tool names are unique per organization (409);
 * validation errors are 400 with a list of `errors`; a missing token 401 with `WWW-Authenticate`, an unknown one
 * 403. A system trunk's delete answers 404 (the spec lists 403 and 404 without saying which), as does an unknown id
 * on every delete but the assistant's, which lists only 403. The tool delete answers `{"id", "deleted": true}`. Its
 * OpenAPI document (`epsilonOpenApi()`) is served at /.well-known/openapi.json. Each organization starts with seven
 * records of each kind (the fourth trunk a system trunk), so every list spans three pages.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { answer, bearerOf, COLLECTIONS, type Collection, isObject, listen, type Running, schemaRecord } from './plumbing.js';

export const EPSILON_TOKENS = ['eps-1', 'eps-2'] as const;
export const EPSILON_PAGE_SIZE = 3;
const DOCUMENT_PATH = '/.well-known/openapi.json';

/** Each way to break a spec rule where only a later page shows it, with the spec checks that must then fail. */
export const EPSILON_BREAKS: Record<string, readonly string[]> = {
  /** The second token's lists end with the first organization's records: on the last page only. */
  'other-org-on-last-page': COLLECTIONS.flatMap((name) => [`tenancy.${name}.list`, `tenancy.${name}.apart`]),
  /** A deleted trunk's get answers 404, but the list still shows it, last. */
  'trunk-delete-still-listed-last': ['sip-trunks.list-after-delete'],
  /** The oldest schema (on the last page) has a local time as its createdAt. */
  'schema-created-at-local-on-last-page': ['schemas.list.field.createdAt'],
};

const EXAMPLES: Record<Collection, { create: Record<string, unknown>; update: Record<string, unknown> }> = {
  'sip-trunks': { create: { title: 'Main line', sipUri: 'sip:main@pbx.example.org' }, update: { sipUri: 'sip:main2@pbx.example.org' } },
  assistants: { create: { title: 'Front desk', voice: 'alto' }, update: { voice: 'tenor' } },
  schemas: {
    create: { name: 'Call topics', description: 'What the call was about.', properties: { topic: 'string' } },
    update: { description: 'Topics and urgency.' },
  },
  tools: { create: { name: 'check_order', title: 'Order check' }, update: { title: 'Order check, v2' } },
  webhooks: {
    create: { title: 'Call events', target: 'https://hooks.example.org/calls' },
    update: { target: 'https://hooks.example.org/v2' },
  },
};

/** The OpenAPI document epsilon serves: request examples, and the Link header its lists answer. */
export function epsilonOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const body = (example: unknown) => ({ requestBody: { content: { 'application/json': { example } } } });
  const link = { Link: { description: 'rel="next" names the next page, while there is one', schema: { type: 'string' } } };
  for (const name of COLLECTIONS) {
    paths[`/${name}`] = {
      get: { responses: { 200: { description: 'One page, newest first', headers: link } } },
      post: { ...body(EXAMPLES[name].create), responses: { 201: { description: 'Created' } } },
    };
    paths[`/${name}/{${name === 'sip-trunks' ? 'trunk' : name.slice(0, -1)}Id}`] = {
      patch: { ...body(EXAMPLES[name].update), responses: { 200: { description: 'Changed' } } },
    };
  }
  return { openapi: '3.0.3', info: { title: 'epsilon', version: '3' }, servers: [{ url: '/api/v1' }], paths };
}

export interface EpsilonOptions {
  breaks?: ReadonlySet<string>;
}

export interface Epsilon extends Running {
  state(): string;
}

/** A create's or update's fields, less those the server keeps (a client's values for them are ignored). */
const writable = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !['id', 'createdAt', 'updatedAt', 'isSystem', 'version'].includes(key)));

type Org = { records: Record<Collection, Record<string, unknown>[]>; ghosts: Record<string, unknown>[] };

function initialOrg(): Org {
  const records = Object.fromEntries(COLLECTIONS.map((name) => [name, []])) as unknown as Org['records'];
  for (const name of COLLECTIONS) {
    for (let n = 1; n <= 7; n++) {
      const id = randomUUID();
      const at = `2026-05-0${n}T12:00:00Z`;
      const fields: Record<string, unknown> = { ...EXAMPLES[name].create, version: 1 };
      if (name === 'tools') fields.name = `tool_${n}`;
      else fields.title = `${String(fields.title ?? fields.name)} ${n}`;
      if (name === 'sip-trunks') fields.isSystem = n === 4;
      records[name].push(name === 'schemas' ? schemaRecord(id, { ...fields, name: `Topics ${n}` }, at) : { id, ...fields });
    }
  }
  return { records, ghosts: [] };
}

export async function startEpsilon(options: EpsilonOptions = {}): Promise<Epsilon> {
  const store = new Map<string, Org>(EPSILON_TOKENS.map((token) => [token, initialOrg()]));
  const broken = (name: string) => options.breaks?.has(name) === true;
  const invalid = (res: ServerResponse, field: string, message: string) => answer(res, 400, { errors: [{ field, message }] });

  const running = await listen((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://epsilon');
    if (url.pathname === DOCUMENT_PATH) return answer(res, 200, epsilonOpenApi());
    const match = /^\/api\/v1\/([a-z-]+)(?:\/([^/]+))?$/.exec(url.pathname);
    const name = match?.[1] as Collection;
    if (!match || !COLLECTIONS.includes(name)) return answer(res, 404, { errors: [{ message: 'no such path' }] });
    const token = bearerOf(req);
    if (token === undefined)
      return answer(res, 401, { errors: [{ message: 'a bearer token is required' }] }, { 'www-authenticate': 'Bearer' });
    const org = store.get(token);
    if (!org) return answer(res, 403, { errors: [{ message: 'this token names no organization' }] });
    const records = org.records[name];
    const id = match[2];
    const method = req.method ?? 'GET';
    if (id === undefined && method === 'GET') return list(res, name, token, url);
    if (id === undefined && method === 'POST') {
      if (!isObject(body)) return invalid(res, '', 'send the record as a JSON object');
      const field = name === 'tools' || name === 'schemas' ? 'name' : 'title';
      if (typeof body[field] !== 'string' || body[field] === '') return invalid(res, field, `"${field}" is required`);
      if (name === 'tools' && records.some((record) => record.name === body.name))
        return answer(res, 409, { errors: [{ field: 'name', message: 'a tool of this organization has this name' }] });
      const fresh = randomUUID();
      const fields = writable(body);
      const made =
        name === 'schemas'
          ? schemaRecord(fresh, { ...fields, version: 1 })
          : { id: fresh, ...fields, version: 1, ...(name === 'sip-trunks' ? { isSystem: false } : {}) };
      records.push(made);
      return answer(res, 201, made, { location: `/api/v1/${name}/${fresh}` });
    }
    const at = records.findIndex((record) => record.id === id);
    if (method === 'DELETE') {
      const record = records[at];
      if (!record || record.isSystem === true)
        return answer(res, name === 'assistants' ? 403 : 404, { errors: [{ message: `no deletable ${name} record ${id}` }] });
      records.splice(at, 1);
      if (name === 'sip-trunks' && broken('trunk-delete-still-listed-last')) org.ghosts.push(record);
      return answer(res, 200, name === 'tools' ? { id, deleted: true } : {});
    }
    if (at === -1) return answer(res, 404, { errors: [{ message: `no ${name} record ${id}` }] });
    const record = records[at]!;
    if (method === 'GET') return answer(res, 200, record);
    if (method !== 'PATCH') return answer(res, 405, { errors: [{ message: `${method} is not served here` }] });
    if (!isObject(body)) return invalid(res, '', 'send the fields to change as a JSON object');
    if (name === 'tools' && records.some((other) => other !== record && body.name !== undefined && other.name === body.name))
      return answer(res, 409, { errors: [{ field: 'name', message: 'a tool of this organization has this name' }] });
    Object.assign(
      record,
      writable(body),
      { version: Number(record.version) + 1 },
      name === 'schemas' ? { updatedAt: new Date().toISOString() } : {},
    );
    return answer(res, 200, record);
  });

  function list(res: ServerResponse, name: Collection, token: string, url: URL) {
    const org = store.get(token)!;
    let items = [...org.records[name]].reverse();
    if (name === 'sip-trunks') items.push(...org.ghosts);
    if (token === EPSILON_TOKENS[1] && broken('other-org-on-last-page')) items.push(...store.get(EPSILON_TOKENS[0])!.records[name]);
    if (name === 'schemas' && broken('schema-created-at-local-on-last-page'))
      items = items.map((item, index, all) => (index === all.length - 1 ? { ...item, createdAt: '2026-05-01T14:00:00+02:00' } : item));
    const page = Number(url.searchParams.get('page') ?? '1');
    if (!Number.isInteger(page) || page < 1) return answer(res, 400, { errors: [{ field: 'page', message: 'a whole number from 1' }] });
    const last = Math.max(1, Math.ceil(items.length / EPSILON_PAGE_SIZE));
    const at = (n: number, rel: string) => `</api/v1/${name}?page=${n}>; rel="${rel}"`;
    const links = [
      at(1, 'first'),
      ...(page > 1 ? [at(page - 1, 'prev')] : []),
      ...(page < last ? [at(page + 1, 'next')] : []),
      at(last, 'last'),
    ];
    answer(res, 200, items.slice((page - 1) * EPSILON_PAGE_SIZE, page * EPSILON_PAGE_SIZE), { link: links.join(', ') });
  }

  return { ...running, state: () => JSON.stringify([...store].map(([token, org]) => [token, org.records])) };
}
