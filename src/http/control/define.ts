/**
 * A control route declared once: its OpenAPI operation (tag Control) and how
 * its body and query are read and validated; `addRoute` serves it.
 *
 * The body is read by `controlJsonBody` (the API's checks: JSON content type,
 * UTF-8, nesting, prototype keys; no body stands for `{}`) and then validated
 * against the route's `body` schema, always: a route that declares none reads
 * and checks a body all the same, and hands nothing on.
 */
import type { RouteConfig, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ProblemList } from '../../domain/problem-list.js';
import { MAX_RECORD_DEPTH } from '../../domain/untrusted-json.js';
import { describeIssues } from '../../domain/validate.js';
import type { Served } from '../add-route.js';
import { type BodyCheck, controlJsonBody, type TextCheck } from '../json-body.js';
import { problemResponse } from '../problem.js';
import { webPageRefusals } from './web-pages.js';

interface ControlRouteSpec {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  operationId: string;
  summary: string;
  /** Query and path parameters (a body is `body`). */
  request?: Pick<NonNullable<RouteConfig['request']>, 'query' | 'params'>;
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
  /**
   * Checks the body in place of `body`'s schema, which then only documents it: for a body whose check must bound
   * its own cost (a snapshot counts its lists before it parses their elements). Gives what `body` would.
   */
  check?: (input: unknown) => { ok: true; value: object } | { ok: false; problems: ProblemList };
  /** Problems found in a large body's text before it is parsed (a slice at a time), which refuse it as `check` would. */
  precheck?: (text: string, pause: () => Promise<void>) => Promise<ProblemList | undefined>;
}

/** The control token when the mock runs with one, nothing otherwise. */
const tokenOrNone: Record<string, string[]>[] = [{ controlToken: [] }, {}];
const problem = { content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } };

/**
 * A JSON body. A bodiless POST counts as `{}` and is validated as such, so
 * the body is required exactly when `{}` does not pass its schema.
 */
const json = (schema: z.ZodType) => ({
  required: !schema.safeParse({}).success,
  content: { 'application/json': { schema } },
});

/**
 * A control route. `body` is the schema of its JSON body (POST and PUT only):
 * the handler gets the body as the schema gives it, as `c.req.valid('json')`.
 */
export function controlRoute<const S extends ControlRouteSpec, B extends z.ZodType<object>>(
  spec: S & { body: B },
): Served<RouteOf<S>, z.output<B>>;
export function controlRoute<const S extends ControlRouteSpec>(spec: S): Served<RouteOf<S>>;
export function controlRoute(spec: ControlRouteSpec & { body?: z.ZodType<object> }): Served<RouteConfig, object | undefined> {
  const {
    status = 200,
    answer,
    missing,
    conflict,
    provisions,
    bodyDepth = MAX_RECORD_DEPTH,
    body,
    check,
    precheck,
    request,
    ...operation
  } = spec;
  const takesBody = spec.method === 'post' || spec.method === 'put';
  if (body && !takesBody) throw new Error(`controlRoute ${spec.method.toUpperCase()} ${spec.path}: only a POST or a PUT takes a body.`);
  // A path parameter cannot be invalid: a route matches only a non-empty segment, and any such id is looked up (404).
  const takesInput = takesBody || request?.query !== undefined;
  const route = {
    ...operation,
    request: { ...request, ...(body ? { body: json(body) } : {}) },
    tags: ['Control'],
    security: tokenOrNone,
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
  };
  return {
    route,
    invalid: invalidControlRequest,
    // Read by the route, not for all of /__mock/: a path asked with a method it does not take answers 405, whatever its body.
    ...(takesBody
      ? {
          body: body
            ? controlJsonBody(bodyDepth, check ? checkedBy(check) : validBody(body), precheck ? refusedBy(precheck) : undefined)
            : controlJsonBody(bodyDepth),
        }
      : {}),
  };
}

/** The route `controlRoute` declares: its path and its query keep their types, for the handler's. */
type RouteOf<S extends ControlRouteSpec> = RouteConfig & {
  method: S['method'];
  path: S['path'];
  request: NonNullable<S['request']> & Pick<NonNullable<RouteConfig['request']>, 'body'>;
};

/** The one answer to a control request that does not validate: every problem, with where it is. */
export function invalidControlRequest(c: Context, issues: readonly z.core.$ZodIssue[], input: unknown): Response {
  const problems = describeIssues(issues, input);
  return problemResponse(c, 'validation', invalidControlDetail(problems), problems);
}

/** What a control request that does not validate is told (also the example of such a 400 in the OpenAPI document). */
export const invalidControlDetail = (problems: ProblemList): string => `The control request is not valid: ${problems.summary()}.`;

function checkedBy<T extends object>(check: NonNullable<ControlRouteSpec['check']>): BodyCheck<T> {
  return (c, input) => {
    const result = check(input);
    if (result.ok) return { ok: true, value: result.value as T };
    return { ok: false, refusal: problemResponse(c, 'validation', invalidControlDetail(result.problems), result.problems) };
  };
}

/** A route's look at a large body's text: problems it finds refuse the body as its check would. */
function refusedBy(precheck: NonNullable<ControlRouteSpec['precheck']>): TextCheck {
  return async (c, text, pause) => {
    const problems = await precheck(text, pause);
    return problems ? problemResponse(c, 'validation', invalidControlDetail(problems), problems) : undefined;
  };
}

function validBody<T extends z.ZodType<object>>(schema: T): BodyCheck<z.output<T>> {
  return (c, input) => {
    const result = schema.safeParse(input);
    return result.success ? { ok: true, value: result.data } : { ok: false, refusal: invalidControlRequest(c, result.error.issues, input) };
  };
}
