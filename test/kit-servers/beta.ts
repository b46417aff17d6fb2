/**
 * Beta: an enveloped server. The trunk, assistant, tool and webhook lists answer `{"data": [...], "next": null}`
 * (the schema list is a bare array, as the spec shows it); a create answers 201 with the record wrapped,
 * `{"data": {...}}`, and is idempotent: a create whose name an existing record has answers that record (200).
 * Every request must carry `X-Api-Version` (BETA_VERSION); a missing token answers 401; records carry extra fields. It
 * serves no /openapi.json: its examples are in beta-openapi.json, for --openapi. Its lists start full, holding
 * records named exactly as its examples, as on a staging environment someone tried the examples on.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { answer, bearerOf, COLLECTIONS, type Collection, isObject, listen, type Running, schemaRecord } from './plumbing.js';

export const BETA_TOKENS = ['beta-one', 'beta-two'] as const;
/** The value of the header every request must carry (the tests check that the kit never prints it). */
export const BETA_VERSION = 'v2-secretish-7f3a';
export const BETA_OPENAPI = new URL('./beta-openapi.json', import.meta.url).pathname;

export interface BetaOptions {
  /** Every create answers the organization's first record of that kind, whatever was sent (a broken idempotency). */
  createAnswersFirst?: boolean;
}

export interface Beta extends Running {
  state(): string;
}

type Org = Record<Collection, Record<string, unknown>[]>;

function exampleNames(): Record<Collection, string> {
  const document = JSON.parse(readFileSync(BETA_OPENAPI, 'utf8')) as { paths: Record<string, { post?: { requestBody: any } }> };
  return Object.fromEntries(
    COLLECTIONS.map((name) => [name, document.paths[`/${name}`]?.post?.requestBody.content['application/json'].example.displayName]),
  ) as Record<Collection, string>;
}

function initialOrg(): Org {
  const names = exampleNames();
  const org = Object.fromEntries(COLLECTIONS.map((name) => [name, []])) as unknown as Org;
  for (const name of COLLECTIONS) {
    const id = randomUUID();
    org[name].push(
      name === 'schemas'
        ? schemaRecord(id, { displayName: names[name], name: 'Held', description: 'before any run' }, '2026-02-01T08:00:00.000Z')
        : { id, displayName: names[name], meta: { revision: 1 }, ...(name === 'sip-trunks' ? { isSystem: false } : {}) },
    );
  }
  org['sip-trunks'].push({ id: randomUUID(), displayName: 'Carrier', isSystem: true, meta: { revision: 1 } });
  return org;
}

export async function startBeta(options: BetaOptions = {}): Promise<Beta> {
  const store = new Map<string, Org>(BETA_TOKENS.map((token) => [token, initialOrg()]));
  const running = await listen((req, body, res) => {
    if (req.headers['x-api-version'] !== BETA_VERSION) return answer(res, 400, { error: `send the header X-Api-Version: ${BETA_VERSION}` });
    const url = new URL(req.url ?? '/', 'http://beta');
    const match = /^\/api\/v1\/([a-z-]+)(?:\/([0-9a-f-]{36}))?$/.exec(url.pathname);
    const collection = match?.[1] as Collection;
    if (!match || !COLLECTIONS.includes(collection)) return answer(res, 404, { error: 'not found' });
    const token = bearerOf(req);
    if (token === undefined) return answer(res, 401, { error: 'a bearer token is required' });
    const org = store.get(token);
    if (!org) return answer(res, 403, { error: 'unknown token' });
    const records = org[collection];
    const id = match[2];
    const at = records.findIndex((record) => record.id === id);
    const method = req.method ?? 'GET';
    if (id === undefined && method === 'GET') {
      return answer(res, 200, collection === 'schemas' ? records : { data: records, next: null });
    }
    if (id === undefined && method === 'POST') {
      if (!isObject(body) || typeof body.displayName !== 'string') return answer(res, 400, { error: 'displayName is required' });
      const same = options.createAnswersFirst ? records[0] : records.find((record) => record.displayName === body.displayName);
      if (same) return answer(res, 200, { data: same });
      const fresh = randomUUID();
      const made =
        collection === 'schemas'
          ? schemaRecord(fresh, { name: body.displayName, ...body })
          : { ...body, id: fresh, meta: { revision: 1 }, ...(collection === 'sip-trunks' ? { isSystem: false } : {}) };
      records.push(made);
      return answer(res, 201, { data: made });
    }
    // The assistant delete lists only 403 as its error, so a delete of an id it does not hold is refused with it.
    if (at === -1) return answer(res, collection === 'assistants' && method === 'DELETE' ? 403 : 404, { error: 'no such record' });
    const record = records[at]!;
    if (method === 'GET') return answer(res, 200, record);
    if (method === 'PATCH' && isObject(body)) {
      const revision = Number((record.meta as { revision?: number } | undefined)?.revision ?? 0);
      Object.assign(
        record,
        body,
        collection === 'schemas' ? { updatedAt: new Date().toISOString() } : { meta: { revision: revision + 1 } },
      );
      return answer(res, 200, record);
    }
    if (method === 'DELETE') {
      if (record.isSystem === true) return answer(res, 404, { error: 'system trunks are not deletable' });
      records.splice(at, 1);
      return collection === 'tools' || collection === 'schemas' ? answer(res, 200, { deleted: true }) : answer(res, 200, {});
    }
    return answer(res, 400, { error: 'send a JSON object' });
  });
  return { ...running, state: () => JSON.stringify([...store]) };
}
