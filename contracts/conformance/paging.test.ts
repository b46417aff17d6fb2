/** The target adapter's readings: a list read whole across its pages, and a record read out of its envelope. */
import { describe, expect, it } from 'vitest';
import { PATH, records, reply, server } from './fake-list-server.js';
import { linkNext, readList } from './target/paging.js';
import { recordOf } from './target/records.js';
import type { Target } from './types.js';

const target = (extra: Partial<Target> = {}): Target => ({ baseUrl: 'http://x.test/prefix', token: 't', ...extra });
const ids = (items: unknown[] | undefined) => items?.map((item) => (item as { id: string }).id);

describe('reading a list whole', () => {
  it('follows a Link header rel="next", relative or absolute under the base URL', async () => {
    const { asked, send } = server((query) => {
      const page = Number(query.get('p') ?? 0);
      const next =
        page < 2 ? { link: `<${page === 0 ? '/prefix' : 'http://x.test/prefix'}${PATH}?p=${page + 1}>; rel="next", </x>; rel="last"` } : {};
      return reply(records.slice(page * 2, page * 2 + 2), next);
    });

    const read = await readList(target(), send, PATH, 'token', []);

    expect(ids(read.items)).toEqual(ids(records));
    expect(read).toMatchObject({ whole: true, pages: 3, way: 'the Link header (rel="next")' });
    expect(asked).toEqual([PATH, `${PATH}?p=1`, `${PATH}?p=2`]);
  });

  it('follows a cursor in the body (nextCursor, meta.next_cursor), sending it back as ?cursor=', async () => {
    for (const shape of ['nextCursor', 'meta']) {
      const { send } = server((query) => {
        const at = Number(query.get('cursor') ?? 0);
        const next = at + 2 < records.length ? `c${at + 2}`.slice(1) : null;
        const data = records.slice(at, at + 2);
        return reply(shape === 'nextCursor' ? { data, nextCursor: next } : { data, meta: { next_cursor: next } });
      });

      const read = await readList(target(), send, PATH, 'token', []);

      expect(ids(read.items)).toEqual(ids(records));
      expect(read.whole).toBe(true);
    }
  });

  it('reads hasMore with the last id as the cursor, under the parameter the OpenAPI document declares', async () => {
    const { asked, send } = server((query) => {
      const after = query.get('starting_after');
      const start = after === null ? 0 : records.findIndex((record) => record.id === after) + 1;
      return reply({ data: records.slice(start, start + 2), has_more: start + 2 < records.length });
    });

    const read = await readList(target(), send, PATH, 'token', [{ name: 'starting_after' }, { name: 'limit' }]);

    expect(read).toMatchObject({ whole: true, pages: 3 });
    expect(asked[1]).toBe(`${PATH}?starting_after=${records[1]!.id}`);
  });

  it('asks page numbers the document declares until a page brings nothing, from the minimum it gives', async () => {
    const { asked, send } = server((query) => {
      const page = Number(query.get('page') ?? 0);
      return reply({ items: records.slice(page * 2, page * 2 + 2) });
    });

    const read = await readList(target(), send, PATH, 'token', [{ name: 'page', minimum: 0 }]);

    expect(ids(read.items)).toEqual(ids(records));
    expect(read.whole).toBe(true);
    expect(asked.slice(1)).toEqual([`${PATH}?page=1`, `${PATH}?page=2`, `${PATH}?page=3`]);
  });

  it('is not whole when the target ignores the guessed parameter, and names --page-param', async () => {
    const { send } = server(() => reply({ data: records.slice(0, 2), hasMore: true }));

    const read = await readList(target(), send, PATH, 'token', []);

    expect(read.whole).toBe(false);
    expect(read.why).toContain('--page-param');
  });

  it('is not whole when a total says more and the page numbers the document declares are not followed (--paging cursor)', async () => {
    const { send } = server(() => reply({ data: records.slice(0, 1), total: 50 }));

    const read = await readList(target({ paging: 'cursor' }), send, PATH, 'token', [{ name: 'page' }]);

    expect(read).toMatchObject({ whole: false, why: expect.stringContaining('holds 50 records') });
  });

  it('with --page-param, sends the cursor under that name', async () => {
    const { send } = server((query) => {
      const after = query.get('after');
      const start = after === null ? 0 : records.findIndex((record) => record.id === after) + 1;
      return reply({ data: records.slice(start, start + 2), hasMore: start + 2 < records.length });
    });

    expect(await readList(target({ pageParam: 'after' }), send, PATH, 'token', [])).toMatchObject({ whole: true, pages: 3 });
  });

  it('is not whole, saying why, with --paging none, past --max-pages, or with a paging member it cannot read', async () => {
    const linked = server((query) => {
      const page = Number(query.get('p') ?? 0);
      return reply(records.slice(page, page + 1), page < 4 ? { link: `</prefix${PATH}?p=${page + 1}>; rel=next` } : {});
    });
    const none = await readList(target({ paging: 'none' }), linked.send, PATH, 'token', []);
    const bounded = await readList(target({ maxPages: 2 }), linked.send, PATH, 'token', []);
    const odd = await readList(target(), server(() => reply({ data: records, continuation: 'abc' })).send, PATH, 'token', []);

    expect(none).toMatchObject({ whole: false, pages: 1, why: expect.stringContaining('--paging none') });
    expect(bounded).toMatchObject({ whole: false, pages: 2, why: expect.stringContaining('--max-pages') });
    expect(odd).toMatchObject({ whole: false, why: expect.stringContaining('--next-pointer /continuation') });
  });

  it('is not whole when a page number, page count or offset is written in a form it does not read (a string, an object)', async () => {
    const shapes = [
      { items: records.slice(0, 2), page: '1', pages: '3' },
      { data: records.slice(0, 2), offset: '0', limit: 2 },
      { content: records.slice(0, 2), number: '0', size: 2 },
      { data: records.slice(0, 2), meta: { pagination: { current_page: 1, total_pages: { value: 3 } } } },
    ];
    for (const shape of shapes) {
      const read = await readList(target(), server(() => reply(shape)).send, PATH, 'token', []);
      expect(read.whole, JSON.stringify(shape)).toBe(false);
      expect(read.why, JSON.stringify(shape)).toMatch(/page|offset|number/);
    }
    // A null says nothing: with no other sign the one page is the list.
    const nulls = await readList(target(), server(() => reply({ items: records, page: null, pages: null })).send, PATH, 'token', []);
    expect(nulls).toMatchObject({ whole: true, pages: 1 });
  });

  it('takes a list with no sign of another page as whole, and a next URL elsewhere as not', async () => {
    const plain = await readList(target(), server(() => reply({ data: records, next: null, hasMore: false })).send, PATH, 'token', []);
    const elsewhere = await readList(
      target(),
      server(() => reply({ data: records, next: 'https://other.test/api/v1/tools?page=2' })).send,
      PATH,
      'token',
      [],
    );

    expect(plain).toMatchObject({ whole: true, pages: 1 });
    expect(elsewhere).toMatchObject({ whole: false, why: expect.stringContaining('not under --base-url') });
  });

  it('reads the rel="next" entry of a Link header among others', () => {
    expect(linkNext('<https://x.test/a?page=1>; rel="prev", <https://x.test/a?page=3>; rel="next"')).toBe('https://x.test/a?page=3');
    expect(linkNext('<https://x.test/a?page=3>; rel="next last"')).toBe('https://x.test/a?page=3');
    expect(linkNext('<https://x.test/a?page=3>; rel="nextish"')).toBeUndefined();
  });
});

describe('reading a record', () => {
  it('reads it bare, through one envelope member holding an object with an id, or at --record-pointer', () => {
    const record = { id: 'a', name: 'x' };

    expect(recordOf(record)).toEqual({ record });
    expect(recordOf({ data: record, meta: {} })).toEqual({ record, via: '"data" member' });
    expect(recordOf({ result: record })).toEqual({ record, via: '"result" member' });
    expect(recordOf({ payload: { inner: record } }, '/payload/inner')).toEqual({ record, via: 'at --record-pointer /payload/inner' });
    // Two candidates, or none with an id: which is the record cannot be told.
    expect(recordOf({ data: record, item: { id: 'b' } })).toEqual({});
    expect(recordOf({ data: { name: 'x' } })).toEqual({});
  });
});
