/** Run-unique values, JSON pointers and list envelopes: the small readings the kit makes of what the spec leaves open. */
import { describe, expect, it } from 'vitest';
import { listItems } from './target/listing.js';
import { atPointer } from './target/pointer.js';
import { fieldsNamedIn, runUnique, withSuffix } from './target/unique-values.js';

describe('run-unique values', () => {
  it('varies the top-level fields that name a record, keeping each value to its characters', () => {
    const body = {
      toolName: 'lookup_order',
      name: 'Call topics',
      displayLabel: 'ops-team.eu',
      url: 'https://x.test',
      properties: { customerName: 'string' },
    };

    expect(runUnique(body, 'kitab12')).toEqual({
      toolName: 'lookup_order_kitab12',
      name: 'Call topics kitab12',
      displayLabel: 'ops-team.eu-kitab12',
      url: 'https://x.test',
      properties: { customerName: 'string' },
    });
    expect(withSuffix('lookup_order', 'kit1')).toMatch(/^[A-Za-z0-9_]+$/);
  });

  it('also varies a field a 409 answer names', () => {
    const body = { email: 'ops@example.com', plan: 'basic' };

    expect(fieldsNamedIn('{"problem":"conflict","detail":"email is taken"}', body)).toEqual(new Set(['email']));
    expect(runUnique(body, 'kit9', new Set(['email']))).toEqual({ email: 'ops@example.com kit9', plan: 'basic' });
  });
});

describe('lists and pointers', () => {
  const target = { baseUrl: 'http://x.test', token: 't' };

  it('reads a list bare, at --list-pointer, or through the one array among data, items and results', () => {
    const notes = new Set<string>();

    expect(listItems(target, '/api/v1/tools', [{ id: 'a' }])).toEqual([{ id: 'a' }]);
    expect(listItems({ ...target, listPointer: '/page/rows' }, '/api/v1/tools', { page: { rows: [1] } })).toEqual([1]);
    expect(listItems(target, '/api/v1/tools', { results: [2], next: null }, notes)).toEqual([2]);
    expect([...notes]).toEqual([expect.stringContaining('its list was read from its "results" member')]);
    // Two arrays: which is the list cannot be told.
    expect(listItems(target, '/api/v1/tools', { data: [], items: [] })).toBeUndefined();
    // The schema list is a bare array, as the spec shows it, whatever the flag.
    expect(listItems({ ...target, listPointer: '/data' }, '/api/v1/schemas', { data: [] })).toBeUndefined();
  });

  it('follows a JSON pointer, with its escapes', () => {
    expect(atPointer({ data: { 'a/b': { id: 'x' } } }, '/data/a~1b/id')).toBe('x');
    expect(atPointer({ data: [{ id: 'y' }] }, '/data/0/id')).toBe('y');
    expect(atPointer({ data: {} }, '/data/id')).toBeUndefined();
  });
});
