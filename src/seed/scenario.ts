/** What a seeded world holds: organizations, their tokens, and how many records of each kind. */
import type { ResourceKind } from '../domain/resource.js';

export interface LockedSchema {
  name: string;
  description: string;
  properties: Record<string, 'string' | 'integer' | 'number' | 'boolean'>;
}

export interface OrganizationPlan {
  /** Fixed name; omit it and faker names the organization. */
  name?: string;
  /** The API token that identifies the organization. */
  token: string;
  /** Generated records per kind, besides the system trunks and locked schemas. */
  counts: Readonly<Record<ResourceKind, number>>;
  systemTrunks: number;
  lockedSchemas: readonly LockedSchema[];
}

export interface Scenario {
  name: string;
  description: string;
  organizations: readonly OrganizationPlan[];
}
