/** A control route declared once: its OpenAPI operation (tag Control), how its body is read, and its request validation. */
import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { MAX_RECORD_DEPTH } from '../../domain/untrusted-json.js';
import { controlJsonBody } from '../../http/json-body.js';

interface ControlRouteSpec {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  request?: RouteConfig['request'];
  status?: 200 | 201;
  /** When the route can answer 409: what the conflict is. */
  conflict?: string;
  /** How deep its body may nest (default: as deep as an API body); a route whose body wraps records says so. */
  bodyDepth?: number;
}

const problem = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };

/** A JSON body; optional, so a bodiless POST counts as `{}`. */
export const json = <T extends z.ZodType>(schema: T) => ({ required: false, content: { 'application/json': { schema } } });

export function controlRoute(spec: ControlRouteSpec): RouteConfig {
  const { status = 200, conflict, bodyDepth = MAX_RECORD_DEPTH, ...operation } = spec;
  const takesBody = spec.method === 'post' || spec.method === 'put';
  return createRoute(<RouteConfig>{
    ...operation,
    // Read by the route, not for all of /__mock/: a path asked with a method it does not take answers 405, whatever its body.
    ...(takesBody ? { middleware: [controlJsonBody(bodyDepth)] } : {}),
    tags: ['Control'],
    security: [{ controlToken: [] }, {}],
    responses: {
      [status]: { description: 'Done.', content: { 'application/json': { schema: { type: 'object' as const } } } },
      400: { description: 'The request is not valid.', ...problem },
      401: { description: 'The control token is missing or wrong (only when the mock runs with one).', ...problem },
      404: { description: 'No such organization, fault or trunk.', ...problem },
      ...(conflict ? { 409: { description: conflict, ...problem } } : {}),
    },
  });
}

/** What the route's validator accepted (validation has run before the handler; this only restores the type). */
export const valid = <T extends z.ZodType>(c: Context, target: 'json' | 'query' | 'param', _schema: T): z.infer<T> =>
  (c.req.valid as (target: string) => unknown)(target) as z.infer<T>;
