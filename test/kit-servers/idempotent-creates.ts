/**
 * A proxy in front of the mock whose SIP trunk creates hand back a record the kit did not make, in two ways a
 * real service may, and which keeps every request it was sent so a test can see what the kit wrote to:
 * - `per-host-paged`: a trunk create is idempotent per SIP host (a host the organization already has answers 200
 *   with that trunk); the four lists the spec does not show are bare arrays, two records a page under `?page=N`
 *   (counted from 1), with the total in `X-Total-Count` and no `Link` header; and the second organization's
 *   trunk list leaks the first's trunks after its own, on pages the kit does not reach on its own.
 * - `another-client`: lists as the mock serves them (one page, whole), but a trunk create of the first
 *   organization answers 201 with a trunk another client made at that moment, under another name, instead of
 *   making the one asked for.
 */
import type { FetchLike } from '../../contracts/conformance/types.js';

export type IdempotentWay = 'per-host-paged' | 'another-client';

const PAGE_SIZE = 2;
const FIRST = 'Bearer demo-token';
const SECOND = 'Bearer demo-token-2';
const PAGED = /^\/api\/v1\/(sip-trunks|assistants|tools|webhooks)$/;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** The mock behind `inner`, answering as `way` says; `received` gets `METHOD /path` of every request. */
export function idempotentProxy(inner: FetchLike, way: IdempotentWay, received: string[]): FetchLike {
  let others = 0;
  return async (url, init) => {
    const { pathname, searchParams } = new URL(url);
    const method = (init.method ?? 'GET').toUpperCase();
    const token = new Headers(init.headers).get('authorization') ?? '';
    received.push(`${method} ${pathname}`);
    const trunkCreate = method === 'POST' && pathname === '/api/v1/sip-trunks' && token.startsWith('Bearer ');
    if (trunkCreate && way === 'per-host-paged') {
      const { host } = JSON.parse(String(init.body)) as { host?: string };
      const listed = (await (await inner(url, { headers: { authorization: token } })).json()) as { host?: string }[];
      const same = listed.find((trunk) => trunk.host === host);
      if (same !== undefined) return json(200, same);
    }
    if (trunkCreate && way === 'another-client' && token === FIRST) {
      others += 1;
      const body = { ...(JSON.parse(String(init.body)) as object), name: `Another client's trunk ${others}` };
      return inner(url, { ...init, body: JSON.stringify(body) });
    }
    const answer = await inner(url, init);
    if (way !== 'per-host-paged' || method !== 'GET' || !PAGED.test(pathname) || !answer.ok) return answer;
    let records = (await answer.json()) as unknown[];
    if (token === SECOND && pathname === '/api/v1/sip-trunks')
      records = records.concat(await (await inner(url.split('?')[0] as string, { headers: { authorization: FIRST } })).json());
    const page = Number(searchParams.get('page') ?? 1);
    return json(200, records.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), { 'x-total-count': String(records.length) });
  };
}
