/** The in-memory store's counting, index and revisions, which the hot paths rely on. */
import { describe, expect, it } from 'vitest';
import type { StoredRecord } from '../../src/domain/resource.js';
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

  it('moves the revision on every put and remove, and only for that organization and kind', () => {
    const store = new MemoryStore();
    const seen = new Set<number>([store.revision('org-a', 'tools')]);
    const step = (change: () => void) => {
      const before = { other: store.revision('org-b', 'tools'), kind: store.revision('org-a', 'schemas') };
      change();
      const now = store.revision('org-a', 'tools');
      expect(seen.has(now)).toBe(false);
      seen.add(now);
      expect(store.revision('org-b', 'tools')).toBe(before.other);
      expect(store.revision('org-a', 'schemas')).toBe(before.kind);
    };
    store.put('org-b', 'tools', record('b1'));
    store.put('org-a', 'schemas', record('s1'));
    step(() => store.put('org-a', 'tools', record('t1')));
    step(() => store.put('org-a', 'tools', record('t1', 'replaced')));
    step(() => store.remove('org-a', 'tools', 't1'));
  });

  it('never hands out a revision twice, even after clear and across stores', () => {
    const one = new MemoryStore();
    const two = new MemoryStore();
    one.put('org', 'tools', record('t1'));
    const first = one.revision('org', 'tools');
    one.clear('org');
    expect(one.revision('org', 'tools')).toBe(0);
    two.put('org', 'tools', record('t1'));
    one.put('org', 'tools', record('t1'));
    expect(new Set([first, one.revision('org', 'tools'), two.revision('org', 'tools'), 0]).size).toBe(4);
  });

  it('leaves the revision alone when a remove finds nothing', () => {
    const store = new MemoryStore();
    store.put('org', 'tools', record('t1'));
    const before = store.revision('org', 'tools');
    expect(store.remove('org', 'tools', 'nope')).toBe(false);
    expect(store.revision('org', 'tools')).toBe(before);
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

describe('MemoryStore.listJson', () => {
  /** A `show` that counts its calls, so a test sees whether the text was made again. */
  const counting = () => {
    const show = (record: StoredRecord) => {
      show.calls++;
      return { shown: record.id };
    };
    show.calls = 0;
    return show;
  };

  it('is the list, newest first, each record as show makes it', () => {
    const store = new MemoryStore();
    store.put('org', 'tools', record('t1'));
    store.put('org', 'tools', record('t2'));
    expect(JSON.parse(store.listJson('org', 'tools', counting()))).toEqual([{ shown: 't2' }, { shown: 't1' }]);
    expect(store.listJson('org', 'schemas', counting())).toBe('[]');
    expect(store.listJson('nobody', 'tools', counting())).toBe('[]');
  });

  it('keeps the text until a write to those records, or another show', () => {
    const store = new MemoryStore();
    const show = counting();
    store.put('org', 'tools', record('t1'));
    store.put('org', 'tools', record('t2'));
    store.listJson('org', 'tools', show);
    store.listJson('org', 'tools', show);
    expect(show.calls).toBe(2);
    // Another kind or organization leaves it alone.
    store.put('org', 'schemas', record('s1'));
    store.put('other', 'tools', record('o1'));
    store.listJson('org', 'tools', show);
    expect(show.calls).toBe(2);
    const other = counting();
    store.listJson('org', 'tools', other);
    expect(other.calls).toBe(2);
  });

  it('makes the text again after a put, a replacement, a remove and a clear', () => {
    const store = new MemoryStore();
    const show = (r: StoredRecord) => r;
    store.put('org', 'tools', record('t1'));
    const texts = [store.listJson('org', 'tools', show)];
    store.put('org', 'tools', record('t2'));
    texts.push(store.listJson('org', 'tools', show));
    store.put('org', 'tools', record('t1', 'renamed'));
    texts.push(store.listJson('org', 'tools', show));
    store.remove('org', 'tools', 't2');
    texts.push(store.listJson('org', 'tools', show));
    store.clear('org');
    texts.push(store.listJson('org', 'tools', show));
    expect(texts.map((text) => JSON.parse(text))).toEqual([
      [{ id: 't1', name: 't1' }],
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
  });
});
