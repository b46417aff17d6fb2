/**
 * Organizations and the API tokens that identify them. A token maps to
 * exactly one organization; lookups are a single Map read because they
 * happen on every request. Every change is told to the mock state's change
 * stream (changes.ts).
 */
import { Changes } from '../changes.js';
import type { OrganizationPlan } from '../seed/scenario.js';

export interface Organization {
  id: string;
  name: string;
  token: string;
  /** What it was seeded from, so a reset of this organization alone can seed it again. */
  plan?: { plan: OrganizationPlan; seed: number | number[] };
}

export class OrganizationRegistry {
  readonly #byToken = new Map<string, Organization>();
  readonly #byId = new Map<string, Organization>();

  constructor(private readonly changes: Changes = new Changes()) {}

  /** Callers check first and answer the client; these throws guard the two maps against a caller that did not. */
  add(organization: Organization): void {
    // Adding is not replacing: a second organization with an id already held is a caller's mistake.
    if (this.#byId.has(organization.id)) throw new Error(`An organization with id ${organization.id} already exists.`);
    this.replace(organization);
  }

  /** Puts `organization` where the one with its id is (its token with it), or last when there is none; emits `tenant`. */
  replace(organization: Organization): void {
    const previous = this.#byId.get(organization.id);
    if (previous) this.#byToken.delete(previous.token);
    if (this.#byToken.has(organization.token)) {
      if (previous) this.#byToken.set(previous.token, previous);
      throw new Error(`Token ${organization.token} already belongs to an organization.`);
    }
    this.#byToken.set(organization.token, organization);
    // A Map keeps a key's place when its value is set again.
    this.#byId.set(organization.id, organization);
    this.changes.emit({ op: 'tenant', organization });
  }

  /** How many organizations there are. */
  get count(): number {
    return this.#byId.size;
  }

  byToken(token: string): Organization | undefined {
    return this.#byToken.get(token);
  }

  byId(id: string): Organization | undefined {
    return this.#byId.get(id);
  }

  clear(): void {
    this.#byToken.clear();
    this.#byId.clear();
    this.changes.emit({ op: 'tenants-clear' });
  }

  list(): Organization[] {
    return [...this.#byId.values()];
  }

  remove(id: string): boolean {
    const organization = this.#byId.get(id);
    if (!organization) return false;
    this.#byId.delete(id);
    this.#byToken.delete(organization.token);
    this.changes.emit({ op: 'untenant', id });
    return true;
  }
}
