/**
 * A proxy in front of the mock whose second organization's trunk, assistant and tool lists leak the first
 * organization's records after its own, on pages the kit cannot show it read, each list in its own way:
 * - trunks: bare arrays, two a page under `?page=N`, and every page after the first answers 429 (Retry-After);
 * - assistants: `{"items": [...], "count": <records on the page>, "nextToken": "..."}`, two a page, the token
 *   sent back as `?nextToken=` (a member the kit does not know, beside a count equal to the page's records);
 * - tools: bare arrays, two records whatever `?page=` asks, the total in `X-Total-Count`.
 * Schemas and webhooks are served as the mock serves them.
 */
import type { FetchLike } from '../../contracts/conformance/types.js';

const PAGE_SIZE = 2;
const FIRST = 'Bearer demo-token';
const SECOND = 'Bearer demo-token-2';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

export function unprovenListsProxy(inner: FetchLike): FetchLike {
  return async (url, init) => {
    const { pathname, searchParams } = new URL(url);
    const [, kind] = /^\/api\/v1\/(sip-trunks|assistants|tools)$/.exec(pathname) ?? [];
    const method = (init.method ?? 'GET').toUpperCase();
    const token = new Headers(init.headers).get('authorization') ?? '';
    const answer = await inner(url, init);
    if (kind === undefined || method !== 'GET' || !answer.ok) return answer;
    let records = (await answer.json()) as unknown[];
    if (token === SECOND)
      records = records.concat(await (await inner(url.split('?')[0] as string, { headers: { authorization: FIRST } })).json());
    if (kind === 'sip-trunks') {
      const page = Number(searchParams.get('page') ?? 1);
      if (page >= 2) return json(429, { error: 'rate limited' }, { 'retry-after': '10' });
      return json(200, records.slice(0, PAGE_SIZE));
    }
    if (kind === 'assistants') {
      const from = Number(searchParams.get('nextToken') ?? 0);
      const items = records.slice(from, from + PAGE_SIZE);
      return json(200, {
        items,
        count: items.length,
        ...(from + PAGE_SIZE < records.length ? { nextToken: String(from + PAGE_SIZE) } : {}),
      });
    }
    return json(200, records.slice(0, PAGE_SIZE), { 'x-total-count': String(records.length) });
  };
}
