/**
 * How much one organization may hold. The mock serves whole CI fleets from
 * one process, so each organization's share of memory has a ceiling.
 */

import { DomainError } from '../domain/errors.js';
import type { Resource } from '../domain/resource.js';
import type { Store } from './store.js';

export interface Limits {
  /** Most records of one kind (e.g. SIP trunks) an organization can hold; creating more answers 409. */
  recordsPerKind: number;
  /** Most organizations the mock holds (default and most: MAX_ORGANIZATIONS); adding one more answers 409. */
  organizations?: number;
}

/** The most organizations a saved state may hold, and so the most the mock takes: a state it saves always loads again. */
export const MAX_ORGANIZATIONS = 1_000_000;

/** Refuses a new organization (a tenant created, or one a snapshot of one organization adds) when the mock holds its most. */
export function assertRoomForOrganization(held: number, limits?: Partial<Limits>): void {
  const most = Math.min(limits?.organizations ?? MAX_ORGANIZATIONS, MAX_ORGANIZATIONS);
  if (held < most) return;
  throw new DomainError(
    'record-limit',
    `The mock already holds ${held} organizations, and ${most} is the most it holds (a saved state holds at most ${MAX_ORGANIZATIONS}, so that it loads again); delete some (DELETE /__mock/tenants/{id}) before adding more.`,
  );
}

/** Large enough for any realistic test suite, small enough to bound memory per organization. */
export const DEFAULT_LIMITS: Readonly<Limits> = { recordsPerKind: 10_000 };

/** The most `recordsPerKind` may be set to (`--max-records`); a snapshot holds at most as many of a kind per organization. */
export const MAX_RECORDS_PER_KIND = 10_000_000;

/**
 * A full collection refuses before the body's fields are validated, as a refusal (403) does: no body can make room.
 * It can hold more than the limit: seeding and snapshots are not held to it, so the answer gives the count.
 */
export function assertRoomFor(ctx: { orgId: string; store: Store; limits?: Partial<Limits> }, def: Resource): void {
  const limit = ctx.limits?.recordsPerKind ?? DEFAULT_LIMITS.recordsPerKind;
  const count = ctx.store.count(ctx.orgId, def.kind);
  if (count < limit) return;
  throw recordLimitReached(def, count, limit);
}

/** The 409 of a create in a full collection (the OpenAPI document shows it too). */
export function recordLimitReached(def: Resource, count: number, limit: number): DomainError {
  return new DomainError(
    'record-limit',
    `Your organization already holds ${count} ${def.names.plural}, and ${limit} is the most it can hold; delete some before creating more.`,
  );
}
