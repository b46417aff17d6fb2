/**
 * A control route declared once: its OpenAPI operation (tag Control), how its
 * body is read and validated, and its query and path validation.
 *
 * The body is read by `controlJsonBody` (the API's checks: JSON content type,
 * UTF-8, nesting, prototype keys; no body stands for `{}`) and then validated
 * here, always. zod-openapi's own body handling is left out on purpose: it
 * skips validation when a request has no Content-Type (the handler then got
 * an unchecked `{}`) and refuses with a bare 415 some JSON content types the
 * API takes (`application/json;`, `application/vnd.a_b+json`).
 */
import { createRoute, type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { MAX_RECORD_DEPTH } from '../../domain/untrusted-json.js';
import { describeIssues } from '../../domain/validate.js';
import type { AppEnv } from '../auth.js';
import { controlJsonBody } from '../json-body.js';
import { problemResponse } from '../problem.js';
import { webPageRefusals } from './web-pages.js';

interface ControlRouteSpec {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  request?: RouteConfig['request'];
  status?: 200 | 201;
  /** What a success answers: documented in OpenAPI, and the type the typed client gives it. */
  answer: z.ZodType;
  /** When the route can answer 404: what is missing. */
  missing?: string;
  /** When the route can answer 409: what the conflict is. */
  conflict?: string;
  /** When the route provisions SIP trunks at the telephony provider, which an injected telephony fault makes fail (502): what it provisions. */
  provisions?: string;
  /** How deep its body may nest (default: as deep as an API body); a route whose body wraps records says so. */
  bodyDepth?: number;
}

const problem = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };

/**
 * A JSON body. A bodiless POST counts as `{}` and is validated as such, so
 * the body is required exactly when `{}` does not pass its schema.
 */
export const json = <T extends z.ZodType>(schema: T) => ({
  required: !schema.safeParse({}).success,
  content: { 'application/json': { schema } },
});

export function controlRoute(spec: ControlRouteSpec): RouteConfig {
  const { status = 200, answer, missing, conflict, provisions, bodyDepth = MAX_RECORD_DEPTH, ...operation } = spec;
  const takesBody = spec.method === 'post' || spec.method === 'put';
  // A path parameter cannot be invalid: a route matches only a non-empty segment, and any such id is looked up (404).
  const takesInput = takesBody || spec.request?.query !== undefined;
  const media = spec.request?.body?.content['application/json'];
  const declared = media && 'schema' in media ? media.schema : undefined;
  const bodySchema = declared instanceof z.ZodType ? declared : undefined;
  // serveControl leaves the body to this route: a body declared without a schema to check it by would go unchecked.
  if (spec.request?.body !== undefined && bodySchema === undefined) {
    throw new Error(
      `controlRoute ${spec.method.toUpperCase()} ${spec.path}: a body needs a zod schema under application/json (use json(schema)).`,
    );
  }
  return createRoute(<RouteConfig>{
    ...operation,
    // Read by the route, not for all of /__mock/: a path asked with a method it does not take answers 405, whatever its body.
    ...(takesBody ? { middleware: [controlJsonBody(bodyDepth), ...(bodySchema ? [validBody(bodySchema)] : [])] } : {}),
    tags: ['Control'],
    security: [{ controlToken: [] }, {}],
    responses: {
      [status]: { description: 'Done.', content: { 'application/json': { schema: answer } } },
      // Every route sits behind the web-page guard (control-api.ts); only one with input has more to refuse.
      400: {
        description: takesInput
          ? `The request is not valid; \`errors\` lists every problem. Or: ${webPageRefusals[400]}`
          : webPageRefusals[400],
        ...problem,
      },
      401: { description: 'The control token is missing or wrong (only when the mock runs with one).', ...problem },
      403: { description: webPageRefusals[403], ...problem },
      ...(missing ? { 404: { description: missing, ...problem } } : {}),
      ...(conflict ? { 409: { description: conflict, ...problem } } : {}),
      ...(provisions
        ? {
            502: {
              description: `The telephony provider failed to provision ${provisions} (an injected telephony fault); nothing was changed.`,
              ...problem,
            },
          }
        : {}),
      // Read and checked by controlJsonBody whether or not the route declares one (app.ts limits its size).
      ...(takesBody
        ? {
            413: { description: 'The body is larger than the body limit.', ...problem },
            415: { description: 'The body is not sent as JSON (Content-Type: application/json).', ...problem },
          }
        : {}),
    },
  });
}

/**
 * Mounts a control route: the whole route goes into the OpenAPI document, and
 * zod-openapi serves it without its body, which the route's own middleware
 * reads and validates (see the top of this file). Query and path parameters
 * are validated by zod-openapi, with the control API's hook.
 */
export function serveControl(app: OpenAPIHono<AppEnv>, route: RouteConfig, handler: Handler<AppEnv>): void {
  const { middleware: _served, ...documented } = route;
  app.openAPIRegistry.registerPath(documented);
  const { body: _read, ...request } = route.request ?? {};
  app.openapi({ ...route, request, hide: true }, handler as never);
}

/** The one answer to a control request that does not validate: every problem, with where it is. */
export function invalidControlRequest(c: Context, issues: readonly z.core.$ZodIssue[], input: unknown): Response {
  const problems = describeIssues(issues, input);
  return problemResponse(c, 'validation', `The control request is not valid: ${problems.summary()}.`, problems);
}

function validBody(schema: z.ZodType): MiddlewareHandler<AppEnv> {
  return async function validateControlBody(c, next) {
    // Parsed and checked by controlJsonBody just before; `{}` when the request had no body.
    const input: unknown = await c.req.json();
    const result = schema.safeParse(input);
    if (!result.success) return invalidControlRequest(c, result.error.issues, input);
    c.req.addValidatedData('json', result.data as object);
    await next();
  };
}

/** What the route's validator accepted (validation has run before the handler; this only restores the type). */
export const valid = <T extends z.ZodType>(c: Context, target: 'json' | 'query' | 'param', _schema: T): z.infer<T> =>
  (c.req.valid as (target: string) => unknown)(target) as z.infer<T>;
