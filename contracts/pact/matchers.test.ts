/**
 * The consumer's matchers by themselves, read as JavaScript reads a pattern
 * (a match anywhere in the value): anchored, they take whole values only, as
 * the Pact verifier does. The verifier's own reading is tested in
 * provider.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { isoTimestamp, jsonContentType, uuid } from './matchers.js';

const patternOf = (matcher: unknown) => new RegExp((matcher as { regex: string }).regex);
const id = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';

describe('the pact matchers', () => {
  it('take an id in UUID form, in either case, and nothing around it', () => {
    const pattern = patternOf(uuid(id));
    expect([id, id.toUpperCase()].map((value) => pattern.test(value))).toEqual([true, true]);
    expect([`x${id}`, `${id}x`, `/api/v1/tools/${id}`, id.slice(1), id.replaceAll('-', '')].map((value) => pattern.test(value))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('take a UTC timestamp in the extended form, with a zero offset written with the plus sign', () => {
    const pattern = patternOf(isoTimestamp());
    expect(
      ['2026-01-05T09:30:00Z', '2026-01-05T09:30:00.123456Z', '2026-01-05T09:30:00+00:00'].map((value) => pattern.test(value)),
    ).toEqual([true, true, true]);
    expect(
      ['2026-01-05T09:30:00-00:00', '2026-01-05T09:30:00+01:00', 'at 2026-01-05T09:30:00Z'].map((value) => pattern.test(value)),
    ).toEqual([false, false, false]);
  });

  it('take a JSON content type, with or without parameters', () => {
    const pattern = patternOf(jsonContentType['Content-Type']);
    expect(['application/json', 'application/json; charset=utf-8'].map((value) => pattern.test(value))).toEqual([true, true]);
    expect(['text/html', 'application/jsonp'].map((value) => pattern.test(value))).toEqual([false, false]);
  });
});
