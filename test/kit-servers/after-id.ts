/**
 * After-id: a Stripe-style server. Lists answer `{"object":"list","url":…,"data":[...],"has_more":…}` and take
 * the next page as `?starting_after=<last id>` (and `limit`, two by default): no cursor member; a parameter it
 * does not know is refused with 400 naming it. Creates answer 200 with the bare record (its `object` names the
 * kind); problems are `{"error":{"type","message","param"}}`; no token and an unknown token answer 401. Its
 * document is served as YAML only, at /openapi.yaml, with request examples and the paging parameters declared.
 * The trunk, assistant and webhook deletes answer `{}`, the tool delete `{"id","object","deleted":true}`.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { stringify } from 'yaml';
import { answer, bearerOf, COLLECTIONS, type Collection, isObject, listen, type Running, schemaRecord } from './plumbing.js';
import { SPEC_BREAKS, withPrefixedIds, withTextFlags, withWrongSchemaFields } from './spec-breaks.js';

export const AFTER_TOKENS = ['sk_test_after_1', 'sk_test_after_2'] as const;
const LIMIT = 2;

/** Each way to break a spec rule, with the spec checks that must then fail. */
export const AFTER_BREAKS: Record<string, readonly string[]> = {
  ...SPEC_BREAKS,
  /** From page 2 on (`starting_after` given), the list query drops the organization filter; gets stay scoped. */
  'list-drops-org-after-page-1': COLLECTIONS.filter((name) => name !== 'schemas').map((name) => `tenancy.${name}.apart`),
  /** A deleted trunk's get answers 404, but the list still shows it. */
  'deleted-trunk-listed': ['sip-trunks.list-after-delete'],
  /** A system trunk's delete is carried out. */
  'system-trunk-deletable': ['sip-trunks.delete.system-refused'],
};

const EXAMPLES: Record<Collection, { create: Record<string, unknown>; update: Record<string, unknown> }> = {
  'sip-trunks': { create: { name: 'Main line', uri: 'sip:main@pbx.example.org' }, update: { uri: 'sip:two@pbx.example.org' } },
  assistants: { create: { name: 'Front desk', voice: 'alto' }, update: { voice: 'tenor' } },
  schemas: { create: { name: 'Call topics', description: 'Topics.', properties: { topic: 'string' } }, update: { description: 'More.' } },
  tools: { create: { name: 'check_order', url: 'https://tools.example.org/orders' }, update: { url: 'https://tools.example.org/v2' } },
  webhooks: { create: { name: 'Events', url: 'https://hooks.example.org/e' }, update: { url: 'https://hooks.example.org/f' } },
};

/** The YAML document it serves. */
export function afterIdOpenApiYaml(): string {
  const paths: Record<string, unknown> = {};
  const body = (example: unknown) => ({ requestBody: { content: { 'application/json': { example } } } });
  const params = [
    { name: 'starting_after', in: 'query', schema: { type: 'string' }, description: 'An object id: the page starts after it.' },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
  ];
  for (const name of COLLECTIONS) {
    paths[`/api/v1/${name}`] = {
      get: { parameters: params, responses: { 200: { description: 'A list' } } },
      post: { ...body(EXAMPLES[name].create), responses: { 200: { description: 'The new object' } } },
    };
    paths[`/api/v1/${name}/{id}`] = {
      post: { responses: { 200: { description: 'x' } } },
      patch: { ...body(EXAMPLES[name].update), responses: { 200: { description: 'Changed' } } },
    };
  }
  return stringify({ openapi: '3.0.3', info: { title: 'after-id', version: '2026-01-01' }, paths });
}

export interface AfterIdOptions {
  breaks?: ReadonlySet<string>;
}

export interface AfterId extends Running {
  state(): string;
}

export async function startAfterId(options: AfterIdOptions = {}): Promise<AfterId> {
  const broken = (name: string) => options.breaks?.has(name) === true;
  /** Every record of every organization, in creation order, with its owner: lists filter it by organization. */
  const all: { owner: string; kind: Collection; record: Record<string, unknown>; ghost?: boolean; gone?: boolean; made?: boolean }[] = [];
  for (const [org, owner] of AFTER_TOKENS.entries()) {
    for (const kind of COLLECTIONS) {
      for (const n of [1, 2, 3]) {
        const id = randomUUID();
        const fields = { ...EXAMPLES[kind].create, name: `${String(EXAMPLES[kind].create.name).replace(/ /g, '_')}_${org}${n}` };
        if (kind === 'sip-trunks') Object.assign(fields, { isSystem: n === 1 });
        const record = kind === 'schemas' ? schemaRecord(id, fields, `2026-02-0${n}T10:00:00Z`) : { id, object: kind, ...fields };
        all.push({ owner, kind, record });
      }
    }
  }
  // Interleaved as a shared table would hold them: the organizations' records alternate.
  all.sort((a, b) => String(a.record.name).slice(-1).localeCompare(String(b.record.name).slice(-1)));
  const problem = (res: ServerResponse, status: number, message: string, param?: string) =>
    answer(res, status, { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } });

  const running = await listen((req, body, res) => {
    const url = new URL(req.url ?? '/', 'http://after');
    if (url.pathname === '/openapi.yaml') {
      res.writeHead(200, { 'content-type': 'application/yaml' }).end(afterIdOpenApiYaml());
      return;
    }
    const match = /^\/api\/v1\/([a-z-]+)(?:\/([^/]+))?$/.exec(url.pathname);
    const kind = match?.[1] as Collection;
    if (!match || !COLLECTIONS.includes(kind)) return problem(res, 404, 'Unrecognized request URL.');
    const id = match[2];
    const method = req.method ?? 'GET';
    const given = bearerOf(req);
    // The broken variants that let a request through without a token (or with any) serve the first organization.
    const sneaking =
      given === undefined &&
      ((broken('create-without-token') && method === 'POST' && kind === 'assistants') ||
        (broken('lists-without-token') && method === 'GET' && id === undefined && kind === 'webhooks') ||
        (broken('get-without-token') && method === 'GET' && id !== undefined && kind === 'tools') ||
        (broken('update-without-token') && method === 'PATCH' && kind === 'webhooks') ||
        (broken('delete-without-token') && method === 'DELETE' && kind === 'schemas'));
    const known = given !== undefined && (AFTER_TOKENS as readonly string[]).includes(given);
    const anyToken = broken('lists-for-any-token') && method === 'GET' && id === undefined && kind === 'assistants';
    const token = sneaking || (anyToken && !known) ? AFTER_TOKENS[0] : given;
    if (token === undefined || (!known && token === given))
      return answer(res, 401, { error: { type: 'authentication_error', message: 'Invalid API Key provided.' } });
    const mine = (entry: (typeof all)[number]) => entry.owner === token && entry.kind === kind;
    if (id === undefined && method === 'GET') {
      for (const key of url.searchParams.keys())
        if (key !== 'starting_after' && key !== 'limit') return problem(res, 400, `Received unknown parameter: ${key}`, key);
      const after = url.searchParams.get('starting_after');
      const limit = Number(url.searchParams.get('limit') ?? LIMIT);
      if (kind === 'schemas') {
        let schemas = all
          .filter((entry) => (broken('schemas-of-all-organizations') ? entry.kind === kind : mine(entry)) && !entry.ghost && !entry.gone)
          .filter((entry) => !(broken('schema-not-listed') && entry.made))
          .map((entry) => entry.record);
        if (broken('schema-fields-wrong')) schemas = withWrongSchemaFields(schemas);
        return answer(res, 200, broken('schema-list-wrapped') ? { object: 'list', data: schemas, has_more: false } : schemas);
      }
      const start = after === null ? 0 : all.findIndex((entry) => entry.record.id === after) + 1;
      if (after !== null && start === 0) return problem(res, 400, `No such object: '${after}'`, 'starting_after');
      const leaks = after !== null && broken('list-drops-org-after-page-1');
      const rows = all
        .slice(start)
        .filter((entry) => (leaks ? entry.kind === kind : mine(entry)) && (!entry.ghost || kind === 'sip-trunks') && !entry.gone);
      let data = rows.slice(0, limit).map((entry) => entry.record);
      if (kind === 'tools' && broken('list-ids-not-uuid')) data = withPrefixedIds(data);
      if (kind === 'sip-trunks' && broken('is-system-text')) data = withTextFlags(data);
      return answer(res, 200, {
        object: 'list',
        url: `/api/v1/${kind}`,
        data,
        has_more: rows.length > limit,
      });
    }
    if (id === undefined && method === 'POST') {
      if (!isObject(body) || typeof body.name !== 'string') return problem(res, 400, 'Missing required param: name.', 'name');
      const fresh = randomUUID();
      const record =
        kind === 'schemas'
          ? schemaRecord(fresh, body)
          : { ...body, id: fresh, object: kind, ...(kind === 'sip-trunks' ? { isSystem: false } : {}) };
      all.push({ owner: token, kind, record, made: true });
      return answer(res, 200, record);
    }
    const entry = all.find(
      (candidate) =>
        mine(candidate) &&
        candidate.record.id === id &&
        !candidate.ghost &&
        (!candidate.gone || (method === 'GET' && kind === 'sip-trunks')),
    );
    if (!entry && method === 'DELETE' && broken('unknown-delete-succeeds') && kind !== 'assistants' && kind !== 'schemas')
      return answer(res, 200, kind === 'tools' ? { id, object: 'tool', deleted: true } : {});
    if (!entry) return problem(res, 404, `No such ${kind}: '${id}'`, 'id');
    if (method === 'GET') return answer(res, 200, entry.record);
    if (method === 'DELETE') {
      if (kind === 'sip-trunks' && body !== undefined && broken('trunk-delete-refuses-body'))
        return problem(res, 400, 'Received unknown parameter: {}', 'body');
      if (entry.record.isSystem === true && !broken('system-trunk-deletable')) {
        if (broken('system-trunk-removed-anyway')) all.splice(all.indexOf(entry), 1);
        return problem(res, 403, 'System trunks cannot be deleted.');
      }
      if (kind === 'sip-trunks' && broken('deleted-trunk-listed')) entry.ghost = true;
      else if (kind === 'sip-trunks' && broken('deleted-trunk-gettable')) entry.gone = true;
      else all.splice(all.indexOf(entry), 1);
      if (kind === 'assistants' && broken('assistant-delete-not-empty'))
        return answer(res, 200, { id, object: 'assistant', deleted: true });
      return answer(res, 200, kind === 'tools' ? { id, object: 'tool', deleted: true } : {});
    }
    if (method !== 'PATCH' || !isObject(body)) return problem(res, 405, `${method} is not allowed here.`);
    Object.assign(entry.record, body, { id }, kind === 'schemas' ? { updatedAt: new Date().toISOString() } : {});
    return answer(res, 200, entry.record);
  });

  return {
    ...running,
    state: () =>
      JSON.stringify(
        all
          .filter((entry) => !entry.ghost && !entry.gone)
          .map((entry) => [entry.owner, entry.kind, entry.record])
          .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
      ),
  };
}
