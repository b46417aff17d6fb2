/**
 * The tenancy race check of the API's routes. The token was checked when
 * the headers came; a body can arrive after its organization was removed
 * (DELETE /__mock/tenants/{id}) or replaced by a reset or snapshot of it,
 * and nothing may be read or written for an organization that is not the
 * one the request began with. Added as a guard, after the body is read.
 */
import type { MiddlewareHandler } from 'hono';
import type { Organization, OrganizationRegistry } from '../state/organizations/registry.js';
import type { AppEnv } from './app-env.js';
import { challenge } from './auth.js';
import { problemResponse } from './problem.js';

/** Why a request begun for `org` may not go on (its organization was reset, replaced or removed since), or undefined. */
export function organizationChange(
  organizations: OrganizationRegistry,
  org: Organization,
): { kind: 'conflict' | 'unauthorized'; detail: string; headers?: Record<string, string> } | undefined {
  const now = organizations.byId(org.id);
  if (now === org) return undefined;
  if (now?.token === org.token) {
    const detail =
      'Your organization was reset or replaced through the control API while the request was under way; nothing was changed. Send it again.';
    return { kind: 'conflict', detail };
  }
  const detail = 'The organization of this token was removed while the request was under way; nothing was changed.';
  // A 401 like any other: the problem shape and the bearer challenge (the token names no organization now).
  return { kind: 'unauthorized', detail, headers: challenge('invalid_token') };
}

export function sameOrganization(organizations: OrganizationRegistry): MiddlewareHandler<AppEnv> {
  // Not async: a lookup and a comparison, on every request of the API.
  return function checkSameOrganization(c, next) {
    const change = organizationChange(organizations, c.get('org'));
    if (!change) return next();
    return Promise.resolve(problemResponse(c, change.kind, change.detail, undefined, change.headers));
  };
}
