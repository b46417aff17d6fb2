/**
 * The kit's credentials stay on the base URL's origin: redirects within it are followed as fetch follows them, a
 * redirect to another origin is not followed (with the token, the --header values or the body), and the evidence
 * says so. Two real servers on 127.0.0.1, on two ports: two origins.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { createMockState } from '../../src/state/mock-state.js';
import { runVerifyCommand } from './cli.js';
import { fetchWithinOrigin, MAX_REDIRECTS, RedirectNotFollowed } from './target/redirects.js';
import type { FetchLike, SuiteReport } from './types.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

type Answer = (seen: Seen) => Response | Promise<Response>;

/** A node:http server on a free port of 127.0.0.1 that records every request and lets `answer` decide. */
async function serve(answer: Answer): Promise<{ url: string; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
    seen.push(request);
    const reply = await answer(request);
    const passed = [...reply.headers].filter(([name]) => name !== 'content-encoding' && name !== 'content-length');
    res.writeHead(reply.status, Object.fromEntries(passed)).end(Buffer.from(await reply.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

const SECRETS = { token: 'redir-token-5b1e9a', token2: 'redir-token-2-c7f044', header: 'redir-key-0d93ab61' };
const STATUSES = [301, 302, 307, 308];
const RECORD = /^\/api\/v1\/([a-z-]+)\/[^/?]+$/;

describe('redirects during a run', { timeout: 120_000 }, () => {
  let far: Awaited<ReturnType<typeof serve>>;
  let front: Awaited<ReturnType<typeof serve>>;
  const redirected: { method: string; status: number }[] = [];
  const sameOrigin: Seen[] = [];
  let run: { code: number; out: string; err: string; report: SuiteReport; junit: string };
  let dir = '';

  beforeAll(async () => {
    // The other origin: it records every header and body it gets, and answers like the API would.
    far = await serve(() => Response.json([]));
    // The mock behind the front, its demo tokens standing for the run's.
    const app = createApp({ mockState: createMockState() });
    const demoTokens: Record<string, string> = {
      [`Bearer ${SECRETS.token}`]: 'Bearer demo-token',
      [`Bearer ${SECRETS.token2}`]: 'Bearer demo-token-2',
    };
    const forward = (seen: Seen, path: string) => {
      const headers = { ...(seen.headers as Record<string, string>) };
      if (headers.authorization !== undefined) headers.authorization = demoTokens[headers.authorization] ?? headers.authorization;
      return app.request(`http://front.test${path}`, { method: seen.method, headers, ...(seen.body === '' ? {} : { body: seen.body }) });
    };
    const counters = new Map<string, number>();
    const postsSeen = new Set<string>();
    // The front: the mock, but for redirects. The tools list goes round a redirect within the origin. To the other
    // origin go every update and delete, and the creates (after the first of each kind) and gets of schemas, tools
    // and webhooks (trunks and assistants are created and read with a token, so that their updates are sent), and
    // every get without a token; each method goes
    // through 301, 302, 307 and 308 in turn.
    front = await serve((seen) => {
      const path = seen.url;
      if (path.startsWith('/same-origin/')) {
        sameOrigin.push(seen);
        return forward(seen, path.slice('/same-origin'.length));
      }
      if (seen.method === 'GET' && path === '/api/v1/tools')
        return new Response(null, { status: 307, headers: { location: `/same-origin${path}` } });
      const firstCreate = seen.method === 'POST' && !postsSeen.has(path);
      if (seen.method === 'POST') postsSeen.add(path);
      const kind = RECORD.exec(path)?.[1] ?? path.split('/')[3];
      const away =
        ((seen.method === 'PATCH' || seen.method === 'DELETE') && RECORD.test(path)) ||
        (seen.method === 'GET' && RECORD.test(path) && seen.headers.authorization === undefined) ||
        (kind !== 'sip-trunks' &&
          kind !== 'assistants' &&
          ((seen.method === 'POST' && !firstCreate) || (seen.method === 'GET' && RECORD.test(path))));
      if (!away) return forward(seen, path);
      const count = counters.get(seen.method) ?? 0;
      counters.set(seen.method, count + 1);
      const status = STATUSES[count % STATUSES.length]!;
      redirected.push({ method: seen.method, status });
      return new Response(JSON.stringify({ moved: true }), {
        status,
        headers: { location: `${far.url}${path}`, 'content-type': 'application/json' },
      });
    });
    dir = mkdtempSync(join(tmpdir(), 'kit-redirects-'));
    let out = '';
    let err = '';
    const argv = [
      '--base-url',
      front.url,
      '--token',
      SECRETS.token,
      '--token2',
      SECRETS.token2,
      '--header',
      `X-Api-Key: ${SECRETS.header}`,
    ];
    const reports = ['--report', `json=${join(dir, 'r.json')}`, '--report', `junit=${join(dir, 'r.xml')}`];
    const code = await runVerifyCommand([...argv, ...reports], { out: (text) => (out += text), err: (text) => (err += text) });
    const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as SuiteReport;
    run = { code, out, err, report, junit: readFileSync(join(dir, 'r.xml'), 'utf8') };
  });

  afterAll(() => {
    far?.server.close();
    front?.server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('sends nothing to another origin: no token, no --header value, no body', () => {
    // The scenario did redirect every method through every status.
    for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
      expect(new Set(redirected.filter((entry) => entry.method === method).map((entry) => entry.status))).toEqual(new Set(STATUSES));
    }
    const reached = JSON.stringify(far.seen);
    for (const secret of Object.values(SECRETS)) expect(reached).not.toContain(secret);
    expect(far.seen).toEqual([]);
  });

  it('says so in the evidence, and judges nothing on an answer it did not see', () => {
    const exchanges = run.report.results.flatMap((result) => result.exchanges.map((exchange) => ({ result, exchange })));
    const away = exchanges.filter(({ exchange }) => exchange.note?.includes('redirect to another origin'));
    expect(away.length).toBeGreaterThanOrEqual(10);
    for (const { result, exchange } of away) {
      expect(exchange.received?.status).toBeGreaterThanOrEqual(301);
      expect(exchange.note).toContain(`(${far.url}/api/v1/`);
      expect(exchange.note).toContain('not followed');
      // The probe stops there: its checks not decided before are not judged, with the reason.
      if (result.outcome === 'not judged') expect(result.reason).toMatch(/redirect to another origin .* not followed/);
    }
    expect(run.report.results.filter((result) => result.outcome === 'failed').map((result) => result.id)).toEqual([]);
    expect(
      run.report.results.some((result) =>
        /^[A-Z]+ \/api\/v1\/\S+ answered 30[1278] with a redirect to another origin/.test(result.reason ?? ''),
      ),
    ).toBe(true);
    expect(run.out).toContain('redirect to another origin');
    expect(run.junit).toContain('redirect to another origin');
    // Records whose delete was redirected away are listed as left behind, not taken for deleted.
    expect(run.report.leftovers.length).toBeGreaterThan(0);
    expect(run.report.leftovers.some((entry) => /^DELETE answered 30[1278] with a redirect to another origin/.test(entry.note ?? ''))).toBe(
      true,
    );
    expect(run.code).toBe(3);
  });

  it('follows a redirect within the origin with its credentials, and notes it', () => {
    expect(sameOrigin.length).toBeGreaterThan(0);
    expect(sameOrigin.every((seen) => seen.headers['x-api-key'] === SECRETS.header)).toBe(true);
    expect([...new Set(sameOrigin.map((seen) => seen.headers.authorization))]).toEqual(
      expect.arrayContaining([`Bearer ${SECRETS.token}`, `Bearer ${SECRETS.token2}`, undefined]),
    );
    const notes = run.report.results.flatMap((result) => result.exchanges.map((exchange) => exchange.note ?? ''));
    expect(notes).toContain('followed a redirect within the origin: 307 to /same-origin/api/v1/tools');
    expect(run.report.results.find((result) => result.id === 'auth.missing-token.tools')?.outcome).toBe('passed');
  });
});

describe('a base URL that redirects to another origin', () => {
  it('stops before the first check, naming the origin the redirect points to and the flag to give', async () => {
    const far = await serve(() => Response.json([]));
    const front = await serve((seen) => new Response(null, { status: 308, headers: { location: `${far.url}${seen.url}` } }));
    try {
      let err = '';
      const code = await runVerifyCommand(['--base-url', front.url, '--token', SECRETS.token, '--header', `X-Api-Key: ${SECRETS.header}`], {
        out: () => {},
        err: (text) => (err += text),
      });

      expect(code).toBe(2);
      expect(err).toContain(`GET ${front.url}/api/v1/schemas answered 308 with a redirect to another origin (${far.url}/api/v1/schemas)`);
      expect(err).toContain('give --base-url that address');
      expect(far.seen).toEqual([]);
    } finally {
      far.server.close();
      front.server.close();
    }
  });
});

describe('following redirects within the origin', () => {
  /** A fetch that answers each URL from `routes` and records what it was sent. */
  function routed(routes: Record<string, () => Response>) {
    const sent: { url: string; init: RequestInit }[] = [];
    const fetcher: FetchLike = (url, init) => {
      sent.push({ url, init });
      return (routes[new URL(url).pathname] ?? (() => Response.json({ at: url })))();
    };
    return { fetcher, sent };
  }
  const moved = (status: number, location: string) => () => new Response(null, { status, headers: { location } });
  const post: RequestInit = {
    method: 'POST',
    headers: { authorization: 'Bearer t', 'content-type': 'application/json', 'x-k': 'v' },
    body: '{}',
  };

  it('turns a 303, and a 301 or 302 of a POST, into a GET without a body, as fetch does; 307 and 308 send it again', async () => {
    for (const [status, method, body] of [
      [303, 'GET', undefined],
      [301, 'GET', undefined],
      [302, 'GET', undefined],
      [307, 'POST', '{}'],
      [308, 'POST', '{}'],
    ] as const) {
      const { fetcher, sent } = routed({ '/a': moved(status, '/b?x=1') });
      const { response, followed } = await fetchWithinOrigin(fetcher, 'http://t.test/a', post, 'http://t.test');

      expect(await response.json()).toEqual({ at: 'http://t.test/b?x=1' });
      expect(followed).toEqual([`${status} to /b?x=1`]);
      const again = sent[1]!.init;
      expect(again).toMatchObject({ method, redirect: 'manual' });
      expect(again.body).toBe(body);
      expect(again.headers).toMatchObject({ authorization: 'Bearer t', 'x-k': 'v' });
      expect((again.headers as Record<string, string>)['content-type']).toBe(body === undefined ? undefined : 'application/json');
    }
  });

  it('keeps the method of a PATCH or DELETE redirected by 301 or 302', async () => {
    const { fetcher, sent } = routed({ '/a': moved(302, '/b') });
    await fetchWithinOrigin(fetcher, 'http://t.test/a', { ...post, method: 'PATCH' }, 'http://t.test');
    expect(sent[1]?.init).toMatchObject({ method: 'PATCH', body: '{}' });
  });

  it('does not follow another scheme, host or port, nor more than 20 redirects', async () => {
    for (const location of ['https://t.test/b', 'http://u.test/b', 'http://t.test:8080/b']) {
      const { fetcher, sent } = routed({ '/a': moved(307, location) });
      await expect(fetchWithinOrigin(fetcher, 'http://t.test/a', post, 'http://t.test')).rejects.toBeInstanceOf(RedirectNotFollowed);
      expect(sent).toHaveLength(1);
    }
    const { fetcher, sent } = routed({ '/a': moved(302, '/a') });
    await expect(fetchWithinOrigin(fetcher, 'http://t.test/a', {}, 'http://t.test')).rejects.toMatchObject({ why: 'too many' });
    expect(sent).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('takes a 3xx without a Location it can follow as the answer', async () => {
    for (const route of [() => new Response('{}', { status: 302 }), moved(301, 'mailto:x@y.test'), moved(308, 'http://[bad')]) {
      const { fetcher } = routed({ '/a': route });
      const { response, followed } = await fetchWithinOrigin(fetcher, 'http://t.test/a', {}, 'http://t.test');
      expect(response.status).toBeGreaterThanOrEqual(301);
      expect(followed).toEqual([]);
    }
  });
});
