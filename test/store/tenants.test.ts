/** The organization registry: one organization per token and per id, whatever a caller forgets to check. */
import { describe, expect, it } from 'vitest';
import { type Organization, Tenants } from '../../src/store/tenants.js';

const org = (id: string, token: string): Organization => ({ id, name: `Org ${id}`, token });

describe('Tenants', () => {
  it('refuses a second organization with a token already held, and keeps the first', () => {
    const tenants = new Tenants();
    tenants.add(org('a', 'token-a'));
    expect(() => tenants.add(org('b', 'token-a'))).toThrow(/token-a already belongs/);
    expect(tenants.byToken('token-a')?.id).toBe('a');
    expect(tenants.byId('b')).toBeUndefined();
  });

  it('refuses a second organization with an id already held, so no token is left pointing at an unlisted one', () => {
    const tenants = new Tenants();
    tenants.add(org('a', 'token-a'));
    expect(() => tenants.add(org('a', 'token-b'))).toThrow(/id a already exists/);
    expect(tenants.byToken('token-b')).toBeUndefined();
    expect(tenants.byToken('token-a')).toBe(tenants.byId('a'));
    expect(tenants.list()).toHaveLength(1);
  });

  it('frees the token and the id of a removed organization', () => {
    const tenants = new Tenants();
    tenants.add(org('a', 'token-a'));
    expect(tenants.remove('a')).toBe(true);
    expect(tenants.remove('a')).toBe(false);
    tenants.add(org('a', 'token-a'));
    expect(tenants.byToken('token-a')?.id).toBe('a');
  });
});
