/**
 * Bearer-token authentication: the token names the organization (the spec:
 * "it identifies the organization"). One Map lookup per request, no hashing,
 * because this sits on every request's path.
 */
import type { MiddlewareHandler } from 'hono';
import type { Organization, OrganizationRegistry } from '../state/organizations/registry.js';
import type { AppEnv } from './app-env.js';
import { problemResponse } from './problem.js';

/** An Authorization header that carries a token, the token in its first group. */
export const BEARER = /^Bearer[ \t]+([\x21-\x7e]+)[ \t]*$/i;
/** The header every 401 of the API carries (RFC 6750). */
export const challenge = (error: string) => ({ 'www-authenticate': `Bearer realm="voice-config-mock", error="${error}"` });

/** The answer to a request that sends no token (also the example of a 401 in the OpenAPI document). */
export const MISSING_TOKEN_DETAIL = 'Send your API token as "Authorization: Bearer <token>" (the mock prints its tokens when it starts).';

/** Why a request's Authorization header names no organization: the 401's detail and its challenge's error. */
export interface BearerRefusal {
  detail: string;
  error: 'invalid_request' | 'invalid_token';
}

/** The organization an Authorization header's token names, or why it names none (any runtime's way in uses this). */
export function bearerOrganization(organizations: OrganizationRegistry, header: string | undefined): Organization | BearerRefusal {
  // An empty header is no header.
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  const org = token === undefined ? undefined : organizations.byToken(token);
  if (org) return org;
  if (!header) return { detail: MISSING_TOKEN_DETAIL, error: 'invalid_request' };
  if (token === undefined) {
    // Several Authorization headers arrive joined with ", ".
    const once = header.includes(',') ? ', and be sent once' : '';
    return {
      detail: `The Authorization header must read "Bearer <token>", with one space and no quotes${once}.`,
      error: 'invalid_request',
    };
  }
  return { detail: 'This token is not known to the server; check it for typos or ask for a new one.', error: 'invalid_token' };
}

export const isRefusal = (found: Organization | BearerRefusal): found is BearerRefusal => 'detail' in found;

export function bearerAuth(organizations: OrganizationRegistry): MiddlewareHandler<AppEnv> {
  // Not async: it has nothing to wait for, and an async layer costs every request a frame and a promise.
  return function authenticate(c, next) {
    const found = bearerOrganization(organizations, c.req.header('authorization'));
    if (!isRefusal(found)) {
      c.set('org', found);
      return next();
    }
    return Promise.resolve(problemResponse(c, 'unauthorized', found.detail, undefined, challenge(found.error)));
  };
}
