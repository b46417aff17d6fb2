/**
 * `addRoute`, the one way a route is served: it documents the route as
 * declared, reads the body with the route's reader, validates the query,
 * runs the guards, then the handler, in that order; the handler's input is
 * typed from the route and the reader (checked by tsc on this file).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { addRoute, type BodyReader } from '../../src/http/add-route.js';
import type { AppEnv } from '../../src/http/app-env.js';
import { controlRoute } from '../../src/http/control/define.js';

const query = z.strictObject({ n: z.coerce.number().int().min(1) });
const route = createRoute({
  method: 'post',
  path: '/things/{id}',
  request: { params: z.object({ id: z.string() }), query },
  responses: { 200: { description: 'Done.' } },
});
type Seen = string[];

/** A body reader that notes when it ran and hands on a fixed value. */
const reader =
  (seen: Seen): BodyReader<{ name: string }> =>
  async (c, next) => {
    seen.push('body');
    c.req.addValidatedData('json', { name: 'from the reader' });
    await next();
  };
const guard =
  (seen: Seen, refuse = false): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    seen.push('guard');
    if (refuse) return c.json({ refused: true }, 409);
    await next();
  };
const invalid = (c: Parameters<MiddlewareHandler>[0], issues: readonly unknown[], input: unknown) =>
  c.json({ invalid: issues.length, input }, 400);

function served(seen: Seen, refuse = false) {
  const app = new OpenAPIHono<AppEnv>();
  addRoute(app, { route, body: reader(seen), guards: [guard(seen, refuse)], invalid }, (c) => {
    seen.push('handler');
    expectTypeOf(c.req.valid('json')).toEqualTypeOf<{ name: string }>();
    expectTypeOf(c.req.valid('query')).toEqualTypeOf<{ n: number }>();
    expectTypeOf(c.req.param('id')).toEqualTypeOf<string>();
    return c.json({ id: c.req.param('id'), n: c.req.valid('query').n, body: c.req.valid('json') }, 200);
  });
  return app;
}

describe('addRoute', () => {
  it('reads the body, validates the query, runs the guards, then the handler, with the input typed and validated', async () => {
    const seen: Seen = [];
    const res = await served(seen).request('/things/abc?n=3', { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'abc', n: 3, body: { name: 'from the reader' } });
    expect(seen).toEqual(['body', 'guard', 'handler']);
  });

  it('answers an invalid query through `invalid`, after the body and before the guards', async () => {
    const seen: Seen = [];
    const res = await served(seen).request('/things/abc?n=0&n=x', { method: 'POST' });
    expect(res.status).toBe(400);
    // The input shown is the query as read again, each key once.
    expect(await res.json()).toEqual({ invalid: 1, input: { n: '0' } });
    expect(seen).toEqual(['body']);
  });

  it('lets a guard answer instead of the handler', async () => {
    const seen: Seen = [];
    const res = await served(seen, true).request('/things/abc?n=1', { method: 'POST' });
    expect(res.status).toBe(409);
    expect(seen).toEqual(['body', 'guard']);
  });

  it('documents the route as declared, with its path in OpenAPI form', () => {
    const paths = served([]).openAPIRegistry.definitions.flatMap((d) => (d.type === 'route' ? [`${d.route.method} ${d.route.path}`] : []));
    expect(paths).toEqual(['post /things/{id}']);
  });

  it('refuses, when adding, a query without an answer to an invalid one', () => {
    expect(() => addRoute(new OpenAPIHono<AppEnv>(), { route }, (c) => c.json({}, 200))).toThrow(/needs `invalid`/);
  });

  it("refuses, when adding, a route's own middleware, which addRoute would not run", () => {
    const seen: Seen = [];
    const withMiddleware = createRoute({
      method: 'get',
      path: '/things',
      middleware: [guard(seen)] as const,
      responses: { 200: { description: 'Done.' } },
    });
    expect(() => addRoute(new OpenAPIHono<AppEnv>(), { route: withMiddleware }, (c) => c.json({}, 200))).toThrow(/use `guards`/);
  });

  it('refuses, when adding, a path parameter schema that would refuse a segment (path parameters go unvalidated)', () => {
    const uuidOnly = createRoute({
      method: 'get',
      path: '/things/{id}',
      request: { params: z.object({ id: z.uuid() }) },
      responses: { 200: { description: 'Done.' } },
    });
    expect(() => addRoute(new OpenAPIHono<AppEnv>(), { route: uuidOnly }, (c) => c.json({}, 200))).toThrow(
      /path parameters are not validated/,
    );
  });
});

describe('controlRoute', () => {
  const body = z.strictObject({ size: z.int() });

  it("types the handler's body by the route's schema, and gives none to a route without one", () => {
    const app = new OpenAPIHono<AppEnv>();
    addRoute(app, controlRoute({ method: 'post', path: '/__mock/x', operationId: 'x', summary: 'X', body, answer: body }), (c) => {
      expectTypeOf(c.req.valid('json')).toEqualTypeOf<{ size: number }>();
      return c.json(c.req.valid('json'), 200);
    });
    addRoute(app, controlRoute({ method: 'post', path: '/__mock/y', operationId: 'y', summary: 'Y', answer: body }), (c) => {
      // @ts-expect-error: a route without a body schema hands no body on
      c.req.valid('json');
      return c.json({}, 200);
    });
  });

  it('validates the body against its schema, a bodiless POST standing for {}', async () => {
    const app = new OpenAPIHono<AppEnv>();
    addRoute(app, controlRoute({ method: 'post', path: '/__mock/x', operationId: 'x', summary: 'X', body, answer: body }), (c) =>
      c.json({ doubled: c.req.valid('json').size * 2 }, 200),
    );
    const json = { 'content-type': 'application/json' };
    const ok = await app.request('/__mock/x', { method: 'POST', headers: json, body: '{"size":21}' });
    expect(await ok.json()).toEqual({ doubled: 42 });
    const wrong = await app.request('/__mock/x', { method: 'POST', headers: json, body: '{"size":"21"}' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ status: 400, detail: expect.stringContaining('The control request is not valid') });
    const none = await app.request('/__mock/x', { method: 'POST' });
    expect(none.status).toBe(400);
  });

  it('refuses, when declaring, a body on a method that takes none', () => {
    expect(() => controlRoute({ method: 'get', path: '/__mock/x', operationId: 'x', summary: 'X', body, answer: body })).toThrow(
      /only a POST or a PUT takes a body/,
    );
  });
});
