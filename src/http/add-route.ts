/**
 * The one way a route is added, API and control API alike. A route is
 * declared once with createRoute (what the OpenAPI document says of it) and
 * served with what reads its input; adding it, in this order:
 * - documents the route as declared;
 * - reads its body with the route's body reader, which checks it and hands
 *   it on as `c.req.valid('json')`, typed by the reader;
 * - validates its query with the schema the route declares, typed as
 *   `c.req.valid('query')`;
 * - runs its guards, then the handler.
 *
 * Path parameters are typed by the path (`c.req.param('id')`) and never
 * validated: a route matches only a non-empty segment, every id schema takes
 * one (checked here when a route is added), and an unknown id is a 404.
 *
 * zod-openapi's `app.openapi()` is not used for serving: its body handling
 * skips validation of a request without a Content-Type and refuses with a
 * bare 415 some JSON types the API takes (`application/json;`), and its
 * path validator adds a layer to every GET for a check that cannot fail.
 * Its types are kept: a route is a zod-openapi `RouteConfig`, and the
 * handler's query is the output type of the route's query schema.
 */
import type { OpenAPIHono, RouteConfig, z } from '@hono/zod-openapi';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type { AppEnv } from './app-env.js';

/** Reads, checks and validates a body; what it hands on is the handler's `c.req.valid('json')`. */
export type BodyReader<T> = MiddlewareHandler<AppEnv, string, { out: { json: T } }>;

/** How a route answers input that does not validate: every problem, with where it is. */
export type InvalidInput = (c: Context, issues: readonly z.core.$ZodIssue[], input: unknown) => Response;

/** A route as it is added: its declaration and what serves it besides the handler. */
export interface Served<R extends RouteConfig, B = undefined> {
  route: R;
  body?: BodyReader<B>;
  /** Run after the input is read and checked, before the handler (a guard answers instead of it, or goes on). */
  guards?: readonly MiddlewareHandler<AppEnv>[];
  /** How an invalid query is answered; needed when the route declares a query. */
  invalid?: InvalidInput;
}

/** `/a/{id}` as Hono writes it: `/a/:id`. */
type HonoPath<P extends string> = P extends `${infer Start}/{${infer Param}}${infer Rest}` ? `${Start}/:${Param}${HonoPath<Rest>}` : P;
type Nothing = Record<never, never>;
type QueryInput<R extends RouteConfig> =
  NonNullable<R['request']> extends { query: infer Q extends z.ZodType } ? { query: z.output<Q> } : Nothing;
type BodyInput<B> = [B] extends [undefined] ? Nothing : { json: B };

/** What the handler of a route gets: its path's parameters, its validated query and its read body, all typed. */
export type RouteHandler<R extends RouteConfig, B = undefined> = Handler<
  AppEnv,
  HonoPath<R['path']>,
  { out: QueryInput<R> & BodyInput<B> }
>;

export function addRoute<R extends RouteConfig, B = undefined>(
  app: OpenAPIHono<AppEnv>,
  served: Served<R, B>,
  handler: RouteHandler<R, B>,
): void {
  const { route, body, guards = [], invalid } = served;
  const method = route.method.toUpperCase();
  const where = `addRoute ${method} ${route.path}`;
  assertAnyIdMatches(route, where);
  // createRoute takes middleware, but it would not run here (nor in the order above): refused, not dropped.
  const { middleware, ...documented } = route;
  if (middleware !== undefined && (!Array.isArray(middleware) || middleware.length > 0))
    throw new Error(`${where}: the route declares \`middleware\`, which addRoute does not run; use \`guards\` instead.`);
  app.openAPIRegistry.registerPath(documented);
  const path = route.path.replaceAll(/\/{(.+?)}/g, '/:$1');
  // Each layer its own registration: Hono composes them in this order, as it would one registration of all.
  if (body) app.on(method, path, body);
  const query = route.request?.query;
  if (query) {
    if (!invalid) throw new Error(`${where}: a route with a query needs \`invalid\`, the answer to a query that does not validate.`);
    app.on(method, path, validQuery(query, invalid));
  }
  for (const guard of guards) app.on(method, path, guard);
  app.on(method, path, handler);
}

function validQuery(schema: z.ZodType, invalid: InvalidInput): MiddlewareHandler<AppEnv> {
  return validator('query', async (value, c) => {
    const result = await schema.safeParseAsync(value);
    // The input is read again only on failure, to tell a missing field from a wrong one.
    if (!result.success) return invalid(c, result.error.issues, c.req.query());
    return result.data;
  });
}

/** Path parameters go unvalidated: a declared schema that would refuse some non-empty segment is a mistake in the route. */
function assertAnyIdMatches(route: RouteConfig, where: string): void {
  const params = route.request?.params;
  if (!params) return;
  const names = [...route.path.matchAll(/{(.+?)}/g)].map((match) => match[1]);
  const sample = Object.fromEntries(names.map((name) => [name, 'x']));
  if (!params.safeParse(sample).success) {
    throw new Error(`${where}: path parameters are not validated, so their schema must take any non-empty segment.`);
  }
}
