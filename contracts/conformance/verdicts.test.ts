/**
 * What a verdict rests on: an answer that shows nothing either way (a 5xx, a 429, no answer) decides no check; a
 * refusal passes only once the kit has read back that the refused write changed nothing, over the settle time where
 * the write may be carried out later; and two organizations' lists fail to be apart only on a record the kit itself
 * created. Each variant is the mock behind an adapter, run once, with many assertions on its report.
 */
import { describe, expect, it } from 'vitest';
import { createMockState, type MockState } from '../../src/state/mock-state.js';
import { kitSignal, type MockHandler, mockBehind } from '../../test/helpers/mock-behind.js';
import { runSuite } from './suite.js';
import type { SuiteReport, Target } from './types.js';
import { Masker } from './verdict/mask.js';

/** The mock behind `handler`, which may answer in its place; writes carried out later happen within 150 ms. */
const variant = (handler: MockHandler, mockState?: MockState): Target =>
  // Long enough that no answer of the in-process mock reaches it on a busy machine; one request is never answered.
  mockBehind(handler, { settleMs: 400, timeoutMs: 3000, ...(mockState ? { mockState } : {}) });

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const pathOf = (req: Request) => new URL(req.url).pathname;
const itemOf = (req: Request, name: string) => new RegExp(`^/api/v1/${name}/[^/]+$`).test(pathOf(req));
const withToken = (req: Request, token = 'demo-token') => {
  const headers = new Headers(req.headers);
  headers.set('authorization', `Bearer ${token}`);
  return new Request(req, { headers });
};
const tokenless = (req: Request) => !req.headers.has('authorization');
const never = (req: Request) =>
  new Promise<Response>((_, reject) => {
    const signal = kitSignal(req);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
/** Carries `req` out with `token` in `ms`, and answers 202 {} at once. */
const later = (req: Request, mock: (req: Request) => Promise<Response>, token = 'demo-token', ms = 150) => {
  const delayed = withToken(req, token);
  setTimeout(() => void mock(delayed), ms);
  return json({}, 202);
};

const outcomes = (report: SuiteReport) => new Map(report.results.map((result) => [result.id, result]));

describe('answers that show nothing either way', () => {
  it('leaves the checks that rested on a 429 or a 503 not judged, never failed, and says the spec was judged in part', async () => {
    let schemaReads = 0;
    const triedWithoutToken = new Set<string>();
    const throttledWebhooks = new Set<string>();
    const report = await runSuite(
      variant(async (req, mock) => {
        // A rate limiter on the schema list from its third read on, and on the round trip's delete of a webhook (the
        // one a delete without a token was tried on), once.
        if (req.method === 'GET' && pathOf(req) === '/api/v1/schemas' && ++schemaReads >= 3)
          return json({ error: 'rate limited' }, 429, { 'retry-after': '10' });
        if (req.method === 'DELETE' && tokenless(req)) triedWithoutToken.add(pathOf(req));
        const roundTrip = triedWithoutToken.has(pathOf(req)) && req.headers.get('authorization') === 'Bearer demo-token';
        if (req.method === 'DELETE' && itemOf(req, 'webhooks') && roundTrip && !throttledWebhooks.has(pathOf(req))) {
          throttledWebhooks.add(pathOf(req));
          return json({ error: 'rate limited' }, 429, { 'retry-after': '10' });
        }
        // The telephony provider of a system trunk is in maintenance: its delete answers 503 and deletes nothing.
        if (req.method === 'DELETE' && itemOf(req, 'sip-trunks') && !tokenless(req)) {
          const read = await mock(new Request(req.url, { headers: req.headers }));
          if (read.ok && ((await read.json()) as { isSystem?: boolean }).isSystem === true)
            return json({ title: 'Service Unavailable' }, 503, { 'retry-after': '120' });
        }
        return mock(req);
      }),
    );
    const result = outcomes(report);

    for (const id of [
      'schemas.list.json-array',
      'webhooks.delete.accepts-example',
      'webhooks.delete.empty-object',
      'sip-trunks.delete.system-refused',
      'sip-trunks.delete.system-survives',
    ]) {
      expect(result.get(id), id).toMatchObject({
        outcome: 'not judged',
        reason: expect.stringMatching(/answered (429|503), which shows nothing either way/),
      });
    }
    expect(report.results.filter((candidate) => candidate.outcome === 'failed').map((candidate) => candidate.id)).toEqual([]);
    expect(report.summary).toMatchObject({ conforms: true, wholeSpecJudged: false });
    // What did not rest on those answers is still judged.
    expect(result.get('sip-trunks.delete.accepts-example')?.outcome).toBe('passed');
    expect(result.get('tools.create.needs-token')?.outcome).toBe('passed');
    expect(report.leftovers).toEqual([]);
  });
});

describe('lists cut short', () => {
  // The token's tool list in two pages, the second failing; the tokenless list answers the tools of that unread page.
  it("judge no tokenless list that holds records the kit could not place, as the token's or not", async () => {
    const report = await runSuite(
      variant(async (req, mock) => {
        if (req.method !== 'GET' || pathOf(req) !== '/api/v1/tools') return mock(req);
        if (new URL(req.url).searchParams.has('cursor')) return json({ error: 'unavailable' }, 503);
        const all = (await (await mock(withToken(req))).json()) as unknown[];
        if (tokenless(req)) return json(all.slice(2));
        if (req.headers.get('authorization') === 'Bearer demo-token')
          return json({ data: all.slice(0, 2), next: '/api/v1/tools?cursor=2' });
        return mock(req);
      }),
    );

    expect(outcomes(report).get('auth.missing-token.tools')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining("token's list was not read whole"),
    });
    // Another list, whose tokenless request the mock refuses, still passes in the same run.
    expect(outcomes(report).get('auth.missing-token.assistants')?.outcome).toBe('passed');
  });
});

describe('refusals judged by what they left behind', () => {
  it('fails a create without a token that made a record, whatever it answered, and judges nothing on an answer alone', async () => {
    const mockState = createMockState();
    const org = mockState.organizations.byToken('demo-token')!;
    const kinds = ['sipTrunks', 'assistants', 'schemas', 'tools', 'webhooks'] as const;
    const counts = () => kinds.map((kind) => mockState.store.list(org.id, kind).length);
    const before = counts();
    const report = await runSuite(
      variant(async (req, mock) => {
        if (req.method !== 'POST' || !tokenless(req)) return mock(req);
        const path = pathOf(req);
        // Carried out with the first organization's token, then answered as a failure, a refusal, or not at all.
        if (path === '/api/v1/sip-trunks') return mock(withToken(req)).then(() => json({ error: 'internal' }, 500));
        if (path === '/api/v1/assistants') return mock(withToken(req)).then(() => json({ error: 'unauthorized' }, 401));
        if (path === '/api/v1/schemas') return mock(withToken(req)).then(() => never(req));
        // A 500 that made nothing: no evidence either way.
        if (path === '/api/v1/tools') return json({ error: 'internal' }, 500);
        return mock(req);
      }, mockState),
    );
    const result = outcomes(report);

    for (const name of ['sip-trunks', 'assistants', 'schemas'])
      expect(result.get(`${name}.create.needs-token`), name).toMatchObject({
        outcome: 'failed',
        counted: true,
        actual: expect.stringContaining("the token's list then holds"),
      });
    expect(result.get('tools.create.needs-token')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('answered 500'),
    });
    expect(result.get('webhooks.create.needs-token')?.outcome).toBe('passed');
    // The records those creates made carry the run's values: the kit's own, so deleted again.
    expect(report.leftovers).toEqual([]);
    expect(counts()).toEqual(before);
  });

  it('reads back over the settle time a write answered 202 and carried out a moment later, with or without the other token', async () => {
    const report = await runSuite(
      variant((req, mock) => {
        const cross = req.headers.get('authorization') === 'Bearer demo-token-2';
        if (req.method === 'DELETE' && itemOf(req, 'sip-trunks') && tokenless(req)) return later(req, mock);
        if (req.method === 'PATCH' && itemOf(req, 'schemas') && tokenless(req)) return later(req, mock);
        if (req.method === 'DELETE' && itemOf(req, 'tools') && cross) return later(req, mock);
        if (req.method === 'PATCH' && itemOf(req, 'webhooks') && cross) return later(req, mock);
        return mock(req);
      }),
      { strict: true },
    );
    const result = outcomes(report);

    for (const id of ['sip-trunks.delete.needs-token', 'schemas.update.needs-token', 'tenancy.tools.delete', 'tenancy.webhooks.update'])
      expect(result.get(id)?.outcome, id).toBe('failed');
    for (const id of ['assistants.delete.needs-token', 'tools.update.needs-token', 'tenancy.sip-trunks.delete', 'tenancy.schemas.update'])
      expect(result.get(id)?.outcome, id).toBe('passed');
  });
});

describe('two organizations apart', () => {
  /** Every organization's tool list also shows one built-in tool the platform shares (the spec gives tools no flags). */
  const sharedTool = { id: '7c1e4f0a-5b2d-4c3e-9f8a-1b2c3d4e5f60', name: 'transfer_call', builtIn: true };
  const withSharedTool: MockHandler = async (req, mock) => {
    const res = await mock(req);
    if (req.method !== 'GET' || pathOf(req) !== '/api/v1/tools' || !res.ok) return res;
    return json([...((await res.json()) as unknown[]), sharedTool]);
  };

  it('does not fail a record both lists hold that the kit did not create: noted, and not judged when nothing was created', async () => {
    const full = await runSuite(variant(withSharedTool));
    const readOnly = await runSuite(variant(withSharedTool), { readOnly: true });

    expect(outcomes(full).get('tenancy.tools.apart')?.outcome).toBe('passed');
    expect(full.notes.some((note) => note.includes(sharedTool.id) && note.includes('does not forbid'))).toBe(true);
    expect(full.summary.counted).toBe(0);
    expect(outcomes(readOnly).get('tenancy.tools.apart')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('--read-only creates none'),
    });
    // Lists with nothing in common are still judged apart without creating anything.
    expect(outcomes(readOnly).get('tenancy.assistants.apart')?.outcome).toBe('passed');
  });

  it("fails when the second organization's list shows a record the kit created with the first token", async () => {
    const report = await runSuite(
      variant(async (req, mock) => {
        const res = await mock(req);
        if (req.method !== 'GET' || pathOf(req) !== '/api/v1/tools' || req.headers.get('authorization') !== 'Bearer demo-token-2')
          return res;
        const first = (await (await mock(withToken(req))).json()) as unknown[];
        return json([...((await res.json()) as unknown[]), ...first]);
      }),
    );

    expect(outcomes(report).get('tenancy.tools.apart')).toMatchObject({
      outcome: 'failed',
      counted: true,
      actual: expect.stringContaining('the kit created with the first token'),
    });
  });

  // Both organizations start without tools, so the kit seeds one with each token; the second's leaks into the first's list.
  it("fails when the first organization's list shows a record the kit created with the second token", async () => {
    const report = await runSuite(
      variant(
        async (req, mock) => {
          const res = await mock(req);
          if (req.method !== 'GET' || pathOf(req) !== '/api/v1/tools' || req.headers.get('authorization') !== 'Bearer demo-token')
            return res;
          const second = (await (await mock(withToken(req, 'demo-token-2'))).json()) as unknown[];
          return json([...((await res.json()) as unknown[]), ...second]);
        },
        createMockState({ scenario: 'empty' }),
      ),
    );

    expect(outcomes(report).get('tenancy.tools.apart')).toMatchObject({
      outcome: 'failed',
      counted: true,
      actual: expect.stringContaining("the first organization's list holds"),
    });
  });

  // The second organization's tool list comes in two pages; the first shows the first organization's records, the
  // second is throttled: what the first page showed is evidence, and the answer that showed nothing takes none away.
  it('fails on a record the kit created shown on a page read, though a later page answered 429 or got no answer', async () => {
    const cutShort = (page2: () => Response) =>
      variant(async (req, mock) => {
        const res = await mock(req);
        const second = req.headers.get('authorization') === 'Bearer demo-token-2';
        if (req.method !== 'GET' || pathOf(req) !== '/api/v1/tools' || !second) return res;
        if (new URL(req.url).searchParams.has('cursor')) return page2();
        const first = (await (await mock(withToken(req))).json()) as unknown[];
        return json({ data: [...((await res.json()) as unknown[]), ...first], next: '/api/v1/tools?cursor=2' });
      });
    const throttled = await runSuite(cutShort(() => json({ error: 'rate limited' }, 429, { 'retry-after': '10' })));
    const unanswered = await runSuite(
      cutShort(() => {
        throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET' } });
      }),
    );

    for (const report of [throttled, unanswered]) {
      expect(outcomes(report).get('tenancy.tools.apart')).toMatchObject({
        outcome: 'failed',
        counted: true,
        actual: expect.stringContaining('the kit created with the first token'),
      });
      // An absence on the cut-short list proves nothing: the check that looks for one is not passed.
      expect(outcomes(report).get('tenancy.tools.list')?.outcome).not.toBe('passed');
    }
  });
});

describe('a refused delete of the system trunk', () => {
  const isSystemTrunk = async (req: Request, mock: (req: Request) => Promise<Response>) => {
    const read = await mock(new Request(req.url, { headers: req.headers }));
    return read.ok && ((await read.json()) as { isSystem?: boolean }).isSystem === true;
  };

  it('shows the rule only where the same delete of an ordinary trunk is carried out', async () => {
    // Every trunk delete wants a precondition the kit does not send; then only the system trunk's is refused, with a
    // status the spec does not list for it.
    const preconditioned = await runSuite(
      variant((req, mock) =>
        req.method === 'DELETE' && itemOf(req, 'sip-trunks') && !tokenless(req)
          ? Promise.resolve(json({ title: 'Precondition Required', detail: 'send If-Match' }, 428))
          : mock(req),
      ),
    );
    const conflict = await runSuite(
      variant(async (req, mock) =>
        req.method === 'DELETE' && itemOf(req, 'sip-trunks') && !tokenless(req) && (await isSystemTrunk(req, mock))
          ? json({ title: 'Conflict' }, 409)
          : mock(req),
      ),
    );

    for (const id of ['sip-trunks.delete.system-refused', 'sip-trunks.delete.system-survives'])
      expect(outcomes(preconditioned).get(id), id).toMatchObject({
        outcome: 'not judged',
        reason: expect.stringContaining('a delete of an ordinary trunk sent the same way answered 428'),
      });
    expect(outcomes(conflict).get('sip-trunks.delete.system-refused')?.outcome).toBe('passed');
    expect(outcomes(conflict).get('sip-trunks.delete.system-survives')?.outcome).toBe('passed');
    expect(outcomes(conflict).get('sip-trunks.delete.system-status')?.outcome).toBe('failed');
  });
});

describe('answers in a form of the target’s own', () => {
  // One run, a quirk per resource: a tool's get answers its record in an array; a webhook's create labels its JSON
  // text/plain (as Go's sniffing does), its update answers an acknowledgement, and its delete answers 200 {} and
  // deletes nothing; an assistant's update is answered 202 {} and carried out 150 ms later, and its get after its
  // delete answers 410 Gone.
  it('judges each by what it shows: a record it cannot find, a text/plain create, acknowledgements, 202s and 410', async () => {
    const report = await runSuite(
      variant(async (req, mock) => {
        const withToken = !tokenless(req);
        if (req.method === 'PATCH' && withToken && itemOf(req, 'assistants'))
          return later(req, mock, (req.headers.get('authorization') ?? '').replace('Bearer ', ''));
        if (req.method === 'DELETE' && withToken && itemOf(req, 'webhooks')) return json({});
        const res = await mock(req);
        if (req.method === 'GET' && itemOf(req, 'tools') && res.ok) return json([await res.json()]);
        if (req.method === 'POST' && pathOf(req) === '/api/v1/webhooks' && res.ok)
          return new Response(await res.text(), { status: res.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
        if (req.method === 'PATCH' && withToken && itemOf(req, 'webhooks') && res.ok) return json({ success: true, message: 'updated' });
        if (req.method === 'GET' && itemOf(req, 'assistants') && res.status === 404) return json({ title: 'Gone' }, 410);
        return res;
      }),
    );
    const result = outcomes(report);

    const notJudged = { 'tools.get-after-create': '--record-pointer', 'tools.get-after-update': 'showed no record' };
    for (const [id, said] of Object.entries(notJudged))
      expect(result.get(id), id).toMatchObject({ outcome: 'not judged', reason: expect.stringContaining(said) });
    const passed = [
      'webhooks.create',
      'webhooks.update',
      'webhooks.get-after-update',
      'assistants.update',
      'assistants.get-after-update',
      'assistants.get-after-delete',
    ];
    for (const id of passed) expect(result.get(id)?.outcome, id).toBe('passed');
    // The records left behind say why.
    const kept = report.leftovers.filter((entry) => entry.path === '/api/v1/webhooks');
    expect(kept.length).toBeGreaterThan(0);
    for (const entry of kept) expect(entry.note).toMatch(/answered 200, yet GET \S+ still answered 200/);
  });
});

describe('values shown masked', () => {
  // The mock shows a webhook's secret whole only in the create's answer, and masked (whsec_********abcd) after.
  const update = { description: 'Rotated by the conformance kit', secret: `whsec_${'k'.repeat(28)}2f9Q` };
  const examples = { '/api/v1/webhooks': { update } };
  /** The mock, with each webhook update's body changed by `change` before the mock gets it. */
  const rewriting = (change: (body: Record<string, unknown>) => Record<string, unknown>) =>
    variant(async (req, mock) => {
      if (req.method !== 'PATCH' || !itemOf(req, 'webhooks')) return mock(req);
      const body = change((await req.json()) as Record<string, unknown>);
      return mock(new Request(req.url, { method: 'PATCH', headers: req.headers, body: JSON.stringify(body) }));
    });

  it('takes a secret the record shows masked as written when what the mask leaves is the value sent', async () => {
    const report = await runSuite(
      variant((req, mock) => mock(req)),
      { examples },
    );
    expect(outcomes(report).get('webhooks.update')?.outcome).toBe('passed');
    expect(outcomes(report).get('webhooks.get-after-update')?.outcome).toBe('passed');
    expect(report.notes.some((note) => note.includes('secret shown masked'))).toBe(true);
  });

  it('fails an update whose masked secret still ends as the old one did, or whose plain value comes back masked', async () => {
    const keptSecret = await runSuite(
      rewriting(({ secret: _ignored, ...rest }) => rest),
      { examples },
    );
    const maskedDescription = await runSuite(
      rewriting((body) => ({ ...body, description: '••••••••' })),
      { examples },
    );
    const keptDescription = await runSuite(
      rewriting(({ description: _ignored, ...rest }) => rest),
      { examples },
    );
    for (const report of [keptSecret, maskedDescription, keptDescription]) {
      expect(outcomes(report).get('webhooks.update')?.outcome).toBe('failed');
      expect(outcomes(report).get('webhooks.get-after-update')?.outcome).toBe('failed');
    }
  });

  /** The mock, showing every webhook's secret as REDACTED (a form of its own, not a mask the kit reads); `keep` drops what an update would change. */
  const redacting = (keep: string[] = []) =>
    variant(async (req, mock) => {
      let sent = req;
      if (req.method === 'PATCH' && itemOf(req, 'webhooks')) {
        const body = Object.fromEntries(Object.entries((await req.json()) as object).filter(([key]) => !keep.includes(key)));
        sent = new Request(req.url, { method: 'PATCH', headers: req.headers, body: JSON.stringify(body) });
      }
      const res = await mock(sent);
      if (!pathOf(req).startsWith('/api/v1/webhooks') || !res.headers.get('content-type')?.includes('json')) return res;
      const text = (await res.text()).replace(/"secret":"[^"]*"/g, '"secret":"REDACTED"');
      return new Response(text, { status: res.status, headers: res.headers });
    });

  /** Masks nothing: the report shows what the kit itself wrote, so a note that quoted a secret would show it. */
  class MasksNothing extends Masker {
    override value<T>(value: T): T {
      return value;
    }
  }

  it('judges a secret shown in a form of its own neither way, and the update by the members shown as sent', async () => {
    const honest = await runSuite(redacting(), { examples, masker: new MasksNothing([]) });
    const descriptionKept = await runSuite(redacting(['description']), { examples });
    const onlySecret = await runSuite(redacting(), { examples: { '/api/v1/webhooks': { update: { secret: update.secret } } } });

    expect(outcomes(honest).get('webhooks.update')?.outcome).toBe('passed');
    expect(outcomes(honest).get('webhooks.get-after-update')?.outcome).toBe('passed');
    expect(honest.notes.some((note) => /secret shown otherwise than the kit wrote/.test(note))).toBe(true);
    // The kit's own words name the secret's member, never its value (the exchanges it sent hold it: they are masked).
    const ownWords = [...honest.notes, ...honest.results.map((result) => result.reason ?? '')].join('\n');
    expect(ownWords).toContain('secret');
    expect(ownWords).not.toContain(update.secret);
    expect(outcomes(descriptionKept).get('webhooks.get-after-update')?.outcome).toBe('failed');
    // Nothing but the secret written: nothing the kit can read back.
    expect(outcomes(onlySecret).get('webhooks.get-after-update')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('nothing written can be read back'),
    });
  });
});
