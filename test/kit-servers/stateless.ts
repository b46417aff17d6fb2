/**
 * Stateless: a stand-in for a mock generated from a document (as Stoplight Prism serves one): every request is
 * answered with the example its operation shows, whatever came before and whoever asks. Both tokens get the same
 * lists (a system trunk, a locked schema, and one fixed ordinary record of the other kinds), a create answers the
 * same record every time, a delete answers 200 `{}` (a system trunk's too), and nothing is ever stored. A kit that
 * judges on evidence must fail it, and must pass no check that needs state it does not keep.
 */
import { answer, COLLECTIONS, type Collection, listen, type Running, schemaRecord } from './plumbing.js';

export const STATELESS_TOKENS = ['stand-in-1', 'stand-in-2'] as const;

const SYSTEM_TRUNK = { id: '0b7f9d54-7c1a-4c1b-9e55-52b1f5b1a001', name: 'System line', isSystem: true };
const EXAMPLE_RECORD: Record<Collection, Record<string, unknown>> = {
  'sip-trunks': SYSTEM_TRUNK,
  assistants: { id: '0b7f9d54-7c1a-4c1b-9e55-52b1f5b1a002', name: 'Example assistant' },
  schemas: schemaRecord('0b7f9d54-7c1a-4c1b-9e55-52b1f5b1a003', { name: 'Example schema', isLocked: true }, '2026-01-01T00:00:00Z'),
  tools: { id: '0b7f9d54-7c1a-4c1b-9e55-52b1f5b1a004', name: 'example_tool' },
  webhooks: { id: '0b7f9d54-7c1a-4c1b-9e55-52b1f5b1a005', url: 'https://hooks.example.org/example' },
};

/** The document whose examples the stand-in answers (and whose request examples the kit sends). */
export function statelessOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const json = (example: unknown) => ({ content: { 'application/json': { example } } });
  for (const name of COLLECTIONS) {
    const { id: _id, ...fields } = EXAMPLE_RECORD[name];
    paths[`/api/v1/${name}`] = {
      get: { responses: { 200: { description: 'A list', ...json([EXAMPLE_RECORD[name]]) } } },
      post: { requestBody: json(fields), responses: { 201: { description: 'Created', ...json(EXAMPLE_RECORD[name]) } } },
    };
    paths[`/api/v1/${name}/{id}`] = {
      get: { responses: { 200: { description: 'One', ...json(EXAMPLE_RECORD[name]) } } },
      patch: { requestBody: json(fields), responses: { 200: { description: 'Changed', ...json(EXAMPLE_RECORD[name]) } } },
      delete: { responses: { 200: { description: 'Deleted', ...json({}) } } },
    };
  }
  return { openapi: '3.0.3', info: { title: 'stand-in', version: '1' }, paths };
}

/** Starts the stand-in: answers from the document's examples only. */
export async function startStateless(): Promise<Running> {
  return listen((req, _body, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/openapi.json') return answer(res, 200, statelessOpenApi());
    const match = /^\/api\/v1\/([a-z-]+)(\/[^/]+)?$/.exec(url.pathname);
    const name = match?.[1] as Collection;
    if (!match || !COLLECTIONS.includes(name)) return answer(res, 404, { message: 'no route' });
    // Like a mock that validates only that a security scheme is present: any bearer token is taken.
    if (!/^Bearer .+/.test(req.headers.authorization ?? '')) return answer(res, 401, { message: 'no token' });
    const method = req.method ?? 'GET';
    if (match[2] === undefined) return method === 'GET' ? answer(res, 200, [EXAMPLE_RECORD[name]]) : answer(res, 201, EXAMPLE_RECORD[name]);
    return method === 'DELETE' ? answer(res, 200, {}) : answer(res, 200, EXAMPLE_RECORD[name]);
  });
}
