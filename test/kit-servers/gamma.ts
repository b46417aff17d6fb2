/**
 * Gamma: a server whose creates answer 201 with an empty body and a Location header, whose trunk, assistant,
 * tool and webhook lists answer `{"items": [...], "total": n}`, whose names are unique per organization (409,
 * naming the field), and which serves no OpenAPI document (its examples are in gamma-examples.json, for
 * --examples). Validation errors are 400, a missing token 401. Its lists start with records named as its
 * examples, so an example sent as published would clash.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { answer, bearerOf, COLLECTIONS, type Collection, isObject, listen, type Running, schemaRecord } from './plumbing.js';

export const GAMMA_TOKENS = ['gamma-1', 'gamma-2'] as const;
export const GAMMA_EXAMPLES = new URL('./gamma-examples.json', import.meta.url).pathname;
export const GAMMA_SYSTEM_TRUNK = '0f7d3c1e-2b4a-4e6f-9a8b-7c6d5e4f3a2b';

export interface GammaOptions {
  /** The trunk list as `{"trunks": [...]}`, a shape the kit cannot read without --list-pointer. */
  opaqueTrunkList?: boolean;
  /** Creates answer 201 and `{}`, and the lists never show records made after the start: a create the kit cannot find. */
  hidesCreated?: boolean;
  /** Every other create (the 1st, 3rd, …) answers 409 naming "name", whatever it was: a clash the kit could not foresee. */
  everyOtherCreateConflicts?: boolean;
  /**
   * Creates answer 201 and `{}`; the record made is not listed, but one another client made at that moment is
   * (a shared environment): the list compared before and after shows one new id that is not the kit's.
   */
  anotherClientCreates?: boolean;
  /** A read of one trunk leaves out isSystem (the list still shows it). */
  readOmitsIsSystem?: boolean;
  /** The trunk list leaves out isSystem too. */
  listOmitsIsSystem?: boolean;
}

export interface Gamma extends Running {
  state(): string;
}

type Org = { records: Record<Collection, Map<string, Record<string, unknown>>>; startedWith: Set<string>; unlisted: Set<string> };

function initialOrg(token: string): Org {
  const examples = JSON.parse(readFileSync(GAMMA_EXAMPLES, 'utf8')) as Record<string, { create: Record<string, unknown> }>;
  const records = Object.fromEntries(COLLECTIONS.map((name) => [name, new Map()])) as Org['records'];
  for (const name of COLLECTIONS) {
    const id = randomUUID();
    const fields = examples[`/api/v1/${name}`]!.create;
    records[name].set(id, name === 'schemas' ? schemaRecord(id, fields, '2026-03-01T12:00:00Z') : { ...fields, id });
  }
  const systemId = token === 'gamma-1' ? GAMMA_SYSTEM_TRUNK : randomUUID();
  records['sip-trunks'].set(systemId, { id: systemId, name: 'Carrier', isSystem: true });
  for (const record of records['sip-trunks'].values()) record.isSystem ??= false;
  return { records, startedWith: new Set(COLLECTIONS.flatMap((name) => [...records[name].keys()])), unlisted: new Set() };
}

export async function startGamma(options: GammaOptions = {}): Promise<Gamma> {
  const store = new Map<string, Org>(GAMMA_TOKENS.map((token) => [token, initialOrg(token)]));
  let creates = 0;
  const running = await listen((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://gamma');
    const match = /^\/api\/v1\/([a-z-]+)(?:\/([^/]+))?$/.exec(url.pathname);
    const collection = match?.[1] as Collection;
    if (!match || !COLLECTIONS.includes(collection)) return answer(res, 404, { problem: 'not found' });
    const token = bearerOf(req);
    if (token === undefined) return answer(res, 401, { problem: 'unauthenticated' });
    const org = store.get(token);
    if (!org) return answer(res, 401, { problem: 'unknown token' });
    const records = org.records[collection];
    const id = match[2];
    const method = req.method ?? 'GET';
    if (id === undefined && method === 'GET') {
      const shown = [...records.values()].filter(
        (record) => (!options.hidesCreated || org.startedWith.has(record.id as string)) && !org.unlisted.has(record.id as string),
      );
      if (collection === 'schemas') return answer(res, 200, shown);
      if (collection === 'sip-trunks' && options.opaqueTrunkList) return answer(res, 200, { trunks: shown });
      const items = options.listOmitsIsSystem ? shown.map((record) => ({ ...record, isSystem: undefined })) : shown;
      return answer(res, 200, { items, total: shown.length });
    }
    if (id === undefined && method === 'POST') {
      if (!isObject(body) || typeof body.name !== 'string' || body.name.trim() === '') {
        return answer(res, 400, { problem: 'validation', fields: { name: 'required' } });
      }
      const clash = [...records.values()].some((record) => record.name === body.name);
      const refused = options.everyOtherCreateConflicts === true && creates++ % 2 === 0;
      if (clash || refused) return answer(res, 409, { problem: 'conflict', field: 'name' });
      const fresh = randomUUID();
      records.set(
        fresh,
        collection === 'schemas'
          ? schemaRecord(fresh, body)
          : { ...body, id: fresh, ...(collection === 'sip-trunks' ? { isSystem: false } : {}) },
      );
      if (options.anotherClientCreates) {
        org.unlisted.add(fresh);
        const other = randomUUID();
        const fields = { name: `Someone else's ${other.slice(0, 8)}` };
        records.set(other, collection === 'schemas' ? schemaRecord(other, fields) : { ...fields, id: other });
      }
      if (options.hidesCreated || options.anotherClientCreates) return answer(res, 201, {});
      return answer(res, 201, undefined, { location: `/api/v1/${collection}/${fresh}` });
    }
    const record = id === undefined ? undefined : records.get(id);
    if (!record) return answer(res, method === 'DELETE' && collection === 'assistants' ? 403 : 404, { problem: 'no such record' });
    if (method === 'GET' && options.readOmitsIsSystem) return answer(res, 200, { ...record, isSystem: undefined });
    if (method === 'GET') return answer(res, 200, record);
    if (method === 'PATCH') {
      if (!isObject(body)) return answer(res, 400, { problem: 'send a JSON object' });
      Object.assign(record, body);
      return answer(res, 200, record);
    }
    if (method === 'DELETE') {
      if (record.isSystem === true) return answer(res, 403, { problem: 'a system trunk cannot be deleted' });
      records.delete(id as string);
      return collection === 'tools' ? answer(res, 204) : answer(res, 200, {});
    }
    return answer(res, 405, { problem: 'method not allowed' });
  });
  return {
    ...running,
    state: () => JSON.stringify([...store].map(([token, org]) => [token, COLLECTIONS.map((name) => [...org.records[name].values()])])),
  };
}
