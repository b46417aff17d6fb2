/**
 * Bearer-token authentication: the token names the organization (the spec:
 * "it identifies the organization"). One Map lookup per request, no hashing,
 * because this sits on every request's path.
 */
import type { MiddlewareHandler } from 'hono';
import type { Organization, Tenants } from '../store/tenants.js';
import { problemResponse } from './problem.js';

/** What middleware hands to handlers: the caller's organization and, on create and update, the body's fields. */
export type AppEnv = { Variables: { org: Organization; body: Record<string, unknown>; rawBody: string } };

const BEARER = /^Bearer[ \t]+([\x21-\x7e]+)[ \t]*$/i;
const challenge = (error: string) => ({ 'www-authenticate': `Bearer realm="voice-config-mock", error="${error}"` });

export function bearerAuth(tenants: Tenants): MiddlewareHandler<AppEnv> {
  return async function authenticate(c, next) {
    const header = c.req.header('authorization');
    if (!header) {
      return problemResponse(
        c,
        'unauthorized',
        'Send your API token as "Authorization: Bearer <token>" (the mock prints its tokens when it starts).',
        undefined,
        challenge('invalid_request'),
      );
    }
    const token = BEARER.exec(header)?.[1];
    if (!token) {
      return problemResponse(
        c,
        'unauthorized',
        'The Authorization header must read "Bearer <token>", with one space and no quotes.',
        undefined,
        challenge('invalid_request'),
      );
    }
    const org = tenants.byToken(token);
    if (!org) {
      return problemResponse(
        c,
        'unauthorized',
        'This token is not known to the server; check it for typos or ask for a new one.',
        undefined,
        challenge('invalid_token'),
      );
    }
    c.set('org', org);
    await next();
  };
}
