/**
 * Delta: a server that pages every list, two records a page, oldest first. The trunk, assistant, tool and webhook
 * lists answer `{"data": [...], "hasMore": true, "nextCursor": "…"}` and take `?cursor=`; the schema list stays the
 * bare JSON array the spec shows and pages by `?page=N` (from 1; a page past the end is empty), which only its
 * OpenAPI document declares. Gets, creates (201) and updates (200) answer the record wrapped, `{"data": {...}}`;
 * webhook urls are unique per organization (409 naming "url"); validation errors are 422, a missing or unknown token
 * 401. An unknown id answers 404 on every delete (the assistant's too); a system trunk's delete 403. The OpenAPI
 * document is served at /v1/spec.json, not /openapi.json (the same file as DELTA_OPENAPI, for --openapi). Each
 * organization starts with five records of each kind (one trunk a system trunk), so every list spans three pages.
 * A deleted trunk's configuration at the telephony provider is held apart (`provider`) and removed with it.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { answer, bearerOf, COLLECTIONS, type Collection, isObject, listen, type Running, schemaRecord } from './plumbing.js';

export const DELTA_TOKENS = ['delta-a', 'delta-b'] as const;
export const DELTA_OPENAPI = new URL('./delta-openapi.json', import.meta.url).pathname;
export const DELTA_SPEC_PATH = '/v1/spec.json';
export const DELTA_PAGE_SIZE = 2;

const LISTED = ['sip-trunks', 'assistants', 'tools', 'webhooks'] as const;
const SCHEMA_FIELDS = ['id', 'name', 'type', 'description', 'properties', 'isLocked', 'createdAt', 'updatedAt'] as const;
const each = <T extends string, V>(names: readonly T[], entry: (name: T) => [string, V]) => Object.fromEntries(names.map(entry));

/** Each way to break a spec rule, with the spec checks that must then fail (counted without --strict). */
export const DELTA_BREAKS: Record<string, readonly string[]> = {
  /** The trunk's get answers 404 after its delete, but the list still shows it, past page 1. */
  'trunk-delete-still-listed': ['sip-trunks.list-after-delete'],
  /** The second token's lists show the first organization's records from page 2 on. */
  'other-org-on-page-2': COLLECTIONS.flatMap((name) => [`tenancy.${name}.list`, `tenancy.${name}.apart`]),
  'webhook-delete-array': ['webhooks.delete.empty-object'],
  'assistant-delete-204': ['assistants.delete.empty-object'],
  'trunk-delete-answers-record': ['sip-trunks.delete.empty-object'],
  /** The deletes whose example sends {} refuse a body. */
  'delete-refuses-body': ['sip-trunks.delete.accepts-example', 'assistants.delete.accepts-example', 'webhooks.delete.accepts-example'],
  'tool-delete-wants-body': ['tools.delete.accepts-example'],
  'system-trunk-deletable': ['sip-trunks.delete.system-refused'],
  'system-trunk-removed-anyway': ['sip-trunks.delete.system-survives'],
  /** Pages after the first of the schema list are empty: a schema created in the run is never listed. */
  'schema-list-ends-after-page-1': ['schemas.list-after-create'],
  'schema-list-enveloped': ['schemas.list.json-array'],
  'is-system-text-on-page-3': ['sip-trunks.list.field.isSystem'],
  ...each(LISTED, (name) => [`${name}-id-not-uuid-on-page-2`, [`${name}.list.ids-uuid`]]),
  ...each(SCHEMA_FIELDS, (field) => [`schema-${field}-wrong-on-page-3`, [`schemas.list.field.${field}`]]),
  /** Without a token, page 1 of a list is empty and says there is more: the first organization's records. */
  'lists-without-token-from-page-2': LISTED.map((name) => `auth.missing-token.${name}`),
  'schema-list-without-token': ['auth.missing-token.schemas'],
  'lists-for-any-token': COLLECTIONS.map((name) => `auth.unknown-token.${name}`),
  'create-without-token': COLLECTIONS.map((name) => `${name}.create.needs-token`),
  'get-without-token': COLLECTIONS.map((name) => `${name}.get.needs-token`),
  'update-without-token': COLLECTIONS.map((name) => `${name}.update.needs-token`),
  'delete-without-token': COLLECTIONS.map((name) => `${name}.delete.needs-token`),
};

/** Breaks of statuses the spec lists without stating their condition: `documented` checks, counted with --strict. */
export const DELTA_DOCUMENTED_BREAKS: Record<string, readonly string[]> = {
  'trunk-delete-unknown-200': ['sip-trunks.delete.unknown-id'],
  'tool-delete-unknown-200': ['tools.delete.unknown-id'],
  'webhook-delete-unknown-200': ['webhooks.delete.unknown-id'],
};

export interface DeltaOptions {
  breaks?: ReadonlySet<string>;
  /**
   * The four cursor lists keep their cursor where the kit does not look: `{"data": [...], "hasMore": true, "resume":
   * {"at": "…"}}` (still sent back as `?cursor=`). Only --next-pointer /resume/at tells the kit how to follow.
   */
  hiddenCursor?: boolean;
  /** Gets, creates and updates answer `{"result": {"record": {...}}}`: only --record-pointer /result/record reads it. */
  deepRecords?: boolean;
  /** A trunk's delete leaves its configuration at the provider (seen by no API answer, only by `state()`). */
  keepsProviderConfig?: boolean;
}

export interface Delta extends Running {
  /** Every organization's records and provider configurations, as the server holds them. */
  state(): string;
}

type Records = Record<Collection, Record<string, unknown>[]>;
type Org = { records: Records; provider: Record<string, { host: string }>; ghosts: Record<string, unknown>[] };

const seedFields: Record<Collection, (n: number) => Record<string, unknown>> = {
  'sip-trunks': (n) => ({ name: `Line ${n}`, host: `sip${n}.carrier.example.net`, port: 5060, isSystem: n === 1 }),
  assistants: (n) => ({ name: `Assistant ${n}`, model: 'delta-voice-2', firstMessage: 'Hello.' }),
  schemas: (n) => ({ name: `Schema ${n}`, description: 'Held before any run.', properties: { topic: 'string' } }),
  tools: (n) => ({ name: `tool_${n}`, description: 'Held before any run.', url: `https://tools.example.net/${n}` }),
  webhooks: (n) => ({ url: `https://hooks.example.net/seeded/${n}`, events: ['call.ended'] }),
};

function initialOrg(): Org {
  const org: Org = { records: each(COLLECTIONS, (name) => [name, []]) as unknown as Records, provider: {}, ghosts: [] };
  for (const name of COLLECTIONS) {
    for (let n = 1; n <= 5; n++) {
      const id = randomUUID();
      const at = `2026-04-0${n}T08:00:00.000Z`;
      const fields = seedFields[name](n);
      org.records[name].push(name === 'schemas' ? schemaRecord(id, fields, at) : { id, ...fields, createdAt: at, updatedAt: at });
      if (name === 'sip-trunks') org.provider[id] = { host: fields.host as string };
    }
  }
  return org;
}

const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');
const decodeCursor = (cursor: string) => {
  const match = /^o:(\d+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : undefined;
};

type Problem = { status?: 409; field: string; message: string };

/** A create's or update's fields, less those the server keeps (a client's values for them are ignored). */
const writable = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !['id', 'createdAt', 'updatedAt', 'isSystem'].includes(key)));

/** What a create or update may hold, per kind; the first problem, if any. */
function problemOf(name: Collection, record: Record<string, unknown>): Problem | undefined {
  const nonEmpty = (value: unknown) => typeof value === 'string' && value.trim() !== '';
  if (name !== 'webhooks' && !nonEmpty(record.name)) return { field: 'name', message: '"name" is required: a non-empty string' };
  if (name === 'tools' && !/^[A-Za-z0-9_-]{1,64}$/.test(record.name as string))
    return { field: 'name', message: '"name" may hold only letters, digits, _ and -, at most 64 of them' };
  if (name === 'webhooks') {
    const url = typeof record.url === 'string' && URL.canParse(record.url) ? new URL(record.url) : undefined;
    if (!url || !/^https?:$/.test(url.protocol) || /\s/.test(record.url as string))
      return { field: 'url', message: '"url" must be an http(s) URL' };
  }
  if (name !== 'schemas') return undefined;
  if (!isObject(record.properties) || !Object.values(record.properties).every((v) => typeof v === 'string'))
    return { field: 'properties', message: '"properties" must map each property name to a type name' };
  const wrong = (['type', 'description'] as const).find((field) => typeof record[field] !== 'string');
  if (wrong) return { field: wrong, message: `"${wrong}" must be a string` };
  if (typeof record.isLocked !== 'boolean') return { field: 'isLocked', message: '"isLocked" must be true or false' };
  return undefined;
}

export async function startDelta(options: DeltaOptions = {}): Promise<Delta> {
  const store = new Map<string, Org>(DELTA_TOKENS.map((token) => [token, initialOrg()]));
  const broken = (name: string) => options.breaks?.has(name) === true;
  const fail = (res: ServerResponse, status: number, code: string, message: string, field?: string) =>
    answer(res, status, { error: { code, message, ...(field ? { field } : {}) } });
  const wrap = (record: unknown) => (options.deepRecords ? { result: { record } } : { data: record });

  const running = await listen((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://delta');
    if (url.pathname === DELTA_SPEC_PATH) return answer(res, 200, JSON.parse(readFileSync(DELTA_OPENAPI, 'utf8')));
    const match = /^\/api\/v1\/([a-z-]+)(?:\/([^/]+))?$/.exec(url.pathname);
    const name = match?.[1] as Collection;
    if (!match || !COLLECTIONS.includes(name)) return fail(res, 404, 'not_found', `no such path: ${url.pathname}`);
    const method = req.method ?? 'GET';
    const id = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
    const op = id === undefined ? { GET: 'list', POST: 'create' }[method] : { GET: 'get', PATCH: 'update', DELETE: 'delete' }[method];
    if (op === undefined) return fail(res, 405, 'method_not_allowed', `${method} is not served on ${url.pathname}`);
    let token = bearerOf(req);
    const tokenless = token === undefined;
    const leaksFromPage2 = tokenless && op === 'list' && name !== 'schemas' && broken('lists-without-token-from-page-2');
    if (tokenless && (broken(`${op}-without-token`) || leaksFromPage2)) token = DELTA_TOKENS[0];
    if (tokenless && op === 'list' && name === 'schemas' && broken('schema-list-without-token')) token = DELTA_TOKENS[0];
    if (token !== undefined && !store.has(token) && op === 'list' && broken('lists-for-any-token')) token = DELTA_TOKENS[0];
    const org = token === undefined ? undefined : store.get(token);
    if (!org) return fail(res, 401, 'unauthorized', 'send "Authorization: Bearer <token>" with a token of your organization');
    const records = org.records[name];
    if (op === 'list') return list(res, name, token!, url, leaksFromPage2);
    if (op === 'create') return create(res, name, org, body);
    const at = records.findIndex((record) => record.id === id);
    if (op === 'delete') return remove(res, name, org, at, body);
    if (at === -1) return fail(res, 404, 'not_found', `no ${name} record ${id} in this organization`);
    if (op === 'get') return answer(res, 200, wrap(records[at]));
    if (!isObject(body)) return fail(res, 422, 'invalid', 'send the fields to change as a JSON object');
    const changed = { ...records[at], ...writable(body), updatedAt: new Date().toISOString() };
    const problem = problemOf(name, changed) ?? clash(name, records, changed);
    if (problem) return fail(res, problem.status ?? 422, problem.status ? 'conflict' : 'invalid', problem.message, problem.field);
    records[at] = changed;
    return answer(res, 200, wrap(changed));
  });

  function list(res: ServerResponse, name: Collection, token: string, url: URL, emptyFirstPage: boolean) {
    const org = store.get(token)!;
    let items: Record<string, unknown>[] = [...org.records[name], ...(name === 'sip-trunks' ? org.ghosts : [])];
    if (token === DELTA_TOKENS[1] && broken('other-org-on-page-2'))
      items = [...items.slice(0, DELTA_PAGE_SIZE), ...store.get(DELTA_TOKENS[0])!.records[name], ...items.slice(DELTA_PAGE_SIZE)];
    items = items.map((item, index) => brokenItem(name, item, index));
    if (name === 'schemas' && !broken('schema-list-enveloped')) {
      const page = url.searchParams.get('page') ?? '1';
      if (!/^[1-9]\d*$/.test(page)) return fail(res, 422, 'invalid', '"page" must be a whole number from 1');
      const start = (Number(page) - 1) * DELTA_PAGE_SIZE;
      if (start > 0 && broken('schema-list-ends-after-page-1')) return answer(res, 200, []);
      return answer(res, 200, items.slice(start, start + DELTA_PAGE_SIZE));
    }
    const cursor = url.searchParams.get('cursor');
    const start = cursor === null ? 0 : decodeCursor(cursor);
    if (start === undefined) return fail(res, 422, 'invalid', '"cursor" is not a cursor this server gave', 'cursor');
    const page = emptyFirstPage && cursor === null ? [] : items.slice(start, start + DELTA_PAGE_SIZE);
    const next = emptyFirstPage && cursor === null ? 0 : start + DELTA_PAGE_SIZE;
    const hasMore = next < items.length;
    const nextCursor = hasMore ? encodeCursor(next) : null;
    if (options.hiddenCursor) return answer(res, 200, { data: page, hasMore, resume: { at: nextCursor } });
    answer(res, 200, { data: page, hasMore, nextCursor });
  }

  /** A seeded record as a break shows it in a list (by its position, so on the page the break names). */
  function brokenItem(name: Collection, item: Record<string, unknown>, index: number): Record<string, unknown> {
    if (index === 2 && broken(`${name}-id-not-uuid-on-page-2`)) return { ...item, id: `rec_${String(item.id).replaceAll('-', '')}` };
    if (index === 4 && name === 'sip-trunks' && broken('is-system-text-on-page-3')) return { ...item, isSystem: 'false' };
    const field = SCHEMA_FIELDS.find((candidate) => broken(`schema-${candidate}-wrong-on-page-3`));
    if (index === 4 && name === 'schemas' && field !== undefined)
      return { ...item, [field]: field === 'createdAt' || field === 'updatedAt' ? '2026-04-05 10:00:00+02:00' : 42 };
    return item;
  }

  function clash(name: Collection, records: Record<string, unknown>[], record: Record<string, unknown>): Problem | undefined {
    if (name !== 'webhooks' || !records.some((other) => other.url === record.url && other.id !== record.id)) return undefined;
    return { status: 409, field: 'url', message: `a webhook of this organization already has the url ${String(record.url)}` };
  }

  function create(res: ServerResponse, name: Collection, org: Org, body: unknown) {
    const records = org.records[name];
    if (!isObject(body)) return fail(res, 422, 'invalid', 'send the new record as a JSON object');
    const id = randomUUID();
    const now = new Date().toISOString();
    const fields = writable(body);
    const record =
      name === 'schemas'
        ? schemaRecord(id, fields, now)
        : { id, ...fields, ...(name === 'sip-trunks' ? { isSystem: false } : {}), createdAt: now, updatedAt: now };
    const problem = problemOf(name, record) ?? clash(name, records, record);
    if (problem) return fail(res, problem.status ?? 422, problem.status ? 'conflict' : 'invalid', problem.message, problem.field);
    records.push(record);
    if (name === 'sip-trunks') org.provider[id] = { host: String(record.host) };
    answer(res, 201, wrap(record));
  }

  function remove(res: ServerResponse, name: Collection, org: Org, at: number, body: unknown) {
    const records = org.records[name];
    if (body !== undefined && broken('delete-refuses-body')) return fail(res, 415, 'unsupported', 'a delete takes no body');
    if (body === undefined && name === 'tools' && broken('tool-delete-wants-body')) return fail(res, 422, 'invalid', 'send {}');
    if (at === -1) {
      const unknownAnswers200 = { 'sip-trunks': 'trunk', tools: 'tool', webhooks: 'webhook' } as Record<string, string>;
      if (broken(`${unknownAnswers200[name]}-delete-unknown-200`)) return answer(res, 200, {});
      return fail(res, 404, 'not_found', `no ${name} record with that id in this organization`);
    }
    const record = records[at]!;
    if (record.isSystem === true && !broken('system-trunk-deletable')) {
      if (broken('system-trunk-removed-anyway')) records.splice(at, 1);
      return fail(res, 403, 'forbidden', 'a system trunk cannot be deleted');
    }
    records.splice(at, 1);
    if (name === 'sip-trunks') {
      if (!options.keepsProviderConfig) delete org.provider[record.id as string];
      if (broken('trunk-delete-still-listed')) org.ghosts.push(record);
      return answer(res, 200, broken('trunk-delete-answers-record') ? { data: record } : {});
    }
    if (name === 'assistants') return broken('assistant-delete-204') ? answer(res, 204) : answer(res, 200, {});
    if (name === 'webhooks') return answer(res, 200, broken('webhook-delete-array') ? [] : {});
    return answer(res, 204);
  }

  return {
    ...running,
    state: () => JSON.stringify([...store].map(([token, org]) => [token, org.records, org.provider])),
  };
}
