/**
 * Reads a create or update body once, safely, before validation:
 * the content type must be JSON; the text must parse, without `__proto__` or
 * `constructor.prototype` keys (prototype pollution) and without absurd
 * nesting (which would overflow the stack later); the top level must be an
 * object. Server-owned keys (`id`, timestamps, flags) are dropped here, so
 * validation sees only what a client may set. The fields are handed on as
 * the `body` variable; the domain validates them (src/domain/validate.ts).
 */
import type { MiddlewareHandler } from 'hono';
import secureJson from 'secure-json-parse';
import type { AppEnv } from './auth.js';
import { problemResponse } from './problem.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const MAX_DEPTH = 32;

export function jsonBody(ignores: (key: string, value: unknown) => boolean): MiddlewareHandler<AppEnv> {
  return async function readJsonBody(c, next) {
    const contentType = c.req.header('content-type');
    // On Node, @hono/node-server reads the text straight from the IncomingMessage, without building a Request.
    const text = await c.req.text();
    c.set('rawBody', text);
    if (!contentType && text.length === 0) {
      return problemResponse(c, 'validation', 'This request needs a JSON object body, sent with Content-Type: application/json.');
    }
    if (!contentType || !JSON_TYPE.test(contentType)) {
      return problemResponse(
        c,
        'unsupported-media-type',
        `Send the body as JSON with Content-Type: application/json (got ${contentType ?? 'no Content-Type'}).`,
      );
    }
    let body: unknown;
    try {
      body = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (/prototype property/.test(reason)) {
        return problemResponse(c, 'validation', 'The body may not contain the keys "__proto__" or "constructor.prototype".');
      }
      return problemResponse(c, 'malformed-json', `The body is not valid JSON (${reason}). Check quotes, commas and brackets.`);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return problemResponse(c, 'validation', `The body must be a JSON object; got ${describe(body)}.`);
    }
    if (depthExceeds(body, MAX_DEPTH)) {
      return problemResponse(c, 'validation', `The body is nested more than ${MAX_DEPTH} levels deep.`);
    }
    c.set('body', withoutIgnored(body as Record<string, unknown>, ignores));
    await next();
  };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/** The body without the keys the resource ignores; the body itself when it has none (the usual case: no copy). */
function withoutIgnored(body: Record<string, unknown>, ignores: (key: string, value: unknown) => boolean): Record<string, unknown> {
  const keys = Object.keys(body);
  if (!keys.some((key) => ignores(key, body[key]))) return body;
  return Object.fromEntries(keys.filter((key) => !ignores(key, body[key])).map((key) => [key, body[key]]));
}

/** Iterative, so a hostile body cannot overflow the stack while being measured; only containers are stacked. */
function depthExceeds(root: object, limit: number): boolean {
  const values: object[] = [root];
  const depths: number[] = [1];
  while (values.length > 0) {
    const value = values.pop() as object;
    const depth = depths.pop() as number;
    for (const child of Object.values(value)) {
      // Any value counts for the depth, a number as much as an object.
      if (depth + 1 > limit) return true;
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
