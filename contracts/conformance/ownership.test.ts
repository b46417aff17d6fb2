/**
 * The kit takes a created record for its own only on evidence (target/ownership.ts): the id was in no list read
 * before the run and no earlier create answered it, the status is one the document declares for a creation, and
 * the record shows a run-unique value the kit sent. Anything else is never changed or deleted, and is reported.
 * A list read in part before the run still protects the ids it showed, and proves nothing of the rest.
 */
import { describe, expect, it } from 'vitest';
import type { SuiteContext } from './context.js';
import { TargetAdapter } from './target/adapter.js';
import { createRecord } from './target/creating.js';
import { noExamples } from './target/examples.js';
import { takeInventory } from './target/inventory.js';
import { Ledger } from './target/ledger.js';
import { suffixSource } from './target/unique-values.js';
import type { Target } from './types.js';

const PATH = '/api/v1/tools';
const EXAMPLE = { name: 'lookup_order', kind: 'function' };
type Tool = Record<string, unknown> & { id: string };

interface Options {
  /** Lists answer this many records a page under ?page=N, with X-Total-Count (and nothing else to go on). */
  pageSize?: number;
  /** How a create answers; by default it makes the record sent and answers it, 201. */
  create?: (body: Record<string, unknown>, tools: Tool[]) => Response;
  /** The statuses the document declares for the create. */
  declared?: number[];
  example?: Record<string, unknown>;
}

/** A tools target (one organization) holding `tools`, as `options` say; keeps every request as `METHOD /path`. */
function toolsTarget(tools: Tool[], options: Options = {}) {
  const seen: string[] = [];
  let next = 100;
  const make = (body: Record<string, unknown>): Tool => {
    const tool = { ...body, id: `00000000-0000-4000-8000-000000000${next++}` };
    tools.push(tool);
    return tool;
  };
  const target: Target = {
    baseUrl: 'http://tools.test',
    token: 'a',
    fetch: async (url, init) => {
      const request = new Request(url, init);
      const { pathname, searchParams } = new URL(request.url);
      seen.push(`${request.method} ${pathname}`);
      const id = pathname.slice(PATH.length + 1);
      if (request.method === 'GET' && pathname === PATH) {
        if (options.pageSize === undefined) return Response.json(tools);
        const page = Number(searchParams.get('page') ?? 1);
        const shown = tools.slice((page - 1) * options.pageSize, page * options.pageSize);
        return Response.json(shown, { headers: { 'x-total-count': String(tools.length) } });
      }
      const found = tools.find((tool) => tool.id === id);
      if (request.method === 'POST') {
        const body = (await request.json()) as Record<string, unknown>;
        return options.create ? options.create(body, tools) : Response.json(make(body), { status: 201 });
      }
      if (found === undefined) return Response.json({ message: 'not found' }, { status: 404 });
      if (request.method === 'DELETE') {
        tools.splice(tools.indexOf(found), 1);
        return Response.json({});
      }
      return Response.json(found);
    },
  };
  const ctx: SuiteContext = {
    target,
    adapter: new TargetAdapter(target, () => [], new Set()),
    readOnly: false,
    strict: false,
    ledger: new Ledger(),
    seedLedger: new Ledger(),
    examples: {
      ...noExamples(''),
      create: () => options.example ?? EXAMPLE,
      createStatuses: () => options.declared ?? [],
    },
    signal: new AbortController().signal,
    unanswered: 0,
    defersWrites: false,
    inventory: new Map(),
    madeByKit: new Map(),
    madeWithToken2: new Map(),
    suffix: suffixSource(),
    notes: new Set(),
  };
  const send = async (spec: { method: string; path: string; body?: unknown }) => {
    const response = await target.fetch!(`${target.baseUrl}${spec.path}`, {
      method: spec.method,
      headers: { authorization: 'Bearer a', 'content-type': 'application/json' },
      ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      contentType: 'application/json',
      headers: response.headers,
      body: JSON.parse(text),
      text,
      json: true,
    };
  };
  const writes = (toolId: string) => seen.filter((line) => /^(PATCH|DELETE) /.test(line) && line.endsWith(toolId));
  return { ctx, send, seen, writes, make };
}

const tool = (index: number, name: string): Tool => ({ id: `00000000-0000-4000-8000-00000000000${index}`, name, kind: 'function' });

describe('what the kit takes for its own', () => {
  it('a create that hands back a record from a page the inventory did not read: left alone, reported, never deleted', async () => {
    const customer = tool(3, 'lookup_order');
    const tools = [tool(1, 'a'), tool(2, 'b'), customer];
    // Idempotent per name, as sent before the kit made it run-unique: answers the customer's tool, 200.
    const target = toolsTarget(tools, { pageSize: 2, create: () => Response.json(customer) });

    await takeInventory(target.ctx);
    const created = await createRecord(target.ctx, target.send, PATH, EXAMPLE);
    await target.ctx.ledger.cleanup(target.ctx.target);

    expect(target.ctx.inventory.get(PATH)).toEqual({ ids: new Set([tools[0]!.id, tools[1]!.id]), whole: false });
    expect(created.id).toBeUndefined();
    expect(created.notOwn).toEqual({ id: customer.id, why: expect.stringContaining('whose name is "lookup_order", not the run-unique') });
    expect(target.writes(customer.id)).toEqual([]);
    expect(tools).toContain(customer);
    expect(target.ctx.ledger.leftovers).toEqual([
      expect.objectContaining({ id: customer.id, note: expect.stringContaining('left alone') }),
    ]);
    expect([...target.ctx.notes].some((note) => note.includes(customer.id))).toBe(true);
  });

  it('a record on a page the inventory read stays protected, even when a create writes the run-unique name onto it', async () => {
    const tools = [tool(1, 'a'), tool(2, 'b'), tool(3, 'c')];
    // An upsert: the create renames the first tool to what was sent and answers it, 201.
    const target = toolsTarget(tools, {
      pageSize: 2,
      create: (body, all) => Response.json(Object.assign(all[0]!, body), { status: 201 }),
    });

    await takeInventory(target.ctx);
    const created = await createRecord(target.ctx, target.send, PATH, EXAMPLE);
    await target.ctx.ledger.cleanup(target.ctx.target);

    expect(created.notOwn?.why).toContain('which was there before the run');
    expect(target.writes(tools[0]!.id)).toEqual([]);
    expect(tools).toHaveLength(3);
  });

  it('a status the document does not declare for a creation (200 where it declares 201) is no creation', async () => {
    const tools = [tool(1, 'a')];
    const target = toolsTarget(tools, { declared: [201], create: (body) => Response.json(target.make(body), { status: 200 }) });

    await takeInventory(target.ctx);
    const created = await createRecord(target.ctx, target.send, PATH, EXAMPLE);
    await target.ctx.ledger.cleanup(target.ctx.target);

    expect(created.notOwn?.why).toContain(
      "a status the target's OpenAPI document does not declare for POST /api/v1/tools (it declares 201)",
    );
    expect(target.seen.filter((line) => line.startsWith('DELETE'))).toEqual([]);
    expect(target.ctx.ledger.leftovers.map((entry) => entry.id)).toEqual([created.notOwn?.id]);
  });

  it('a record the answer shows only by id is read: it belongs to the kit when the read shows its run-unique name, else not', async () => {
    const mine = toolsTarget([tool(1, 'a')], { create: (body) => Response.json({ id: mine.make(body).id }, { status: 201 }) });
    // The create makes nothing and answers the id of a tool another client made meanwhile, under its own name.
    const theirs = toolsTarget([tool(1, 'a')], { create: () => Response.json({ id: theirs.make({ name: 'other' }).id }, { status: 201 }) });
    const unreadable = toolsTarget([tool(1, 'a')], { create: () => Response.json({ id: 'no-such-tool' }, { status: 201 }) });

    for (const target of [mine, theirs, unreadable]) await takeInventory(target.ctx);
    const own = await createRecord(mine.ctx, mine.send, PATH, EXAMPLE);
    const other = await createRecord(theirs.ctx, theirs.send, PATH, EXAMPLE);
    const unknown = await createRecord(unreadable.ctx, unreadable.send, PATH, EXAMPLE);
    await mine.ctx.ledger.cleanup(mine.ctx.target);
    await theirs.ctx.ledger.cleanup(theirs.ctx.target);

    expect(own.id).toBeDefined();
    expect(mine.writes(own.id!)).toEqual([`DELETE ${PATH}/${own.id}`]);
    expect(other.notOwn?.why).toContain('whose name is "other"');
    expect(theirs.seen.filter((line) => line.startsWith('DELETE'))).toEqual([]);
    expect(unknown.notOwn?.why).toContain(`neither the answer nor GET ${PATH}/no-such-tool (404) shows a value the kit sent`);
  });

  it('a record an earlier create of the run answered is not made again: listed once, in the ledger once', async () => {
    let first: Tool | undefined;
    const target = toolsTarget([], {
      create: (body) => {
        first ??= target.make(body);
        return Response.json(first, { status: 201 });
      },
    });

    await takeInventory(target.ctx);
    const once = await createRecord(target.ctx, target.send, PATH, EXAMPLE);
    const again = await createRecord(target.ctx, target.send, PATH, EXAMPLE);

    expect(once.id).toBe(first?.id);
    expect(again.notOwn?.why).toContain('which an earlier create of this run had answered');
    expect(target.ctx.ledger.pending.map((entry) => entry.id)).toEqual([first?.id]);
    expect(target.ctx.ledger.leftovers).toEqual([]);
  });

  it('a body with nothing to make run-unique belongs to the kit only with a list read whole before the run', async () => {
    const whole = toolsTarget([tool(1, 'a')], { example: { kind: 'function' } });
    const partial = toolsTarget([tool(1, 'a'), tool(2, 'b'), tool(3, 'c')], { example: { kind: 'function' }, pageSize: 2 });

    for (const target of [whole, partial]) await takeInventory(target.ctx);
    const own = await createRecord(whole.ctx, whole.send, PATH, { kind: 'function' });
    const unsure = await createRecord(partial.ctx, partial.send, PATH, { kind: 'function' });

    expect(own.id).toBeDefined();
    expect(unsure.notOwn?.why).toContain('holds no value the kit can make unique to the run');
  });
});
