/**
 * The suite against the mock: in-process and over a real port, with both
 * tokens; read-only runs; skips with reasons; and the teardown ledger, which
 * must leave every organization exactly as it found it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { createMockState, type MockState } from '../../src/state/mock-state.js';
import { runSuite } from './suite.js';
import type { FetchLike, SuiteReport, Target } from './types.js';

const RESOURCES = ['sip-trunks', 'assistants', 'schemas', 'tools', 'webhooks'];

function inProcess(mockState: MockState = createMockState(), wrap: (fetch: FetchLike) => FetchLike = (fetch) => fetch): Target {
  const app = createApp({ mockState });
  return {
    baseUrl: 'http://mock.test',
    token: 'demo-token',
    token2: 'demo-token-2',
    // The form the README shows: Hono's app.request may answer synchronously.
    fetch: wrap((url, init) => app.request(url, init)),
  };
}

/** The result of one check in a report. */
const resultOf = (report: SuiteReport, id: string) => report.results.find((result) => result.id === id);

/** Every list of both organizations, as the API shows them. */
async function snapshot(target: Target): Promise<string[]> {
  const fetch = target.fetch ?? globalThis.fetch;
  const lists: string[] = [];
  for (const token of [target.token, target.token2]) {
    for (const resource of RESOURCES) {
      const res = await fetch(`${target.baseUrl}/api/v1/${resource}`, { headers: { authorization: `Bearer ${token}` } });
      lists.push(`${token} ${resource} ${await res.text()}`);
    }
  }
  return lists;
}

describe('the suite against the mock', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('passes every check in-process, strict, with both tokens', async () => {
    const report = await runSuite(inProcess(), { strict: true });

    expect(
      report.results.filter((result) => result.outcome !== 'passed').map((result) => `${result.id}: ${result.reason ?? result.actual}`),
    ).toEqual([]);
    expect(report.summary).toMatchObject({ conforms: true, failed: 0, skipped: 0 });
    expect(report.summary.total).toBeGreaterThan(80);
    expect(new Set(report.results.map((result) => result.source))).toEqual(new Set(['spec', 'documented', 'assumed']));
    expect(report.leftovers).toEqual([]);
    // Titles are read by people in reports: "an assistant", never "a assistant".
    expect(report.results.map((result) => result.title).filter((title) => /\ba [aeio]/.test(title))).toEqual([]);
  });

  it('passes every check over a real port with the global fetch', async () => {
    const target = { baseUrl: server.url, token: 'demo-token', token2: 'demo-token-2' };
    const before = await snapshot(target);

    const report = await runSuite(target, { strict: true });

    expect(report.summary).toMatchObject({ conforms: true, failed: 0, skipped: 0 });
    expect(await snapshot(target)).toEqual(before);
  });

  it('leaves both organizations and the telephony provider exactly as they were', async () => {
    const mockState = createMockState();
    const target = inProcess(mockState);
    const before = await snapshot(target);
    const provisioned = mockState.telephony.configurations().length;

    await runSuite(target);

    expect(await snapshot(target)).toEqual(before);
    expect(mockState.telephony.configurations()).toHaveLength(provisioned);
  });

  it('cleans up what it created when a probe throws midway', async () => {
    const breakPatch: (fetch: FetchLike) => FetchLike = (fetch) => async (url, init) => {
      if (init.method === 'PATCH') throw new TypeError('fetch failed');
      return fetch(url, init);
    };
    // The updates without a token get no answer either, so their effect is read back over the settle time: kept short.
    const target = { ...inProcess(createMockState(), breakPatch), settleMs: 100 };
    const before = await snapshot(target);

    const report = await runSuite(target, { strict: true });

    // No answer shows nothing either way: the check is not judged, and neither are those after it, never failed.
    expect(resultOf(report, 'tools.update')).toMatchObject({ outcome: 'not judged' });
    expect(resultOf(report, 'tools.update')?.reason).toMatch(/^no answer to PATCH \/api\/v1\/tools\//);
    expect(resultOf(report, 'tools.update.needs-token')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('no answer to PATCH'),
    });
    expect(resultOf(report, 'tools.delete.accepts-example')).toMatchObject({ outcome: 'not judged' });
    expect(report.results.filter((result) => result.outcome === 'failed')).toEqual([]);
    expect(report.leftovers).toEqual([]);
    expect(await snapshot(target)).toEqual(before);
  });

  it('stops when aborted and still deletes what it had created', async () => {
    const interrupt = new AbortController();
    const abortAfterFirstCreate: (fetch: FetchLike) => FetchLike = (fetch) => async (url, init) => {
      const res = await fetch(url, init);
      if (init.method === 'POST') interrupt.abort();
      return res;
    };
    const target = inProcess(createMockState(), abortAfterFirstCreate);
    const before = await snapshot(target);

    const report = await runSuite(target, { signal: interrupt.signal });

    expect(report.interrupted).toBe(true);
    expect(report.results.some((result) => result.reason === 'the run was interrupted')).toBe(true);
    expect(report.results.filter((result) => result.outcome === 'failed')).toEqual([]);
    expect(await snapshot(target)).toEqual(before);
  });

  it('runs only the checks that change nothing when read-only', async () => {
    const target = inProcess();
    const seen: string[] = [];
    const spy: Target = {
      ...target,
      fetch: (url, init) => {
        seen.push(init.method ?? 'GET');
        return target.fetch!(url, init);
      },
    };

    const report = await runSuite(spy, { readOnly: true, strict: true });

    // Read-only sends only GET, HEAD and OPTIONS: not even a delete of a random id.
    expect(new Set(seen)).toEqual(new Set(['GET']));
    expect(resultOf(report, 'sip-trunks.delete.system-refused')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('--read-only'),
    });
    expect(resultOf(report, 'tenancy.schemas.get')).toMatchObject({ outcome: 'passed' });
    expect(resultOf(report, 'tools.delete.unknown-id')).toMatchObject({ outcome: 'not judged' });
    expect(report.summary.conforms).toBe(true);
  });

  it('skips with a reason what it cannot set up, instead of failing', async () => {
    const report = await runSuite({ ...inProcess(createMockState({ scenario: 'empty' })), token2: undefined }, { readOnly: true });

    expect(resultOf(report, 'schemas.list.field.isLocked')).toMatchObject({
      outcome: 'not judged',
      reason: 'the organization has no schemas to look at',
    });
    expect(resultOf(report, 'tenancy.tools.list')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('--token2'),
    });
    expect(report.summary).toMatchObject({ failed: 0, conforms: true });
  });

  it('judges a list field no item shows as skipped, not passed, and still fails one shown wrong', async () => {
    // The tool list's items, with `id` left out of every one, or with one item's id not a UUID.
    const rewriteTools =
      (rewrite: (items: Record<string, unknown>[]) => unknown[]): ((fetch: FetchLike) => FetchLike) =>
      (fetch) =>
      async (url, init) => {
        const res = await fetch(url, init);
        if ((init.method ?? 'GET') !== 'GET' || new URL(url).pathname !== '/api/v1/tools') return res;
        return Response.json(rewrite((await res.json()) as Record<string, unknown>[]), { status: res.status });
      };
    const withoutIds = rewriteTools((items) => items.map(({ id: _id, ...rest }) => rest));
    const oneBadId = rewriteTools((items) => items.map((item, index) => (index === 0 ? { ...item, id: 'tool-1' } : item)));

    const unseen = await runSuite(inProcess(createMockState(), withoutIds), { readOnly: true });
    const wrong = await runSuite(inProcess(createMockState(), oneBadId), { readOnly: true });

    expect(resultOf(unseen, 'tools.list.ids-uuid')).toMatchObject({
      outcome: 'not judged',
      reason: 'no item of the list shows "id", so there is nothing to judge',
    });
    expect(resultOf(wrong, 'tools.list.ids-uuid')).toMatchObject({
      outcome: 'failed',
      actual: expect.stringContaining('"tool-1"'),
    });
  });

  it('skips the round trips when the target publishes no request examples', async () => {
    const report = await runSuite(inProcess(createMockState(), withoutOpenApi));

    expect(resultOf(report, 'webhooks.create')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('no request body'),
    });
    expect(resultOf(report, 'sip-trunks.delete.system-refused')).toMatchObject({ outcome: 'passed' });
    expect(report.summary.conforms).toBe(true);
    expect(report.summary.skippedSpec).toBe(report.results.filter((r) => r.outcome === 'not judged' && r.source === 'spec').length);
    expect(report.summary.skippedSpec).toBeGreaterThan(10);
  });

  it('takes request examples given by hand where the target publishes none, and only for the paths given', async () => {
    const report = await runSuite(inProcess(createMockState(), withoutOpenApi), {
      examples: { '/api/v1/schemas': { create: { name: 'Kit schema' }, update: { description: 'Changed by the kit.' } } },
    });

    const outcome = (id: string) => resultOf(report, id)?.outcome;
    expect([outcome('schemas.create'), outcome('schemas.update'), outcome('tenancy.schemas.delete')]).toEqual([
      'passed',
      'passed',
      'passed',
    ]);
    expect(outcome('tools.create')).toBe('not judged');
    expect(resultOf(report, 'tools.create')?.reason).toContain('none given by --examples');
  });

  it('sends an example given by hand rather than the one the target publishes', async () => {
    const posted: unknown[] = [];
    const recording: (fetch: FetchLike) => FetchLike = (fetch) => async (url, init) => {
      if (init?.method === 'POST' && url.endsWith('/api/v1/schemas')) posted.push(JSON.parse(String(init.body)));
      return fetch(url, init);
    };

    await runSuite(inProcess(createMockState(), recording), { examples: { '/api/v1/schemas': { create: { name: 'Given by hand' } } } });

    expect(posted.length).toBeGreaterThan(0);
    // Sent with a suffix unique to the run, so that a name left by an earlier run does not clash.
    expect(posted.every((body) => /^Given by hand kit\w+$/.test((body as { name?: string }).name ?? ''))).toBe(true);
  });

  it('finds the examples of a document whose server carries /api/v1, written as `examples` or on the schema', async () => {
    const relocated: (fetch: FetchLike) => FetchLike = (fetch) => async (url, init) => {
      const res = await fetch(url, init);
      if (!url.endsWith('/openapi.json')) return res;
      const document = (await res.json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, any> } }>> };
      const paths = Object.entries(document.paths)
        .filter(([path]) => path.startsWith('/api/v1/'))
        .map(([path, item]) => {
          for (const [method, operation] of Object.entries(item)) {
            const media = operation.requestBody?.content['application/json'];
            if (media?.example === undefined) continue;
            // Creates as a named example, updates on the schema: the two other places OpenAPI allows.
            if (method === 'post') media.examples = { typical: { value: media.example } };
            else media.schema = { ...media.schema, example: media.example };
            delete media.example;
          }
          return [path.slice('/api/v1'.length), item];
        });
      return Response.json({ ...document, servers: [{ url: '/api/v1' }], paths: Object.fromEntries(paths) });
    };

    const report = await runSuite(inProcess(createMockState(), relocated));

    expect(report.summary).toMatchObject({ failed: 0, skipped: 0, skippedSpec: 0 });
  });
});

describe('a target that stops answering', () => {
  /** The mock, where `hangs(url, init, count)` picks the requests that get no answer (each then waits out its time limit). */
  function hanging(hangs: (url: string, init: RequestInit | undefined, count: number) => boolean) {
    const counts = { sent: 0, hung: 0 };
    const wrap: (fetch: FetchLike) => FetchLike = (fetch) => (url, init) => {
      counts.sent += 1;
      if (url.endsWith('/openapi.json') || !hangs(url, init, counts.sent)) return fetch(url, init);
      counts.hung += 1;
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    };
    // A write left unanswered has its effect read back over the settle time: kept short.
    return { counts, target: { ...inProcess(createMockState(), wrap), timeoutMs: 50, settleMs: 100 } };
  }
  const notTried = (report: SuiteReport) =>
    report.results.filter((result) => result.reason?.startsWith('not tried: the target had stopped answering'));

  // After the token checks (2 requests and the document), and partway, where the first unanswered requests may be on
  // paths the spec does not show.
  it.each([3, 9, 31])(
    'is given up when, after %i requests, three in a row and then the schema list go unanswered, and judges nothing it did not see',
    async (answers) => {
      const { counts, target } = hanging((_url, _init, count) => count > answers);

      const report = await runSuite(target);

      // Three in the probes, the schema list asked once, at most one each in the inventory and the seeding (which
      // stop at the first request unanswered), and one for each record the teardown then tried to delete.
      expect(counts.hung).toBeGreaterThanOrEqual(4 + report.leftovers.length);
      expect(counts.hung).toBeLessThanOrEqual(6 + report.leftovers.length);
      // No answer shows nothing either way: the checks not tried are not judged, never passed, and the run says the
      // spec was judged only in part (exit status 3), nothing failed on what the target never answered.
      expect(report.summary.wholeSpecJudged).toBe(false);
      expect(notTried(report).length).toBeGreaterThan(0);
      expect(notTried(report).every((result) => result.outcome === 'not judged' && !result.counted)).toBe(true);
      expect(notTried(report).some((result) => result.source === 'spec')).toBe(true);
      expect(report.results.filter((result) => result.outcome === 'failed')).toEqual([]);
    },
  );

  it('goes on when the schema list still answers: a target that hangs only on lists the spec does not show', async () => {
    const unshownList = /\/api\/v1\/(assistants|tools|webhooks)$/;
    const { counts, target } = hanging((url, init) => (init?.method ?? 'GET') === 'GET' && unshownList.test(url));

    const report = await runSuite(target);

    expect(counts.hung).toBeGreaterThan(3);
    expect(notTried(report)).toEqual([]);
    expect(resultOf(report, 'sip-trunks.delete.system-refused')?.outcome).toBe('passed');
    expect(report.results.filter((result) => result.outcome === 'failed' && result.counted)).toEqual([]);
  });

  it('goes on when the schema list, asked after three hung requests, is refused at once: a refusal is an answer of sorts', async () => {
    let hungYet = false;
    let refusedOnce = false;
    const wrap: (fetch: FetchLike) => FetchLike = (fetch) => async (url, init) => {
      if ((init?.method ?? 'GET') === 'GET' && /\/api\/v1\/(assistants|tools|webhooks)$/.test(url)) {
        hungYet = true;
        return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
      }
      if (hungYet && !refusedOnce && url.endsWith('/api/v1/schemas') && (init?.method ?? 'GET') === 'GET') {
        refusedOnce = true;
        throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      }
      return fetch(url, init);
    };

    const report = await runSuite({ ...inProcess(createMockState(), wrap), timeoutMs: 50 });

    expect(refusedOnce).toBe(true);
    expect(notTried(report)).toEqual([]);
  });

  it('counts a failure that comes late in the time limit like no answer, and shows the schema-list request as evidence', async () => {
    let sent = 0;
    const resetsLate: (fetch: FetchLike) => FetchLike = (fetch) => async (url, init) => {
      if (++sent <= 3 || url.endsWith('/openapi.json')) return fetch(url, init);
      await new Promise((resolve) => setTimeout(resolve, 40));
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };

    const report = await runSuite({ ...inProcess(createMockState(), resetsLate), timeoutMs: 50 });

    expect(notTried(report).length).toBeGreaterThan(0);
    expect(notTried(report)[0]?.exchanges.at(-1)).toMatchObject({
      sent: { method: 'GET', path: '/api/v1/schemas' },
      note: 'asked to see whether the target still answers',
    });
    expect(sent).toBeLessThan(12 + report.leftovers.length);
  });

  it('does not count requests that fail at once (a refused connection during a restart): they cost no time', async () => {
    let sent = 0;
    const blip: (fetch: FetchLike) => FetchLike = (fetch) => async (url, init) => {
      sent += 1;
      if (sent > 30 && sent <= 36) throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
      return fetch(url, init);
    };

    const report = await runSuite(inProcess(createMockState(), blip));

    expect(notTried(report)).toEqual([]);
  });
});

describe('request examples in the shapes OpenAPI documents write them', () => {
  type Doc = { paths: Record<string, Json>; components?: Json; servers?: Json[] };
  type Json = Record<string, any>;
  /** The mock's own document, rewritten by `change`. */
  const rewritten =
    (change: (doc: Doc) => Doc): ((fetch: FetchLike) => FetchLike) =>
    (fetch) =>
    async (url, init) => {
      const res = await fetch(url, init);
      return url.endsWith('/openapi.json') ? Response.json(change((await res.json()) as Doc)) : res;
    };
  /** Each API operation's JSON media type object, with the path it is under. */
  const mediaOf = (doc: Doc) =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) => {
        const media = operation.requestBody?.content?.['application/json'];
        return path.startsWith('/api/v1/') && media?.example !== undefined ? [{ path, method, operation, media }] : [];
      }),
    );

  it.each([
    {
      name: 'whole paths under a server outside the base URL (a gateway)',
      change: (doc: Doc) => ({ ...doc, servers: [{ url: 'https://gw.example.com/voice' }] }),
    },
    {
      name: 'paths under a server with variables, whose defaults name the base URL',
      change: (doc: Doc) => ({
        ...doc,
        servers: [{ url: '{scheme}://mock.test/{version}', variables: { scheme: { default: 'http' }, version: { default: 'api/v1' } } }],
        paths: Object.fromEntries(Object.entries(doc.paths).map(([path, item]) => [path.replace(/^\/api\/v1/, ''), item])),
      }),
    },
    {
      name: 'bodies and schemas by $ref, a media type with a charset, and a 3.1 schema examples list',
      change: (doc: Doc) => {
        const components = { ...doc.components, requestBodies: {} as Json, schemas: { ...doc.components?.schemas } };
        for (const [index, { operation, media }] of mediaOf(doc).entries()) {
          const name = `Body${index}`;
          components.schemas[name] = { type: 'object', examples: [media.example] };
          components.requestBodies[name] = {
            content: { 'application/json; charset=utf-8': { schema: { $ref: `#/components/schemas/${name}` } } },
          };
          operation.requestBody = { $ref: `#/components/requestBodies/${name}` };
        }
        return { ...doc, components };
      },
    },
    {
      name: 'a json-patch body (an array) and a problem type listed before plain JSON, a path item by $ref, and a null example first',
      change: (doc: Doc) => {
        const components = { ...doc.components, pathItems: {} as Json };
        for (const [index, { path, method, media, operation }] of mediaOf(doc).entries()) {
          operation.requestBody.content = {
            'application/json-patch+json': { example: [{ op: 'replace', path: '/name', value: 'x' }] },
            'application/problem+json': { example: { type: 'about:blank' } },
            'application/json': { ...media, examples: { empty: { value: null }, typical: { value: media.example } }, example: undefined },
          };
          if (method === 'post') {
            components.pathItems[`Item${index}`] = doc.paths[path];
            doc.paths[path] = { $ref: `#/components/pathItems/Item${index}` };
          }
        }
        return { ...doc, components };
      },
    },
  ])('finds them with $name', async ({ change }) => {
    const report = await runSuite(inProcess(createMockState(), rewritten(change)));

    expect(report.summary).toMatchObject({ failed: 0, skipped: 0, skippedSpec: 0 });
  });
});

describe('--fail-on-skipped-spec', () => {
  it('fails a spec check that could not run, but not one an interrupt left unrun', async () => {
    const interrupt = new AbortController();
    let sent = 0;
    const abortsPartway: (fetch: FetchLike) => FetchLike = (fetch) => (url, init) => {
      if (++sent === 40) interrupt.abort();
      return fetch(url, init);
    };
    const whole = await runSuite({ ...inProcess(), token2: undefined }, { failOnSkippedSpec: true });
    const interrupted = await runSuite(inProcess(createMockState(), abortsPartway), { failOnSkippedSpec: true, signal: interrupt.signal });

    expect(resultOf(whole, 'tenancy.schemas.list')).toMatchObject({
      outcome: 'failed',
      counted: true,
      actual: expect.stringContaining('not checked (--fail-on-skipped-spec): it needs a second organization'),
    });
    expect(whole.summary).toMatchObject({ conforms: false, skippedSpec: 0 });
    // Only spec checks: an assumed one that could not run stays skipped.
    expect(resultOf(whole, 'tenancy.schemas.get')).toMatchObject({ source: 'assumed', outcome: 'not judged' });
    expect(interrupted.interrupted).toBe(true);
    expect(interrupted.results.filter((result) => result.outcome === 'not judged').length).toBeGreaterThan(0);
    expect(interrupted.results.filter((result) => result.actual?.includes('--fail-on-skipped-spec'))).toEqual([]);
  });
});

/** The target answers 404 for its OpenAPI document. */
const withoutOpenApi: (fetch: FetchLike) => FetchLike = (fetch) => async (url, init) =>
  url.endsWith('/openapi.json') ? new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } }) : fetch(url, init);

describe('the kit is written from the spec', () => {
  it('imports nothing from the mock to judge a target, only to start it for --compare-with-mock', () => {
    const dir = new URL('.', import.meta.url).pathname;
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    const offenders = files.filter(
      (file) =>
        /from '(\.\.\/)+(src|fixtures)\//.test(readFileSync(join(dir, file), 'utf8')) ||
        /import\('(\.\.\/)+(src|fixtures)\/(?!server\/server\.js)/.test(readFileSync(join(dir, file), 'utf8')),
    );
    const mockImports = files.filter((file) => readFileSync(join(dir, file), 'utf8').includes("src/server/server.js'"));

    expect(files.length).toBeGreaterThan(15);
    expect(offenders).toEqual([]);
    expect(mockImports).toEqual(['verdict/compare.ts']);
  });
});
