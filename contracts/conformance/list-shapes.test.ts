/**
 * One test per row of the kit's table of list shapes (target/envelope-members.ts): each shape, paged two records at a
 * time, is read whole; the same shape with a member the kit does not understand is not. Then the page base,
 * a list that ignores paging, the schema list, and the bounds on pages and records.
 */
import { describe, expect, it } from 'vitest';
import { LIST_SHAPES } from './target/envelope-members.js';
import type { QueryParam } from './target/examples.js';
import type { Reply, RequestSpec } from './target/http.js';
import { readList } from './target/paging.js';
import type { Target } from './types.js';

const PATH = '/api/v1/tools';
const BASE = 'http://x.test';
const records = Array.from({ length: 5 }, (_, index) => ({ id: `00000000-0000-4000-8000-00000000000${index}`, name: `r${index}` }));
const SIZE = 2;

function reply(body: unknown, headers: { link?: string } = {}, status = 200): Reply {
  return {
    status,
    contentType: 'application/json',
    headers: new Headers(headers.link === undefined ? {} : { link: headers.link }),
    body,
    text: JSON.stringify(body),
    json: true,
  };
}

type Answer = (query: URLSearchParams, path: string) => Reply;

function server(answer: Answer) {
  const asked: string[] = [];
  const send = async (spec: RequestSpec) => {
    asked.push(spec.path);
    const url = new URL(spec.path, BASE);
    return answer(url.searchParams, url.pathname);
  };
  return { asked, send };
}

const target = (extra: Partial<Target> = {}): Target => ({ baseUrl: BASE, token: 't', ...extra });
const ids = (items: unknown[] | undefined) => items?.map((item) => (item as { id: string }).id);
const all = ids(records);
const lastPage = Math.ceil(records.length / SIZE);

/** Each shape of the table, as a server would answer page `n` (1-based) of `records`. */
const SHAPES: Record<string, { declared?: QueryParam[]; answer: Answer }> = {
  'Link header': {
    answer: (query) => {
      const page = Number(query.get('page') ?? 1);
      const next = page < lastPage ? { link: `<${BASE}${PATH}?page=${page + 1}&per_page=${SIZE}>; rel="next"` } : {};
      return reply(records.slice((page - 1) * SIZE, page * SIZE), next);
    },
    // Declared page numbers (1-based) lose to the Link header.
    declared: [{ name: 'page' }, { name: 'per_page' }],
  },
  'cursor and has_more': {
    answer: (query) => {
      const at = Number(query.get('cursor') ?? 0);
      const more = at + SIZE < records.length;
      return reply({ data: records.slice(at, at + SIZE), next_cursor: more ? String(at + SIZE) : null, has_more: more });
    },
  },
  'after this id': {
    answer: (query) => {
      const after = query.get('starting_after');
      const at = after === null ? 0 : records.findIndex((record) => record.id === after) + 1;
      return reply({ object: 'list', url: PATH, data: records.slice(at, at + SIZE), has_more: at + SIZE < records.length });
    },
  },
  'next URL': {
    answer: (query) => {
      const page = Number(query.get('page') ?? 1);
      const link = (n: number) => (n >= 1 && n <= lastPage ? `${BASE}${PATH}?page=${n}` : null);
      return reply({
        count: records.length,
        next: link(page + 1),
        previous: link(page - 1),
        results: records.slice((page - 1) * SIZE, page * SIZE),
      });
    },
  },
  'JSON:API links': {
    answer: (query) => {
      const page = Number(query.get('page[number]') ?? 1);
      const at = (n: number) => `${PATH}?page%5Bnumber%5D=${n}`;
      const links = { self: at(page), first: at(1), last: at(lastPage), ...(page < lastPage ? { next: at(page + 1) } : {}) };
      return reply({ data: records.slice((page - 1) * SIZE, page * SIZE), links, meta: { total: records.length } });
    },
  },
  'offset and limit': {
    answer: (query) => {
      const offset = Number(query.get('offset') ?? 0);
      return reply({ items: records.slice(offset, offset + SIZE), total: records.length, limit: SIZE, offset });
    },
  },
  'page and size': {
    answer: (query) => {
      const page = Number(query.get('page') ?? 1);
      return reply({ items: records.slice((page - 1) * SIZE, page * SIZE), total: records.length, page, size: SIZE, pages: lastPage });
    },
  },
  'Spring page': {
    answer: (query) => {
      const number = Number(query.get('page') ?? 0);
      const content = records.slice(number * SIZE, (number + 1) * SIZE);
      return reply({
        content,
        pageable: {
          pageNumber: number,
          pageSize: SIZE,
          offset: number * SIZE,
          paged: true,
          unpaged: false,
          sort: { sorted: false, unsorted: true, empty: true },
        },
        totalPages: lastPage,
        totalElements: records.length,
        number,
        size: SIZE,
        numberOfElements: content.length,
        first: number === 0,
        last: number === lastPage - 1,
        empty: content.length === 0,
      });
    },
  },
  'nested pagination': {
    answer: (query) => {
      const page = Number(query.get('page') ?? 1);
      const pagination = {
        total: records.length,
        current_page: page,
        per_page: SIZE,
        next_page: page < lastPage ? page + 1 : null,
        total_pages: lastPage,
      };
      return reply({ data: records.slice((page - 1) * SIZE, page * SIZE), meta: { pagination } });
    },
  },
};

describe('the table of list shapes', () => {
  it('has a test server for every row, and a row for every test server', () => {
    expect(Object.keys(SHAPES).sort()).toEqual(LIST_SHAPES.map((shape) => shape.name).sort());
  });

  for (const shape of LIST_SHAPES) {
    it(`reads "${shape.name}" whole, page by page`, async () => {
      const { answer, declared = [] } = SHAPES[shape.name]!;
      const { asked, send } = server(answer);

      const read = await readList(target(), send, PATH, 'token', declared);

      expect(ids(read.items)).toEqual(all);
      expect(read).toMatchObject({ whole: true, pages: lastPage });
      expect(asked).toHaveLength(lastPage);
    });
  }

  it('does not take one page for the whole list when its envelope holds a member the kit does not understand', async () => {
    // The nested shape with one more member, and no total: the kit cannot tell that a page is all there is.
    const { send } = server(() => reply({ data: records.slice(0, SIZE), meta: { window: { until: 'x' } } }));
    const read = await readList(target(), send, PATH, 'token', []);

    expect(read).toMatchObject({ whole: false, why: expect.stringContaining('/meta/window') });
  });

  it('takes a page with an unknown member as whole when a total it shows equals the records read', async () => {
    const { send } = server(() => reply({ data: records, meta: { total: records.length, requestId: 'r1' } }));

    expect(await readList(target(), send, PATH, 'token', [])).toMatchObject({ whole: true, pages: 1 });
  });
});

describe('page numbers, offsets and lists that ignore them', () => {
  it('finds that pages count from 1 when page 1 answers the first page again (GitHub-style, no Link header)', async () => {
    const { asked, send } = server((query) => {
      const page = Math.max(1, Number(query.get('page') ?? 1));
      return reply(records.slice((page - 1) * SIZE, page * SIZE));
    });

    const read = await readList(target(), send, PATH, 'token', [{ name: 'page' }]);

    expect(ids(read.items)).toEqual(all);
    expect(read.whole).toBe(true);
    expect(asked).toEqual([PATH, `${PATH}?page=1`, `${PATH}?page=2`, `${PATH}?page=3`, `${PATH}?page=4`]);
  });

  it('finds that pages count from 0 when page 1 brings new records', async () => {
    const { send } = server((query) => {
      const page = Number(query.get('page') ?? 0);
      return reply(records.slice(page * SIZE, (page + 1) * SIZE));
    });

    const read = await readList(target(), send, PATH, 'token', [{ name: 'page' }]);

    expect(ids(read.items)).toEqual(all);
    expect(read.whole).toBe(true);
  });

  it('takes a list whose declared page and offset parameters do nothing as whole', async () => {
    for (const declared of [[{ name: 'page' }], [{ name: 'offset' }, { name: 'limit' }]]) {
      const { send } = server(() => reply(records));

      const read = await readList(target(), send, PATH, 'token', declared);

      expect(read).toMatchObject({ whole: true, because: expect.stringMatching(/ignores|no record not read/) });
      expect(ids(read.items)).toEqual(all);
    }
  });

  it('follows offsets with --paging offset, without a document', async () => {
    const { asked, send } = server((query) =>
      reply(records.slice(Number(query.get('offset') ?? 0), Number(query.get('offset') ?? 0) + SIZE)),
    );

    const read = await readList(target({ paging: 'offset' }), send, PATH, 'token', []);

    expect(ids(read.items)).toEqual(all);
    expect(asked[1]).toBe(`${PATH}?offset=2`);
  });

  it('reads the schema list as one array when it ignores the page parameters the document declares, and follows a Link header', async () => {
    const schemas = '/api/v1/schemas';
    const plain = server(() => reply(records));
    const linked = server((query) => {
      const page = Number(query.get('page') ?? 1);
      return reply(
        records.slice((page - 1) * SIZE, page * SIZE),
        page < lastPage ? { link: `<${schemas}?page=${page + 1}>; rel="next"` } : {},
      );
    });

    const once = await readList(target(), plain.send, schemas, 'token', [{ name: 'page' }, { name: 'offset' }]);
    const paged = await readList(target(), linked.send, schemas, 'token', [{ name: 'page' }]);

    expect(once).toMatchObject({ whole: true, pages: 1 });
    expect(ids(once.items)).toEqual(all);
    expect(ids(paged.items)).toEqual(all);
  });

  it('names the parameter a refused page request names', async () => {
    const { send } = server((query) =>
      query.has('cursor')
        ? reply({ error: { type: 'invalid_request_error', message: 'Received unknown parameter: cursor. Use starting_after.' } }, {}, 400)
        : reply({ data: records.slice(0, SIZE), next_cursor: 'abc', has_more: true }),
    );

    const read = await readList(target(), send, PATH, 'token', []);

    expect(read).toMatchObject({ whole: false, why: expect.stringContaining('--page-param starting_after') });
  });
});

describe('bounds on what one list read holds', () => {
  it('reads a page of 200,000 records without overflowing the stack, and calls it not whole past --max-records', async () => {
    const huge = Array.from({ length: 200_000 }, (_, index) => ({ id: `id-${index}` }));
    const { send } = server(() => reply(huge));

    const bounded = await readList(target(), send, PATH, 'token', []);
    const raised = await readList(target({ maxRecords: 300_000 }), send, PATH, 'token', []);

    expect(bounded).toMatchObject({ whole: false, why: expect.stringContaining('--max-records') });
    expect(bounded.items).toHaveLength(100_000);
    expect(raised).toMatchObject({ whole: true });
    expect(raised.items).toHaveLength(200_000);
  });

  it('stops endless pages of new records at --max-pages or --max-records, saying which', async () => {
    const endless = server((query) => {
      const at = Number(query.get('cursor') ?? 0);
      return reply({ data: Array.from({ length: 1000 }, (_, index) => ({ id: `id-${at + index}` })), next_cursor: String(at + 1000) });
    });

    const byPages = await readList(target({ maxPages: 5 }), endless.send, PATH, 'token', []);
    const byRecords = await readList(target({ maxRecords: 2_500 }), endless.send, PATH, 'token', []);

    expect(byPages).toMatchObject({ whole: false, pages: 5, why: expect.stringContaining('--max-pages') });
    expect(byRecords).toMatchObject({ whole: false, why: expect.stringContaining('--max-records') });
    expect(byRecords.items).toHaveLength(2_500);
  });
});
