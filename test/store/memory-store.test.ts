/** The in-memory store's counting and index, which the hot paths rely on, the changes it tells, and the cache they keep true. */
import { describe, expect, it } from 'vitest';
import type { StoredRecord } from '../../src/domain/resource.js';
import { type Change, Changes, CollectionCache } from '../../src/state/changes.js';
import { MemoryStore } from '../../src/state/store.js';

const record = (id: string, name = id): StoredRecord => ({ id, name });

describe('MemoryStore', () => {
  it('counts records per organization and kind', () => {
    const store = new MemoryStore();
    store.put('org-a', 'tools', record('t1'));
    store.put('org-a', 'tools', record('t2'));
    store.put('org-a', 'tools', record('t1', 'renamed'));
    store.put('org-b', 'tools', record('t3'));
    expect(store.count('org-a', 'tools')).toBe(2);
    expect(store.count('org-b', 'tools')).toBe(1);
    expect(store.count('org-a', 'schemas')).toBe(0);
    expect(store.count('org-c', 'tools')).toBe(0);
  });

  it('tells its change stream about every write that changed something, and only those', () => {
    const changes = new Changes();
    const heard: Change[] = [];
    changes.subscribe((change) => heard.push(change));
    const store = new MemoryStore(undefined, changes);
    const t1 = record('t1');
    store.put('org-a', 'tools', t1);
    expect(store.remove('org-a', 'tools', 'nope')).toBe(false);
    expect(store.remove('org-a', 'tools', 't1')).toBe(true);
    store.clear('org-a');
    expect(heard).toEqual([
      { op: 'put', orgId: 'org-a', kind: 'tools', record: t1 },
      { op: 'remove', orgId: 'org-a', kind: 'tools', id: 't1' },
      { op: 'clear', orgId: 'org-a' },
    ]);
  });
});

describe('memory store index', () => {
  const byTag = (kind: string, record: { id: string; tags?: unknown }) =>
    Array.isArray(record.tags) ? record.tags.map((tag) => `${kind}:${tag}`) : [];

  it('finds records by their keys, and follows replacements, removals and clears', () => {
    const store = new MemoryStore(byTag);
    store.put('org', 'assistants', { id: 'a1', tags: ['x', 'y'] });
    store.put('org', 'assistants', { id: 'a2', tags: ['x'] });
    store.put('other', 'assistants', { id: 'a3', tags: ['x'] });
    expect(store.lookup('org', 'assistants:x')).toEqual([
      { kind: 'assistants', id: 'a1' },
      { kind: 'assistants', id: 'a2' },
    ]);
    store.put('org', 'assistants', { id: 'a1', tags: ['y'] });
    expect(store.lookup('org', 'assistants:x')).toEqual([{ kind: 'assistants', id: 'a2' }]);
    store.remove('org', 'assistants', 'a2');
    expect(store.lookup('org', 'assistants:x')).toEqual([]);
    store.clear('org');
    expect(store.lookup('org', 'assistants:y')).toEqual([]);
    expect(store.lookup('other', 'assistants:x')).toEqual([{ kind: 'assistants', id: 'a3' }]);
  });
});

describe('CollectionCache', () => {
  it('keeps a value per organization and kind until a write to that collection or a clear of its organization', () => {
    const changes = new Changes();
    const store = new MemoryStore(undefined, changes);
    const cache = new CollectionCache<string>(changes);
    let made = 0;
    const text = (orgId: string) => () => {
      made++;
      return JSON.stringify(store.list(orgId, 'tools'));
    };
    store.put('org', 'tools', record('t1'));
    expect(cache.get('org', 'tools', text('org'))).toBe('[{"id":"t1","name":"t1"}]');
    cache.get('org', 'tools', text('org'));
    expect(made).toBe(1);
    // Another kind or organization leaves it alone.
    store.put('org', 'schemas', record('s1'));
    store.put('other', 'tools', record('o1'));
    cache.get('org', 'tools', text('org'));
    expect(made).toBe(1);
    const texts: string[] = [];
    for (const write of [
      () => store.put('org', 'tools', record('t2')),
      () => store.put('org', 'tools', record('t1', 'renamed')),
      () => store.remove('org', 'tools', 't2'),
      () => store.clear('org'),
    ]) {
      write();
      texts.push(cache.get('org', 'tools', text('org')));
    }
    expect(made).toBe(5);
    expect(texts.map((t) => JSON.parse(t))).toEqual([
      [
        { id: 't2', name: 't2' },
        { id: 't1', name: 't1' },
      ],
      [
        { id: 't2', name: 't2' },
        { id: 't1', name: 'renamed' },
      ],
      [{ id: 't1', name: 'renamed' }],
      [],
    ]);
    cache.stop();
    store.put('org', 'tools', record('t3'));
    expect(cache.get('org', 'tools', text('org'))).toBe('[]');
  });
});
