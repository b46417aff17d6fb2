/**
 * A proxy in front of the mock with bugs planted on purpose, each of which
 * shows only after several specific calls (the bugs of real services that
 * fixed scenarios miss). `explore` must find each one, shrink it to its
 * shortest sequence and hand back a repro that shows it. Each bug is listed
 * with the rule it breaks and the length of its shortest sequence.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FetchLike } from '../../contracts/conformance/types.js';

export const PLANTED = {
  /** A tool re-created with the name of one just deleted is refused 409: the unique index was not freed. */
  'name-kept-after-delete': { rule: 'explore.recreate.accepted', shortest: 3 },
  /** The second delete of a webhook answers 200 {}. */
  'delete-twice-accepted': { rule: 'explore.deleted.delete-again-refused', shortest: 3 },
  /** After two updates of an assistant, its get answers the first update's values (a cache not cleared). */
  'stale-after-second-update': { rule: 'explore.read-back', shortest: 3 },
  /** After the second organization updates its assistant, the assistant appears in the first organization's list. */
  'leak-after-update': { rule: 'explore.list.own-organization-only', shortest: 3 },
  /** After its owner updates a tool, the other organization can delete it. */
  'cross-delete-after-update': { rule: 'explore.tenancy.cannot-delete', shortest: 3 },
  /** A trunk that was updated answers its delete 200 {} but stays in the list. */
  'trunk-kept-after-update': { rule: 'explore.sip-trunks.deleted-gone', shortest: 3 },
} as const;
export type Planted = keyof typeof PLANTED;

const FIRST = 'demo-token';
const SECOND = 'demo-token-2';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The mock behind `inner`, with the bugs `bugs` planted (each concerns its own resource and sequence). */
export function buggyProxy(inner: FetchLike, bugs: readonly Planted[]): FetchLike {
  const has = (bug: Planted) => bugs.includes(bug);
  const deletedToolNames = new Set<string>();
  const deletedIds = new Set<string>();
  const patches = new Map<string, number>();
  const firstPatchAnswer = new Map<string, string>();
  const leaked = new Map<string, unknown>();
  const owners = new Map<string, string>();
  const ghosts = new Set<string>();
  return async (url, init) => {
    const { pathname } = new URL(url);
    const [, kind, id] = /^\/api\/v1\/([a-z-]+)(?:\/([^/]+))?$/.exec(pathname) ?? [];
    const method = (init.method ?? 'GET').toUpperCase();
    const token = /^Bearer (.+)$/.exec(new Headers(init.headers).get('authorization') ?? '')?.[1] ?? '';
    const body = typeof init.body === 'string' && init.body !== '' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const pass = () => inner(url, init);
    if (kind === undefined) return pass();

    if (has('cross-delete-after-update') && kind === 'tools' && id !== undefined) {
      if (method === 'PATCH') {
        const answer = await pass();
        if (answer.ok) owners.set(id, token);
        return answer;
      }
      const owner = owners.get(id);
      if (method === 'DELETE' && owner !== undefined && owner !== token)
        return inner(url, { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), authorization: `Bearer ${owner}` } });
    }
    if (has('name-kept-after-delete') && kind === 'tools') {
      if (method === 'POST' && deletedToolNames.has(String(body?.name)))
        return json(409, { message: `a tool named ${String(body?.name)} exists` });
      if (method === 'DELETE' && id !== undefined) {
        const read = await inner(url, { method: 'GET', headers: init.headers ?? {} });
        const name = read.ok ? ((await read.json()) as { name?: string }).name : undefined;
        const answer = await pass();
        if (answer.ok && name !== undefined) deletedToolNames.add(name);
        return answer;
      }
    }
    if (has('delete-twice-accepted') && kind === 'webhooks' && method === 'DELETE' && id !== undefined) {
      if (deletedIds.has(id)) return json(200, {});
      const answer = await pass();
      if (answer.ok) deletedIds.add(id);
      return answer;
    }
    if (kind === 'assistants' && (has('stale-after-second-update') || has('leak-after-update'))) {
      if (method === 'PATCH' && id !== undefined) {
        const answer = await pass();
        if (!answer.ok) return answer;
        const text = await answer.clone().text();
        patches.set(id, (patches.get(id) ?? 0) + 1);
        owners.set(id, token);
        if (!firstPatchAnswer.has(id)) firstPatchAnswer.set(id, text);
        if (has('leak-after-update') && token === SECOND) leaked.set(id, JSON.parse(text));
        return answer;
      }
      // The cache is the owner's: another organization's read passes through (and is refused).
      if (
        has('stale-after-second-update') &&
        method === 'GET' &&
        id !== undefined &&
        (patches.get(id) ?? 0) >= 2 &&
        owners.get(id) === token
      )
        return json(200, JSON.parse(firstPatchAnswer.get(id) as string));
      if (has('leak-after-update') && method === 'DELETE' && id !== undefined) {
        const answer = await pass();
        if (answer.ok) leaked.delete(id);
        return answer;
      }
      if (has('leak-after-update') && method === 'GET' && id === undefined && token === FIRST) {
        const answer = await pass();
        return json(answer.status, [...((await answer.json()) as unknown[]), ...leaked.values()]);
      }
    }
    if (has('trunk-kept-after-update') && kind === 'sip-trunks' && id !== undefined) {
      if (ghosts.has(id)) return json(404, { message: 'not found' });
      if (method === 'PATCH') {
        const answer = await pass();
        if (answer.ok) owners.set(id, token);
        return answer;
      }
      if (method === 'DELETE' && owners.get(id) === token) {
        ghosts.add(id);
        return json(200, {});
      }
    }
    return pass();
  };
}

/** Serves `fetch` over HTTP on a free port of 127.0.0.1 (for repro.sh, which speaks curl). */
export async function serveFetch(fetch: FetchLike): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])),
    );
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && chunks.length > 0;
    const answer = await fetch(`http://127.0.0.1${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(hasBody ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
    });
    const text = await answer.text();
    res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
