/** Run-unique values, JSON pointers and list envelopes: the small readings the kit makes of what the spec leaves open. */
import { describe, expect, it } from 'vitest';
import { listItems } from './target/listing.js';
import { atPointer } from './target/pointer.js';
import { fieldsNamedIn, formatOf, runUnique, suffixSource, vary, withSuffix } from './target/unique-values.js';

describe('run-unique values', () => {
  it('varies the top-level fields that name a record, keeping each value to its characters, but not a username', () => {
    const body = {
      toolName: 'lookup_order',
      name: 'Call topics',
      displayLabel: 'ops-team.eu',
      username: 'natalia54',
      kind: 'function',
      properties: { customerName: 'string' },
    };

    expect(runUnique(body, 'kitab12')).toEqual({
      toolName: 'lookup_order_kitab12',
      name: 'Call topics kitab12',
      displayLabel: 'ops-team.eu-kitab12',
      username: 'natalia54',
      kind: 'function',
      properties: { customerName: 'string' },
    });
    expect(withSuffix('lookup_order', 'kit1')).toMatch(/^[A-Za-z0-9_]+$/);
    expect(withSuffix('MAIN_LINE', 'kit1')).toBe('MAIN_LINE_KIT1');
  });

  it('keeps the format of a URL, an email and a phone number, at any depth, and leaves addresses alone', () => {
    const suffix = { text: 'kitab12', number: 4321 };
    const body = {
      url: 'https://hooks.example.com/calls?v=2',
      contact: { email: 'ops@example.com', tagged: 'ops+eu@example.com' },
      phoneNumbers: ['+14155550100', '+14155550101'],
      local: '(415) 555-0100',
      allowedIps: ['203.0.113.5', '203.0.113.0/24'],
    };

    const varied = runUnique(body, suffix);

    expect(varied).toEqual({
      url: 'https://hooks.example.com/calls/kitab12?v=2',
      contact: { email: 'ops+kitab12@example.com', tagged: 'ops+eu-kitab12@example.com' },
      phoneNumbers: ['+14155069136', '+14155069137'],
      local: '(415) 500-4321',
      allowedIps: ['203.0.113.5', '203.0.113.0/24'],
    });
    expect(formatOf(vary('https://x.test', suffix))).toBe('url');
  });

  it('never gives two creates of one example in a run the same values', () => {
    const next = suffixSource();
    const example = { name: 'Main line', url: 'https://x.test/hook', email: 'a@b.test', phone: '+14155550100' };
    const sent = Array.from({ length: 50 }, () => runUnique(example, next()));

    for (const key of Object.keys(example)) expect(new Set(sent.map((body) => body[key])).size).toBe(50);
    for (const body of sent) expect((body.phone as string).length).toBe(example.phone.length);
  });

  it('also varies a field a 409 answer names, in its own format', () => {
    const body = { email: 'ops@example.com', plan: 'basic', handle: 'ops' };

    expect(fieldsNamedIn('{"problem":"conflict","detail":"handle is taken"}', body)).toEqual(new Set(['handle']));
    expect(runUnique(body, 'kit9', new Set(['handle', 'plan']))).toMatchObject({ plan: 'basic_kit9', handle: 'ops_kit9' });
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
