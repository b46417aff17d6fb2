/**
 * The journal's bounds: by bytes as well as by entries, and a read that
 * answers a page (a default limit, a cursor to older entries, at most 1 MiB)
 * however large the journal grew, as after the flood of issue 24.
 */
import { describe, expect, it } from 'vitest';
import { Journal } from '../../src/state/journal/journal.js';
import { JOURNAL_PAGE_BYTES } from '../../src/state/journal/journal-entry.js';
import { controlledMock, journalRequest } from './helpers.js';

const request = journalRequest;

const MIB = 1024 * 1024;

describe('journal byte budget', () => {
  it('drops the oldest entries once their bytes pass the budget, however many entries it may keep', () => {
    const journal = new Journal(1000, MIB);
    const body = JSON.stringify({ name: 'x'.repeat(60_000) });
    for (let i = 0; i < 100; i++) journal.record(request({ query: `?i=${i}`, bodyText: body, bodyChecked: true }));
    const { entries, bytes } = journal.usage;
    expect(bytes).toBeLessThanOrEqual(MIB);
    // 120 KB each (2 bytes a character): eight fit in 1 MiB, and they are the newest.
    expect(entries).toBe(8);
    expect(journal.find().map((entry) => entry.query)).toEqual([92, 93, 94, 95, 96, 97, 98, 99].map((i) => `?i=${i}`));
  });

  it('keeps the newest entry even when it alone is over the budget', () => {
    const journal = new Journal(10, 1000);
    journal.record(request({ bodyText: 'a'.repeat(3000) }));
    journal.record(request({ bodyText: 'b'.repeat(3000) }));
    expect(journal.find().map((entry) => String(entry.body).slice(0, 1))).toEqual(['b']);
  });

  it('counts the bytes back down as entries leave, by wrapping and by clearing', () => {
    const journal = new Journal(3, MIB);
    for (let i = 0; i < 10; i++) journal.record(request({ bodyText: 'z'.repeat(100) }));
    const three = journal.usage.bytes;
    expect(journal.usage.entries).toBe(3);
    journal.record(request({ bodyText: 'z'.repeat(100) }));
    expect(journal.usage.bytes).toBe(three);
    journal.clear();
    expect(journal.usage).toEqual({ entries: 0, bytes: 0 });
  });

  it('refuses a byte limit that is not a whole number from 1 up', () => {
    expect(() => new Journal(10, 0)).toThrow(/byte limit/);
    expect(() => new Journal(10, 1.5)).toThrow(/byte limit/);
  });
});

describe('journal pages', () => {
  it('pages from the newest back to the oldest with the older cursor, each entry once', () => {
    const journal = new Journal(50);
    for (let i = 1; i <= 23; i++) journal.record(request({ query: `?i=${i}`, status: i % 2 === 0 ? 404 : 201 }));
    const ids: number[] = [];
    let before: number | undefined;
    for (;;) {
      const page = journal.page({ status: 201 }, { limit: 5, before, maxBytes: MIB });
      const entries = page.entries.map((json) => JSON.parse(json) as { id: number; status: number });
      expect(entries.every((entry) => entry.status === 201)).toBe(true);
      ids.unshift(...entries.map((entry) => entry.id));
      if (page.older === null) break;
      expect(page.older).toBe(entries[0]?.id);
      before = page.older;
    }
    expect(ids).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23]);
  });

  it('ends a page before the entry that would pass its byte bound', () => {
    const journal = new Journal(50);
    for (let i = 0; i < 10; i++) journal.record(request({ bodyText: JSON.stringify({ n: 'x'.repeat(1000) }), bodyChecked: true }));
    const page = journal.page({}, { limit: 100, maxBytes: 3500 });
    expect(page.entries).toHaveLength(3);
    expect(page.entries.join(',').length).toBeLessThanOrEqual(3500);
    expect(page.older).toBe(8);
  });

  it('serves a page whose entries read as find builds them', () => {
    const journal = new Journal(5);
    journal.record(request({ bodyText: '{ "name" : "spaced",\n "n": 1e2 }', bodyChecked: true }));
    journal.record(request({ bodyText: 'not json \u0001 "quoted"' }));
    const page = journal.page({}, { limit: 5, maxBytes: MIB });
    expect(page.entries.map((json) => JSON.parse(json))).toEqual(journal.find());
  });
});

describe('journal read after a flood of large bodies', () => {
  it('answers 200 with a bounded page, and verify counts them all, with a large journal size', async () => {
    const { app, control } = controlledMock({ journalLimit: 100_000 });
    const body = JSON.stringify({ name: 'flood', properties: { topic: 'string' }, description: 'd'.repeat(64 * 1024 - 80) });
    const headers = { authorization: 'Bearer demo-token', 'content-type': 'application/json' };
    for (let i = 0; i < 1500; i++) await app.request('/api/v1/schemas', { method: 'POST', headers, body });
    const res = await app.request('/__mock/journal');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await res.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(JOURNAL_PAGE_BYTES + 100);
    const page = JSON.parse(text) as { entries: { id: number; body: unknown }[]; older: number | null };
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.entries.at(-1)?.id).toBe(1500);
    expect(page.older).toBe(page.entries[0]?.id);
    // The default budget (64 MiB) kept a few hundred of the 1,500, not all of them.
    const verified = await control.verify({ method: 'POST' });
    expect(verified.count).toBeGreaterThan(page.entries.length);
    expect(verified.count).toBeLessThan(1500);
    expect(verified.entries.map((entry) => entry.id)).toEqual(page.entries.map((entry) => entry.id));
  }, 60_000);
});
