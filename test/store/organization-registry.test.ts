/** The organization registry: one organization per token and per id, whatever a caller forgets to check. */
import { describe, expect, it } from 'vitest';
import { type Change, Changes } from '../../src/state/changes.js';
import { type Organization, OrganizationRegistry } from '../../src/state/organizations/registry.js';

const org = (id: string, token: string): Organization => ({ id, name: `Org ${id}`, token });

describe('OrganizationRegistry', () => {
  it('tells its change stream about each change that succeeded, adds included', () => {
    const changes = new Changes();
    const heard: Change[] = [];
    changes.subscribe((change) => heard.push(change));
    const tenants = new OrganizationRegistry(changes);
    const a = org('a', 'token-a');
    tenants.add(a);
    expect(() => tenants.add(org('b', 'token-a'))).toThrow();
    expect(tenants.remove('nobody')).toBe(false);
    expect(tenants.remove('a')).toBe(true);
    tenants.clear();
    expect(heard).toEqual([{ op: 'tenant', organization: a }, { op: 'untenant', id: 'a' }, { op: 'tenants-clear' }]);
  });

  it('refuses a second organization with a token already held, and keeps the first', () => {
    const tenants = new OrganizationRegistry();
    tenants.add(org('a', 'token-a'));
    expect(() => tenants.add(org('b', 'token-a'))).toThrow(/token-a already belongs/);
    expect(tenants.byToken('token-a')?.id).toBe('a');
    expect(tenants.byId('b')).toBeUndefined();
  });

  it('refuses a second organization with an id already held, so no token is left pointing at an unlisted one', () => {
    const tenants = new OrganizationRegistry();
    tenants.add(org('a', 'token-a'));
    expect(() => tenants.add(org('a', 'token-b'))).toThrow(/id a already exists/);
    expect(tenants.byToken('token-b')).toBeUndefined();
    expect(tenants.byToken('token-a')).toBe(tenants.byId('a'));
    expect(tenants.list()).toHaveLength(1);
  });

  it('replaces an organization in its place, its old token freed; one new to it goes last', () => {
    const tenants = new OrganizationRegistry();
    for (const id of ['a', 'b', 'c']) tenants.add(org(id, `token-${id}`));
    tenants.replace(org('b', 'token-b2'));
    tenants.replace(org('d', 'token-d'));
    expect(tenants.list().map(({ id, token }) => `${id}:${token}`)).toEqual(['a:token-a', 'b:token-b2', 'c:token-c', 'd:token-d']);
    expect(tenants.byToken('token-b')).toBeUndefined();
    expect(tenants.byToken('token-b2')).toBe(tenants.byId('b'));
  });

  it('refuses a replacement whose token another organization holds, and keeps both as they were', () => {
    const tenants = new OrganizationRegistry();
    tenants.add(org('a', 'token-a'));
    tenants.add(org('b', 'token-b'));
    expect(() => tenants.replace(org('b', 'token-a'))).toThrow(/token-a already belongs/);
    expect(tenants.byToken('token-a')?.id).toBe('a');
    expect(tenants.byToken('token-b')).toBe(tenants.byId('b'));
  });

  it('frees the token and the id of a removed organization', () => {
    const tenants = new OrganizationRegistry();
    tenants.add(org('a', 'token-a'));
    expect(tenants.remove('a')).toBe(true);
    expect(tenants.remove('a')).toBe(false);
    tenants.add(org('a', 'token-a'));
    expect(tenants.byToken('token-a')?.id).toBe('a');
  });
});
