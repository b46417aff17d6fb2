/** The request journal: what the API received, filterable, bounded, clearable, and countable for verification. */
import { describe, expect, it } from 'vitest';
import { Journal } from '../../src/state/journal/journal.js';
import { controlledMock, journalRequest, trunkBody } from './helpers.js';

describe('request journal', () => {
  it('records method, path, organization, status and the body it read', async () => {
    const { control, api, orgId } = controlledMock();
    const created = (await api('demo-token', 'POST', '/sip-trunks', trunkBody)).body;
    await api('demo-token', 'GET', '/schemas');
    const entries = await control.journal();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/sip-trunks',
      orgId: orgId('demo-token'),
      status: 201,
      body: trunkBody,
    });
    expect(entries[1]).toMatchObject({ method: 'GET', path: '/api/v1/schemas', status: 200, body: null });
    expect(entries[0]?.time).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(created.id).toEqual(expect.any(String));
  });

  it('keeps a body as the client sent it, with the keys the API ignores', async () => {
    const { control, api } = controlledMock();
    const sent = { ...trunkBody, id: 'chosen-by-the-client', createdAt: '2000-01-01T00:00:00.000Z' };
    const created = (await api('demo-token', 'POST', '/sip-trunks', sent)).body;
    expect(created.id).not.toBe('chosen-by-the-client');
    expect((await control.journal())[0]?.body).toEqual(sent);
  });

  it('records refused requests too, with no organization when the token is unknown', async () => {
    const { control, api } = controlledMock();
    await api('wrong-token', 'GET', '/tools');
    expect(await control.journal()).toMatchObject([{ method: 'GET', path: '/api/v1/tools', orgId: null, status: 401 }]);
  });

  it('filters by method, path pattern, organization and status', async () => {
    const { control, api, orgId } = controlledMock();
    const tools = (await api('demo-token', 'GET', '/tools')).body;
    await api('demo-token', 'DELETE', `/tools/${tools[0].id}`);
    await api('demo-token', 'DELETE', `/tools/${tools[0].id}`);
    await api('demo-token-2', 'GET', '/tools');
    expect(await control.journal({ method: 'delete' })).toHaveLength(2);
    expect(await control.journal({ path: '/api/v1/tools/:id', status: 404 })).toHaveLength(1);
    expect(await control.journal({ orgId: orgId('demo-token-2') })).toHaveLength(1);
    expect(await control.journal({ path: '/api/v1/**' })).toHaveLength(4);
    expect(await control.journal({ limit: 1 })).toMatchObject([{ orgId: orgId('demo-token-2') }]);
  });

  it('verifies that a client deleted a trunk exactly once', async () => {
    const { control, api, orgId } = controlledMock();
    const trunk = (await api('demo-token', 'POST', '/sip-trunks', trunkBody)).body;
    await api('demo-token', 'DELETE', `/sip-trunks/${trunk.id}`);
    const once = await control.verify({ method: 'DELETE', path: `/api/v1/sip-trunks/${trunk.id}`, orgId: orgId('demo-token') });
    expect(once.count).toBe(1);
    const otherOrg = await control.verify({ method: 'DELETE', path: '/api/v1/sip-trunks/*', orgId: orgId('demo-token-2') });
    expect(otherOrg.count).toBe(0);
  });

  it('keeps only the newest entries beyond its limit, and clears', async () => {
    const { control, api } = controlledMock({ journalLimit: 3 });
    for (let i = 0; i < 5; i++) await api('demo-token', 'GET', `/schemas?i=${i}`);
    const entries = await control.journal();
    expect(entries.map((e) => e.query)).toEqual(['?i=2', '?i=3', '?i=4']);
    await control.clearJournal();
    expect(await control.journal()).toEqual([]);
  });

  it('answers 409 when it is off (journalLimit 0), instead of an empty list a verification would trust', async () => {
    const { app, api } = controlledMock({ journalLimit: 0 });
    expect((await api('demo-token', 'GET', '/schemas')).status).toBe(200);
    const read = await app.request('/__mock/journal');
    const verify = await app.request('/__mock/journal/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'GET' }),
    });
    for (const res of [read, verify]) {
      expect(res.status).toBe(409);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/journal is off.*--journal-size 0/);
    }
    expect((await app.request('/__mock/journal', { method: 'DELETE' })).status).toBe(200);
  });

  it('takes a `before` up to the maximum its document declares, and refuses one past it with 400', async () => {
    const { app } = controlledMock();
    const document = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: { name: string; schema: { maximum?: number } }[] } }>;
    };
    const maximum = document.paths['/__mock/journal']?.get.parameters.find(({ name }) => name === 'before')?.schema.maximum;
    expect(maximum).toBe(Number.MAX_SAFE_INTEGER);
    expect((await app.request(`/__mock/journal?before=${maximum}`)).status).toBe(200);
    expect((await app.request(`/__mock/journal?before=${BigInt(maximum ?? 0) + 1n}`)).status).toBe(400);
  });

  it('does not record control requests', async () => {
    const { control } = controlledMock();
    await control.listTenants();
    expect(await control.journal()).toEqual([]);
  });
});

describe('journal bodies', () => {
  it('keeps a body that failed the checks as short text, never as deep JSON', async () => {
    const { control, app } = controlledMock();
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const res = await app.request('/api/v1/tools', {
      method: 'POST',
      headers: { authorization: 'Bearer demo-token', 'content-type': 'application/json' },
      body: `{"name":${deep}}`,
    });
    expect(res.status).toBe(400);
    const [entry] = await control.journal();
    expect(typeof entry?.body).toBe('string');
    expect(String(entry?.body).length).toBeLessThan(4200);
  });
});

describe('the journal ring', () => {
  const request = journalRequest;

  it('serves each entry as recorded, with its time in ISO form and ids that go on counting after a clear', () => {
    const journal = new Journal(2);
    journal.record(request({ bodyText: '{"name":"a","id":"sent-by-the-client"}', bodyChecked: true }));
    expect(journal.find()).toEqual([
      {
        id: 1,
        time: '2026-01-02T03:04:05.000Z',
        method: 'POST',
        path: '/api/v1/tools',
        query: '',
        orgId: 'org-1',
        status: 201,
        durationMs: 1.25,
        // As sent: the keys the API ignores are part of what the client sent.
        body: { name: 'a', id: 'sent-by-the-client' },
      },
    ]);
    journal.clear();
    journal.record(request({ method: 'GET', status: 200 }));
    expect(journal.find()).toMatchObject([{ id: 2, method: 'GET', status: 200, body: null }]);
  });

  it('keeps the newest entries in order once it wraps, and limit keeps the newest of the matches', () => {
    const journal = new Journal(3);
    for (let i = 1; i <= 7; i++) journal.record(request({ query: `?i=${i}`, status: i % 2 === 0 ? 404 : 201 }));
    expect(journal.find().map((entry) => [entry.id, entry.query])).toEqual([
      [5, '?i=5'],
      [6, '?i=6'],
      [7, '?i=7'],
    ]);
    expect(journal.find({ status: 201 }, 1).map((entry) => entry.id)).toEqual([7]);
    // Asking for more than it holds gives what it holds, each entry once.
    expect(journal.find({}, 100).map((entry) => entry.id)).toEqual([5, 6, 7]);
    expect(journal.find({ method: 'post', status: 404 }).map((entry) => entry.id)).toEqual([6]);
  });

  it('keeps an unchecked body as text, and a long one as its start and its length', () => {
    const journal = new Journal(5);
    journal.record(request({ bodyText: '{"name":', bodyChecked: false }));
    journal.record(request({ bodyText: 'x'.repeat(10_000), bodyChecked: false }));
    // Checked, but too long to keep whole.
    journal.record(request({ bodyText: `{"name":"${'y'.repeat(70_000)}"}`, bodyChecked: true }));
    const [broken, long, large] = journal.find().map((entry) => entry.body);
    expect(broken).toBe('{"name":');
    expect(long).toBe(`${'x'.repeat(4096)}… (10000 bytes)`);
    expect(large).toBe(`{"name":"${'y'.repeat(4087)}… (70011 bytes)`);
  });

  it('measures bodies in bytes of UTF-8, and cuts one between characters', () => {
    const journal = new Journal(5);
    // 22,000 characters, 66,011 bytes: over 64 KiB, so kept as text, not JSON.
    journal.record(request({ bodyText: `{"name":"${'€'.repeat(22_000)}"}`, bodyChecked: true }));
    // 21,000 characters, 63,011 bytes: kept whole, as JSON.
    journal.record(request({ bodyText: `{"name":"${'€'.repeat(21_000)}"}`, bodyChecked: true }));
    // Emoji take two UTF-16 units and four bytes; the cut falls inside none of them.
    journal.record(request({ bodyText: '😀'.repeat(2000), bodyChecked: false }));
    // A lone surrogate is written as U+FFFD, three bytes: 1,501 characters, 4,501 bytes.
    journal.record(request({ bodyText: `${'\ud800'.repeat(1500)}x`, bodyChecked: false }));
    const [euros, fits, emoji, lone] = journal.find().map((entry) => entry.body);
    expect(euros).toBe(`{"name":"${'€'.repeat(1362)}… (66011 bytes)`);
    expect(fits).toEqual({ name: '€'.repeat(21_000) });
    expect(emoji).toBe(`${'😀'.repeat(1024)}… (8000 bytes)`);
    expect(lone).toBe(`${'\ud800'.repeat(1365)}… (4501 bytes)`);
  });

  it('keeps a long path and query as their start and their length', () => {
    const journal = new Journal(5);
    journal.record(request({ path: `/api/v1/tools/${'a'.repeat(10_000)}`, query: `?q=${'b'.repeat(5_000)}` }));
    const [entry] = journal.find();
    expect(entry?.path).toBe(`/api/v1/tools/${'a'.repeat(2034)}… (10014 characters)`);
    expect(entry?.query).toBe(`?q=${'b'.repeat(2045)}… (5003 characters)`);
    // A cut path is still found by the patterns a test would write.
    expect(journal.find({ path: '/api/v1/**' })).toHaveLength(1);
  });

  it('refuses a limit that is not a whole number from 0 up', () => {
    expect(() => new Journal(-1)).toThrow(/whole number/);
    expect(() => new Journal(2.5)).toThrow(/whole number/);
    expect(new Journal(0).find()).toEqual([]);
  });
});

describe('path patterns', () => {
  it('match ** only as the rest of the path, and one segment elsewhere', async () => {
    const { compilePathPattern } = await import('../../src/state/path-pattern.js');
    expect(compilePathPattern('/api/v1/**')('/api/v1/tools/x')).toBe(true);
    expect(compilePathPattern('/api/v1/**')('/api/v1')).toBe(true);
    expect(compilePathPattern('/**/v1/tools')('/api/v1/tools')).toBe(true);
    expect(compilePathPattern('/**/tools')('/api/v1/tools')).toBe(false);
    expect(compilePathPattern('/api/v1/tools/:id')('/api/v1/tools/a/b')).toBe(false);
  });
});
