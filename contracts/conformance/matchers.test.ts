/**
 * The timestamp predicate takes every way ISO 8601 writes a UTC date and
 * time (the spec names the standard, not a profile of it) and nothing that
 * is not one, or names no real instant.
 */
import { describe, expect, it } from 'vitest';
import { holdsId, idKey, idLookup, isIsoUtc, maskedFormOf, sameId } from './matchers.js';
import { isRefusal } from './target/http-once.js';

describe('isIsoUtc', () => {
  it.each([
    '2026-01-05T09:00:00Z',
    '2026-01-05T09:00:00.123Z',
    '2026-01-05T09:00:00,5Z',
    '2026-01-05T09:00Z',
    '2026-01-05T09:00:00+00:00',
    '2026-01-05T09:00:00+00',
    '2026-01-05T09:00:00+0000',
    '2026-01-05T09:00:00.123+0000',
    '2016-12-31T23:59:60Z',
    '20260105T090000Z',
    '20260105T0900Z',
    '20260105T090000.25+0000',
    '2024-02-29T23:59:59Z',
  ])('takes %s', (value) => {
    expect(isIsoUtc(value)).toBe(true);
  });

  it.each([
    ['a local time', '2026-01-05T09:00:00'],
    ['another offset', '2026-01-05T09:00:00+01:00'],
    ['a zero offset with a minus sign (RFC 3339 only: UTC, local offset unknown)', '2026-01-05T09:00:00-00:00'],
    ['a zero offset with a minus sign, basic form', '20260105T090000-0000'],
    ['a date alone', '2026-01-05'],
    ['extended and basic mixed', '2026-01-05T090000Z'],
    ['month 13', '2026-13-05T09:00:00Z'],
    ['February 30', '2026-02-30T09:00:00Z'],
    ['hour 25', '2026-01-05T25:00:00Z'],
    ['minute 60', '2026-01-05T09:60:00Z'],
    ['second 61', '2026-01-05T09:00:61Z'],
    ['a space for the T', '2026-01-05 09:00:00Z'],
    ['a number', 1767603600000],
  ])('refuses %s', (_, value) => {
    expect(isIsoUtc(value)).toBe(false);
  });
});

describe('sameId', () => {
  const id = '7d0f3c1e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';

  it('takes the same UUID in either case, and an id that is not a UUID only as written', () => {
    expect(sameId(id.toUpperCase(), id)).toBe(true);
    expect(sameId(id, id.toUpperCase())).toBe(true);
    expect(sameId('Trunk-1', 'trunk-1')).toBe(false);
    expect(sameId('trunk-1', 'trunk-1')).toBe(true);
    expect(sameId(id.replace('7d0f', '7d0e'), id)).toBe(false);
    expect(sameId(undefined, id)).toBe(false);
  });

  // The sets of ids the kit keeps (records it made, records there before the run) compare by this key.
  it('keys ids as it compares them: a UUID in either case alike, another id only as written', () => {
    expect(idKey(id.toUpperCase())).toBe(idKey(id));
    expect(idKey('Trunk-1')).not.toBe(idKey('trunk-1'));
    const lookup = idLookup([{ id: id.toUpperCase() }, { id: 'Trunk-1' }]);
    expect([lookup(id), lookup('Trunk-1'), lookup('trunk-1'), lookup('other')]).toEqual([true, true, false, false]);
  });

  it('finds a record in a list by either case of its id', () => {
    expect(holdsId([{ id: id.toUpperCase() }], id)).toBe(true);
    expect(holdsId([{ id: 'other' }, { name: id }], id)).toBe(false);
    expect(holdsId({ id }, id)).toBe(false);
  });
});

describe('isRefusal', () => {
  it('takes a 4xx that judged the request as a refusal, and neither a failure nor a "not now"', () => {
    for (const status of [400, 401, 403, 404, 405, 409, 410, 413, 415, 422]) expect(isRefusal(status), String(status)).toBe(true);
    for (const status of [200, 204, 302, 408, 425, 429, 500, 502, 503]) expect(isRefusal(status), String(status)).toBe(false);
  });
});

describe('values shown masked', () => {
  it('are a form of the value sent only where what the mask leaves begins and ends it', () => {
    expect(maskedFormOf('whsec_********2f9Q', `whsec_${'k'.repeat(28)}2f9Q`)).toBe(true);
    expect(maskedFormOf('whsec_********abcd', `whsec_${'k'.repeat(28)}2f9Q`)).toBe(false);
    expect(maskedFormOf('••••1234', '5555444433331234')).toBe(true);
    expect(maskedFormOf('********', 'anything')).toBe(true);
    expect(maskedFormOf('ab****cd****ef', 'ab-xx-cd-yy-ef')).toBe(false);
    expect(maskedFormOf('plain', 'plain')).toBe(false);
  });
});
