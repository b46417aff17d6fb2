/**
 * A list is whole only on evidence: a page request the target did not serve (throttled, failed) is no refusal of
 * the page parameter, a total the target announces (in a header or the body) above the records read leaves the
 * list not whole, and a next page or cursor the answer shows leaves it not whole whatever a count beside it says.
 */
import { describe, expect, it } from 'vitest';
import { PATH, records, reply, server } from './fake-list-server.js';
import { readList } from './target/paging.js';
import type { Target } from './types.js';

const SIZE = 2;

const target = (extra: Partial<Target> = {}): Target => ({ baseUrl: 'http://x.test', token: 't', ...extra });
/** Page `page` (from 1) of the records, bare. */
const pageOf = (query: URLSearchParams) => {
  const page = Number(query.get('page') ?? 1);
  return records.slice((page - 1) * SIZE, page * SIZE);
};

describe('a page request the target did not serve', () => {
  it.each([
    [429, { 'retry-after': '10' }, 'asked the kit to wait'],
    [503, { 'retry-after': '120' }, 'asked the kit to wait'],
    [500, {}, 'failed'],
    [502, {}, 'failed'],
  ])('answered %i is no refusal of ?page=: the list is not whole, saying why', async (status, headers, said) => {
    const { send } = server((query) =>
      Number(query.get('page') ?? 1) >= 2 ? reply({ error: 'busy' }, headers, status) : reply(pageOf(query)),
    );

    const read = await readList(target({ paging: 'page' }), send, PATH, 'token', []);

    expect(read).toMatchObject({ whole: false, why: expect.stringContaining(`answered ${status}`) });
    expect(read.why).toContain(said);
    expect(read.items).toHaveLength(SIZE);
  });

  it.each([401, 403, 404])('answered %i (which a proxy or gateway may say) is no refusal of ?page= either', async (status) => {
    const { send } = server((query) => (Number(query.get('page') ?? 1) >= 2 ? reply({ error: 'no' }, {}, status) : reply(pageOf(query))));

    expect(await readList(target({ paging: 'page' }), send, PATH, 'token', [])).toMatchObject({ whole: false });
  });

  it('takes a 400 or 422 to ?page= as the refusal it is, on a list that shows no paging sign, but not one with Retry-After', async () => {
    for (const status of [400, 422]) {
      const { send } = server((query) => (query.has('page') ? reply({ error: 'unknown parameter' }, {}, status) : reply(records)));
      const read = await readList(target({ paging: 'page' }), send, PATH, 'token', []);
      expect(read, String(status)).toMatchObject({ whole: true, because: expect.stringContaining(`refused ?page= (${status})`) });
    }
    const throttled = server((query) => (query.has('page') ? reply({ error: 'slow down' }, { 'retry-after': '5' }, 400) : reply(records)));
    expect(await readList(target({ paging: 'page' }), throttled.send, PATH, 'token', [])).toMatchObject({ whole: false });
  });
});

describe('a total the target announces', () => {
  it.each([
    ['X-Total-Count', { 'x-total-count': '5' }],
    ['X-Total', { 'x-total': '5' }],
    ['Content-Range', { 'content-range': 'items 0-1/5' }],
  ])('in %s, above the records read, leaves a list not whole that shows no other sign', async (_, headers) => {
    const { send } = server((query) => reply(pageOf(query), headers));

    const read = await readList(target(), send, PATH, 'token', []);

    // Content-Range also says where the page starts, so the kit asks the next offset, which this target ignores.
    expect(read).toMatchObject({
      whole: false,
      why: expect.stringMatching(/holds 5 records but showed 2|does not take the page that way/),
    });
  });

  it('equal to the records read, leaves the list whole', async () => {
    const { send } = server(() => reply(records, { 'x-total-count': '5' }));

    expect(await readList(target(), send, PATH, 'token', [])).toMatchObject({ whole: true });
  });

  it('is read to its end by page numbers the kit is told of, and still not whole where the pages run out first', async () => {
    const paged = server((query) => reply(pageOf(query), { 'x-total-count': '5' }));
    const short = server((query) => reply(Number(query.get('page') ?? 1) >= 3 ? [] : pageOf(query), { 'x-total-count': '5' }));
    const ignored = server(() => reply(records.slice(0, SIZE), { 'x-total-count': '5' }));

    const read = await readList(target({ paging: 'page' }), paged.send, PATH, 'token', []);
    const ranOut = await readList(target({ paging: 'page' }), short.send, PATH, 'token', []);
    const same = await readList(target({ paging: 'page' }), ignored.send, PATH, 'token', []);

    expect(read).toMatchObject({ whole: true });
    expect(read.items).toHaveLength(5);
    expect(ranOut).toMatchObject({ whole: false, why: expect.stringContaining('says it holds 5 records, and the kit read 4') });
    // A page parameter the target ignores says nothing when the target said the list holds more.
    expect(same).toMatchObject({ whole: false, why: expect.stringContaining('says it holds 5 records, and the kit read 2') });
  });

  it('in the body, as a count beside the records, above the records read: not whole even after page numbers ran dry', async () => {
    const { send } = server((query) => reply({ items: Number(query.get('page') ?? 1) >= 2 ? [] : pageOf(query), total: 5 }));

    const read = await readList(target({ paging: 'page' }), send, PATH, 'token', []);

    expect(read).toMatchObject({ whole: false, why: expect.stringContaining('holds 5 records') });
  });

  it('the size of the page it came with is no total where the kit can ask the next page: it is read on to its end', async () => {
    // A `count` of each page's own records, in the shape of a list that counts the whole (`{results, count}`).
    const { send, asked } = server((query) => {
      const items = pageOf(query);
      return reply({ results: items, count: items.length });
    });

    const read = await readList(target({ paging: 'page' }), send, PATH, 'token', []);

    expect(read).toMatchObject({ whole: true, because: expect.stringContaining('the next page is empty') });
    expect(read.items).toHaveLength(5);
    expect(asked).toContain(`${PATH}?page=4`);
  });

  it('equal to the records of one page, is confirmed by a page past them that is not found or refused, not by one throttled', async () => {
    const onePage = (status: number, headers: Record<string, string> = {}) =>
      server((query) =>
        query.has('page') && query.get('page') !== '1'
          ? reply({ error: 'no such page' }, headers, status)
          : reply({ items: records, total: 5 }),
      );
    for (const status of [404, 400, 422]) {
      const read = await readList(target({ paging: 'page' }), onePage(status).send, PATH, 'token', []);
      expect(read, String(status)).toMatchObject({ whole: true, because: expect.stringContaining(`answered ${status}`) });
    }
    expect(await readList(target({ paging: 'page' }), onePage(429, { 'retry-after': '3' }).send, PATH, 'token', [])).toMatchObject({
      whole: false,
    });
    expect(await readList(target({ paging: 'page' }), onePage(503).send, PATH, 'token', [])).toMatchObject({ whole: false });
  });

  it('with a page count in X-Total-Pages: followed with X-Page or --paging page, not whole without either', async () => {
    const numbered = server((query) => reply(pageOf(query), { 'x-total-pages': '3', 'x-page': query.get('page') ?? '1' }));
    const unnumbered = server((query) => reply(pageOf(query), { 'x-total-pages': '3' }));

    const read = await readList(target(), numbered.send, PATH, 'token', []);
    const told = await readList(target({ paging: 'page' }), unnumbered.send, PATH, 'token', []);

    expect(read).toMatchObject({ whole: true, pages: 3 });
    expect(read.items).toHaveLength(5);
    expect(told).toMatchObject({ whole: true });
    expect(told.items).toHaveLength(5);
    expect(await readList(target(), unnumbered.send, PATH, 'token', [])).toMatchObject({
      whole: false,
      why: expect.stringContaining('3 pages but not which one this is'),
    });
  });
});

describe('a next page or cursor the answer shows', () => {
  it('in a member the kit does not know, leaves the list not whole whatever a count beside it says', async () => {
    for (const member of ['nextToken', 'continuationToken', 'nextMarker', 'cursorNext']) {
      const { send } = server((query) => {
        const from = Number(query.get(member) ?? 0);
        const items = records.slice(from, from + SIZE);
        return reply({ items, count: items.length, [member]: String(from + SIZE) });
      });

      const read = await readList(target(), send, PATH, 'token', []);

      expect(read, member).toMatchObject({ whole: false, why: expect.stringContaining(`"${member}" member with a value`) });
      expect(read.why).toContain(`--next-pointer /${member}`);
    }
  });

  it('is followed where --next-pointer says where it is, and the list read whole', async () => {
    const { send } = server((query) => {
      const from = Number(query.get('nextToken') ?? 0);
      const items = records.slice(from, from + SIZE);
      return reply({ items, count: items.length, ...(from + SIZE < records.length ? { nextToken: String(from + SIZE) } : {}) });
    });

    const read = await readList(target({ nextPointer: '/nextToken', pageParam: 'nextToken' }), send, PATH, 'token', []);

    expect(read).toMatchObject({ whole: true, pages: 3 });
    expect(read.items).toHaveLength(5);
  });

  it('an empty one, beside a count equal to the records read, leaves the list whole', async () => {
    const { send } = server(() => reply({ items: records, count: records.length, nextToken: null }));

    expect(await readList(target(), send, PATH, 'token', [])).toMatchObject({ whole: true });
  });

  it('in a header: X-Next-Page is followed as a page number; a cursor header it cannot send back leaves the list not whole', async () => {
    const numbered = server((query) => {
      const page = Number(query.get('page') ?? 1);
      return reply(pageOf(query), { 'x-next-page': page * SIZE < records.length ? String(page + 1) : '' });
    });
    const cursor = server(() => reply(records.slice(0, SIZE), { 'x-next-cursor': 'abc', 'x-nextjs-cache': 'HIT' }));
    const nextjs = server(() => reply(records, { 'x-nextjs-cache': 'HIT' }));

    const followed = await readList(target(), numbered.send, PATH, 'token', []);
    const stuck = await readList(target(), cursor.send, PATH, 'token', []);

    expect(followed).toMatchObject({ whole: true, pages: 3 });
    expect(numbered.asked.slice(1)).toEqual([`${PATH}?page=2`, `${PATH}?page=3`]);
    expect(stuck).toMatchObject({ whole: false, why: expect.stringContaining('x-next-cursor header') });
    // A header of a framework's own that merely starts with "next" is no paging sign.
    expect(await readList(target(), nextjs.send, PATH, 'token', [])).toMatchObject({ whole: true });
  });
});

describe('a page that shows where it stands or its size, but no total and no end', () => {
  /** Records from ?offset= (else 0), `SIZE` at a time, the body made by `shape`; `takes`: whether the target reads ?offset=. */
  const byOffset = (shape: (items: unknown[], offset: number) => unknown, takes = true, status = 200) =>
    server((query) => {
      const offset = takes ? Number(query.get('offset') ?? 0) : 0;
      const items = records.slice(offset, offset + SIZE);
      return reply(shape(items, offset), {}, status);
    });

  it('is read on by the next offset or page until a page shows the end (short or empty)', async () => {
    const limitOffset = byOffset((items, offset) => ({ items, limit: SIZE, offset }));
    const perPage = server((query) => {
      const page = Number(query.get('page') ?? 1);
      return reply({ data: pageOf(query), page, per_page: SIZE });
    });
    const contentRange = server((query) => {
      const offset = Number(query.get('offset') ?? 0);
      const items = records.slice(offset, offset + SIZE);
      return reply(items, { 'content-range': `items ${offset}-${offset + items.length - 1}/*` }, 206);
    });

    // A page shorter than the size the body states ends the list (page 3 of 1 record); Content-Range states no size,
    // so only the empty page after the records does.
    for (const [name, { send, asked }, pages] of [
      ['limit and offset', limitOffset, 3],
      ['page and per_page', perPage, 3],
      ['Content-Range with no total', contentRange, 4],
    ] as const) {
      const read = await readList(target(), send, PATH, 'token', []);
      expect(read, name).toMatchObject({ whole: true, pages });
      expect(read.items, name).toHaveLength(records.length);
      expect(asked, name).toHaveLength(pages);
    }
  });

  it('is not whole where the next page repeats the first, or nothing leads to it', async () => {
    const ignored = byOffset((items, offset) => ({ items, limit: SIZE, offset }), false);
    const fullPage = server(() => reply({ data: records.slice(0, SIZE), per_page: SIZE }));
    const partial = server(() => reply(records.slice(0, SIZE), {}, 206));

    expect(await readList(target(), ignored.send, PATH, 'token', [])).toMatchObject({
      whole: false,
      why: expect.stringContaining('does not take the page that way'),
    });
    expect(await readList(target(), fullPage.send, PATH, 'token', [])).toMatchObject({
      whole: false,
      why: expect.stringContaining(`a full page of ${SIZE} records`),
    });
    expect(await readList(target(), partial.send, PATH, 'token', [])).toMatchObject({
      whole: false,
      why: expect.stringContaining('206 Partial Content'),
    });
  });

  it('is whole at once when it holds fewer records than the size it states', async () => {
    const short = server(() => reply({ data: records, per_page: 10 }));

    const read = await readList(target(), short.send, PATH, 'token', []);

    expect(read).toMatchObject({ whole: true, pages: 1, because: expect.stringContaining('fewer than the 10 a page holds') });
    expect(short.asked).toHaveLength(1);
  });
});

describe('a cursor named for its parameter', () => {
  it('at nextPageToken is sent back as ?pageToken=, and at next_page_token as ?page_token=', async () => {
    const paged = (member: string, param: string) =>
      server((query) => {
        const at = Number(query.get(param) ?? 0);
        const rest = at + SIZE < records.length;
        return reply({ data: records.slice(at, at + SIZE), ...(rest ? { [member]: String(at + SIZE) } : {}) });
      });
    const camel = paged('nextPageToken', 'pageToken');
    const snake = paged('next_page_token', 'page_token');

    expect(await readList(target(), camel.send, PATH, 'token', [])).toMatchObject({ whole: true, pages: 3 });
    expect(await readList(target(), snake.send, PATH, 'token', [])).toMatchObject({ whole: true, pages: 3 });
    expect(camel.asked[1]).toBe(`${PATH}?pageToken=2`);
    expect(snake.asked[1]).toBe(`${PATH}?page_token=2`);
  });
});
