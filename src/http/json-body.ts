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
import { bodyText } from './body-text.js';
import { problemResponse } from './problem.js';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const MAX_DEPTH = 32;

export function jsonBody(ignores: (key: string, value: unknown) => boolean): MiddlewareHandler<AppEnv> {
  return async function readJsonBody(c, next) {
    const contentType = c.req.header('content-type');
    const text = await bodyText(c);
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
    c.set('body', Object.fromEntries(Object.entries(body).filter(([key, value]) => !ignores(key, value))));
    await next();
  };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

/** Iterative, so a hostile body cannot overflow the stack while being measured. */
function depthExceeds(root: object, limit: number): boolean {
  const stack: [unknown, number][] = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number];
    if (depth > limit) return true;
    if (typeof value === 'object' && value !== null) {
      for (const child of Object.values(value)) stack.push([child, depth + 1]);
    }
  }
  return false;
}
