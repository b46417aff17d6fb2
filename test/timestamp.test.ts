/** Record timestamps: the text of the last millisecond is reused, never a stale one. */
import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../src/domain/timestamp.js';

describe('isoTimestamp', () => {
  it('writes what toISOString writes, for the same millisecond again and for the next one', () => {
    const first = new Date('2026-01-05T09:00:00.123Z');
    expect(isoTimestamp(first)).toBe('2026-01-05T09:00:00.123Z');
    expect(isoTimestamp(new Date(first.getTime()))).toBe('2026-01-05T09:00:00.123Z');
    expect(isoTimestamp(new Date(first.getTime() + 1))).toBe('2026-01-05T09:00:00.124Z');
    expect(isoTimestamp(new Date(first.getTime() - 86_400_000))).toBe('2026-01-04T09:00:00.123Z');
  });

  it('refuses an invalid date, as toISOString does', () => {
    expect(() => isoTimestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
