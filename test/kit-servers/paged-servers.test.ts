/**
 * The kit against servers that page their lists, written apart from the mock and from the kit: delta (cursor and
 * `hasMore` in an envelope, the schema list by page number, records wrapped in `data`, webhook urls unique) and
 * epsilon (a `Link` header, bare arrays). With only the tokens and --openapi the kit judges the whole spec of each,
 * exits 0, and leaves the records exactly as they were by the server's own account (each broken variant failing the
 * matching check: paged-breaks.test.ts); where the kit cannot gather the evidence (a cursor
 * it cannot find, a record it cannot read, no request examples) the checks that need it are "not judged", never
 * "passed", and the run exits 3 unless --allow-unjudged accepts that.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { closedAfterEach } from './closed-after-each.js';
import { DELTA_OPENAPI, DELTA_PAGE_SIZE, DELTA_SPEC_PATH, DELTA_TOKENS, type DeltaOptions, startDelta } from './delta.js';
import { EPSILON_PAGE_SIZE, EPSILON_TOKENS, startEpsilon } from './epsilon.js';
import { deltaFlags, epsilonFlags, KINDS, reported, reportedOverHttp, unjudged } from './paged-run.js';
import type { Running } from './plumbing.js';

const start = closedAfterEach();

type Json = any;
async function get(server: Running, path: string, token?: string): Promise<{ status: number; body: Json; link: string | null }> {
  const res = await fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text), link: res.headers.get('link') };
}
async function send(server: Running, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text), location: res.headers.get('location') };
}

describe('the servers have the properties the tests rely on', () => {
  it('delta pages its cursor lists two records at a time, oldest first, until hasMore is false', async () => {
    const delta = await start(startDelta());
    const pages: Json[] = [];
    let path: string | undefined = '/api/v1/tools';
    while (path) {
      const { status, body } = await get(delta, path, DELTA_TOKENS[0]);
      expect(status).toBe(200);
      pages.push(body);
      path = body.hasMore ? `/api/v1/tools?cursor=${encodeURIComponent(body.nextCursor)}` : undefined;
    }
    expect(pages.map((page) => page.data.length)).toEqual([2, 2, 1]);
    expect(pages.map((page) => page.hasMore)).toEqual([true, true, false]);
    expect(pages.at(-1).nextCursor).toBeNull();
    const created = pages.flatMap((page) => page.data.map((tool: Json) => tool.createdAt));
    expect(created).toEqual([...created].sort());
    expect((await get(delta, '/api/v1/tools?cursor=not-mine', DELTA_TOKENS[0])).status).toBe(422);
  });

  it('delta pages the schema list as bare arrays by ?page=, declared only in its OpenAPI document', async () => {
    const delta = await start(startDelta());
    const sizes = [];
    for (let page = 1; page <= 4; page++) {
      const { body } = await get(delta, `/api/v1/schemas?page=${page}`, DELTA_TOKENS[0]);
      expect(Array.isArray(body)).toBe(true);
      sizes.push(body.length);
    }
    expect(sizes).toEqual([2, 2, 1, 0]);
    expect((await get(delta, '/api/v1/schemas', DELTA_TOKENS[0])).body).toHaveLength(DELTA_PAGE_SIZE);
    const document = JSON.parse(readFileSync(DELTA_OPENAPI, 'utf8'));
    expect(document.paths['/api/v1/schemas'].get.parameters).toContainEqual(expect.objectContaining({ name: 'page', in: 'query' }));
    expect((await get(delta, DELTA_SPEC_PATH)).body).toEqual(document);
    expect((await get(delta, '/openapi.json')).status).toBe(404);
  });

  it('delta wraps gets, creates and updates, keeps webhook urls unique, answers 422, 401, 403 and 404 as documented', async () => {
    const delta = await start(startDelta());
    const before = delta.state();
    const [a, b] = DELTA_TOKENS;
    const made = await send(delta, 'POST', '/api/v1/webhooks', a, { url: 'https://hooks.example.net/new', events: [] });
    expect(made).toMatchObject({ status: 201, body: { data: { id: expect.any(String), url: 'https://hooks.example.net/new' } } });
    const id = made.body.data.id;
    expect(await send(delta, 'POST', '/api/v1/webhooks', a, { url: 'https://hooks.example.net/new' })).toMatchObject({
      status: 409,
      body: { error: { field: 'url' } },
    });
    expect((await send(delta, 'POST', '/api/v1/webhooks', b, { url: 'https://hooks.example.net/new' })).status).toBe(201);
    expect((await send(delta, 'POST', '/api/v1/webhooks', a, { url: 'https://hooks.example.net/new kit1' })).status).toBe(422);
    expect(await get(delta, `/api/v1/webhooks/${id}`, a)).toMatchObject({ status: 200, body: { data: { id } } });
    expect(await send(delta, 'PATCH', `/api/v1/webhooks/${id}`, a, { events: ['call.ended'] })).toMatchObject({
      status: 200,
      body: { data: { id, events: ['call.ended'] } },
    });
    expect((await get(delta, `/api/v1/webhooks/${id}`, b)).status).toBe(404);
    expect((await get(delta, `/api/v1/webhooks/${id}`)).status).toBe(401);
    expect(await send(delta, 'DELETE', `/api/v1/webhooks/${id}`, a, {})).toMatchObject({ status: 200, body: {} });
    expect((await send(delta, 'DELETE', `/api/v1/webhooks/${id}`, a, {})).status).toBe(404);
    expect((await send(delta, 'DELETE', `/api/v1/tools/${crypto.randomUUID()}`, a)).status).toBe(404);
    const trunks = JSON.parse(before)[0][1]['sip-trunks'];
    const system = trunks.find((trunk: Json) => trunk.isSystem === true);
    expect(trunks).toHaveLength(5);
    expect((await send(delta, 'DELETE', `/api/v1/sip-trunks/${system.id}`, a, {})).status).toBe(403);
    expect(JSON.parse(delta.state())[0]).toEqual(JSON.parse(before)[0]);
  });

  it('delta removes a deleted trunk’s configuration at the provider', async () => {
    const delta = await start(startDelta());
    const made = await send(delta, 'POST', '/api/v1/sip-trunks', DELTA_TOKENS[0], { name: 'Temp', host: 'sip.example.net' });
    const id = made.body.data.id;
    expect(JSON.parse(delta.state())[0][2]).toHaveProperty(id);
    await send(delta, 'DELETE', `/api/v1/sip-trunks/${id}`, DELTA_TOKENS[0], {});
    expect(JSON.parse(delta.state())[0][2]).not.toHaveProperty(id);
  });

  it('delta’s hidden shapes: a cursor at /resume/at only, a record at /result/record only', async () => {
    const delta = await start(startDelta({ hiddenCursor: true, deepRecords: true }));
    const first = (await get(delta, '/api/v1/assistants', DELTA_TOKENS[0])).body;
    expect(Object.keys(first).sort()).toEqual(['data', 'hasMore', 'resume']);
    const second = (await get(delta, `/api/v1/assistants?cursor=${first.resume.at}`, DELTA_TOKENS[0])).body;
    expect(second.data.map((item: Json) => item.id)).not.toContain(first.data[0].id);
    const id = first.data[0].id;
    expect((await get(delta, `/api/v1/assistants/${id}`, DELTA_TOKENS[0])).body).toEqual({ result: { record: first.data[0] } });
  });

  it('epsilon answers a create 201 with the bare record and Location, and keeps tool names unique', async () => {
    const epsilon = await start(startEpsilon());
    const made = await send(epsilon, 'POST', '/api/v1/tools', EPSILON_TOKENS[0], { name: 'fresh_tool' });
    expect(made).toMatchObject({ status: 201, body: { name: 'fresh_tool', version: 1 }, location: `/api/v1/tools/${made.body.id}` });
    expect((await send(epsilon, 'POST', '/api/v1/tools', EPSILON_TOKENS[0], { name: 'fresh_tool' })).status).toBe(409);
    expect((await send(epsilon, 'POST', '/api/v1/tools', EPSILON_TOKENS[0], {})).status).toBe(400);
    expect((await get(epsilon, '/api/v1/tools')).status).toBe(401);
    expect((await get(epsilon, '/api/v1/tools', 'not-a-token')).status).toBe(403);
    expect((await get(epsilon, '/openapi.json')).status).toBe(404);
  });

  it('epsilon pages every list with a Link header, three bare records a page, newest first', async () => {
    const epsilon = await start(startEpsilon());
    for (const kind of KINDS) {
      const pages: Json[][] = [];
      let path: string | undefined = `/api/v1/${kind}`;
      while (path) {
        const { status, body, link } = await get(epsilon, path, EPSILON_TOKENS[0]);
        expect(status).toBe(200);
        expect(Array.isArray(body)).toBe(true);
        pages.push(body);
        path = /<([^>]+)>; rel="next"/.exec(link ?? '')?.[1];
      }
      expect(pages.map((page) => page.length)).toEqual([EPSILON_PAGE_SIZE, EPSILON_PAGE_SIZE, 1]);
      const held = JSON.parse(epsilon.state())[0][1][kind];
      expect(pages.flat().map((record) => record.id)).toEqual([...held].reverse().map((record: Json) => record.id));
    }
    const first = await get(epsilon, '/api/v1/tools', EPSILON_TOKENS[0]);
    expect(first.link).toContain('</api/v1/tools?page=2>; rel="next"');
    expect(first.link).toContain('rel="last"');
  });
});

describe('with only the tokens and --openapi, the kit judges the whole spec of a paged server', () => {
  const servers = [
    { name: 'delta (cursor, hasMore, page numbers, wrapped records, unique webhook urls)', start: () => startDelta(), flags: deltaFlags },
    { name: 'epsilon (Link headers, bare arrays, newest first)', start: () => startEpsilon(), flags: epsilonFlags },
  ];

  it.each(servers)('$name: exit 0, every spec check passed, records as before', async ({ start: startServer, flags }) => {
    const server = await start(startServer());
    const before = server.state();

    const run = await reportedOverHttp(...flags(server.url));

    expect(unjudged(run)).toEqual([]);
    expect(run.code).toBe(0);
    expect(server.state()).toBe(before);
    // Each pass rests on requests the report shows.
    const bare = run.json.results.filter((result) => result.source === 'spec' && !(result.evidence as Json)?.requests?.length);
    expect(bare.map((result) => result.id)).toEqual([]);
  });

  it.each(servers)('$name: nothing fails under --strict either', async ({ start: startServer, flags }) => {
    const server = await start(startServer());

    const run = await reported(...flags(server.url), '--strict');

    expect(run.json.results.filter((result) => (result.status ?? result.outcome) === 'failed').map((result) => result.id)).toEqual([]);
    expect(run.code).toBe(0);
  });
});

describe('no verdict without evidence', () => {
  const hidden = async (options: DeltaOptions, ...flags: string[]) => {
    const delta = await start(startDelta(options));
    const before = delta.state();
    const run = await reported(...deltaFlags(delta.url), ...flags);
    return { run, unchanged: delta.state() === before };
  };
  /** The checks that rest on the whole of a cursor list. */
  const wholeListChecks = [
    'sip-trunks.list-after-delete',
    ...['sip-trunks', 'assistants', 'tools', 'webhooks'].map((kind) => `${kind}.list.ids-uuid`),
  ];

  it('a cursor the kit cannot find leaves the whole-list checks not judged, and the run exits 3', async () => {
    const { run } = await hidden({ hiddenCursor: true });

    for (const id of wholeListChecks) expect({ id, status: run.status(id) }).toEqual({ id, status: 'not judged' });
    expect(run.json.results.filter((result) => (result.status ?? result.outcome) === 'failed').map((result) => result.id)).toEqual([]);
    expect(run.code).toBe(3);
    expect(JSON.stringify(run.result('sip-trunks.list-after-delete'))).toContain('--next-pointer');
  });

  it('--allow-unjudged accepts that: exit 0', async () => {
    const { run } = await hidden({ hiddenCursor: true }, '--allow-unjudged');

    expect(run.status('sip-trunks.list-after-delete')).toBe('not judged');
    expect(run.code).toBe(0);
  });

  it('--next-pointer says where the cursor is: the whole spec judged, records as before', async () => {
    const { run, unchanged } = await hidden({ hiddenCursor: true }, '--next-pointer', '/resume/at');

    expect(unjudged(run)).toEqual([]);
    expect(run.code).toBe(0);
    expect(unchanged).toBe(true);
  });

  it('a deleted trunk still listed behind a hidden cursor is not passed', async () => {
    const { run } = await hidden({ hiddenCursor: true, breaks: new Set(['trunk-delete-still-listed']) });

    expect(run.status('sip-trunks.list-after-delete')).not.toBe('passed');
    expect(run.code).not.toBe(0);
  });

  it('a record wrapped where the kit does not look leaves the checks that read it not judged, and the run exits 3', async () => {
    const { run } = await hidden({ deepRecords: true });

    for (const kind of KINDS) expect(run.status(`${kind}.get.needs-token`)).toBe('not judged');
    expect(run.code).toBe(3);
    expect(JSON.stringify(run.result('tools.get.needs-token'))).toContain('--record-pointer');
  });

  it('--record-pointer says where the record is: the whole spec judged, records as before', async () => {
    const { run, unchanged } = await hidden({ deepRecords: true }, '--record-pointer', '/result/record');

    expect(unjudged(run)).toEqual([]);
    expect(run.code).toBe(0);
    expect(unchanged).toBe(true);
  });

  it('without --openapi (the document is not at /openapi.json) the checks that need examples are not judged, naming --openapi; exit 3', async () => {
    const delta = await start(startDelta());
    const flags = deltaFlags(delta.url).slice(0, -2);

    const run = await reported(...flags);

    expect(run.status('webhooks.create.needs-token')).toBe('not judged');
    expect(run.result('webhooks.create.needs-token')?.reason).toContain('--openapi');
    expect(run.code).toBe(3);
    expect((await reported(...flags, '--allow-unjudged')).code).toBe(0);
  });

  it('--max-pages below the pages a list has leaves the whole-list checks not judged, naming --max-pages; exit 3', async () => {
    const { run } = await hidden({}, '--max-pages', '2');

    for (const id of wholeListChecks) expect({ id, status: run.status(id) }).toEqual({ id, status: 'not judged' });
    expect(JSON.stringify(run.result('sip-trunks.list-after-delete'))).toContain('--max-pages');
    expect(run.code).toBe(3);
  });

  it('--paging none leaves a list that shows more pages unread: its whole-list checks are not passed, nor the run', async () => {
    const { run, unchanged } = await hidden({}, '--paging', 'none');

    for (const id of wholeListChecks) expect({ id, status: run.status(id) }).toEqual({ id, status: 'not judged' });
    // The schema list shows no sign of its pages in the answer (only the document declares ?page=): told not to
    // page, the kit may fail the created schema's absence or leave it unjudged, but never pass it.
    expect(run.status('schemas.list-after-create')).not.toBe('passed');
    expect(run.code).not.toBe(0);
    expect(unchanged).toBe(true);
  });

  it('a trunk delete that leaves its provider configuration is seen by no answer, only by the server’s own state', async () => {
    const { run, unchanged } = await hidden({ keepsProviderConfig: true });

    expect(run.code).toBe(0);
    expect(unchanged).toBe(false);
  });
});

describe('--read-only on a paged server', () => {
  it('sends only GETs, judges the tokenless gets and the organizations apart, and exits 0', async () => {
    const delta = await start(startDelta());
    const before = delta.state();

    const run = await reported(...deltaFlags(delta.url), '--read-only');

    expect(new Set(delta.received.map((line) => line.split(' ')[0]))).toEqual(new Set(['GET']));
    for (const kind of KINDS) {
      expect(run.status(`${kind}.get.needs-token`)).toBe('passed');
      expect(run.status(`tenancy.${kind}.apart`)).toBe('passed');
    }
    expect(run.code).toBe(0);
    expect(delta.state()).toBe(before);
  });

  it('fails get-without-token there too', async () => {
    const delta = await start(startDelta({ breaks: new Set(['get-without-token']) }));

    const run = await reported(...deltaFlags(delta.url), '--read-only');

    for (const id of KINDS.map((kind) => `${kind}.get.needs-token`))
      expect({ id, status: run.status(id) }).toEqual({ id, status: 'failed' });
    expect(run.code).toBe(1);
  });

  it('never passes other-org-on-page-2 there: records both lists hold are no evidence without a record the kit made', async () => {
    const delta = await start(startDelta({ breaks: new Set(['other-org-on-page-2']) }));

    const run = await reported(...deltaFlags(delta.url), '--read-only');

    for (const id of KINDS.map((kind) => `tenancy.${kind}.apart`)) {
      expect({ id, status: run.status(id) }).toEqual({ id, status: 'not judged' });
      expect(run.result(id)?.reason).toContain('--read-only creates none');
    }
  });
});
