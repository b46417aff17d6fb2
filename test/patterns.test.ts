/** patternsOf documents only what it can carry whole: a rule it would drop or change is refused at start-up, not lost. */
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { asciiDigits, patternsOf } from '../src/domain/patterns.js';

describe('patternsOf', () => {
  it("gives a format's own RegExp, then each .regex() under allOf, from the same RegExp objects", () => {
    const extra = /[^\d.]/;
    const schema = z.hostname().regex(extra);
    expect(patternsOf(schema)).toEqual({ pattern: z.regexes.hostname.source, allOf: [{ pattern: '[^0-9.]' }] });
  });

  it('refuses a check it cannot carry, a RegExp with flags, and a string without a pattern', () => {
    expect(() => patternsOf(z.string().regex(/^a/).max(3))).toThrow(/max_length check/);
    expect(() => patternsOf(z.string().regex(/^a$/i))).toThrow(/flags/);
    expect(() => patternsOf(z.string())).toThrow(/no pattern/);
  });

  it('writes digits as [0-9], which every regex engine reads as ASCII digits only, leaving escaped backslashes alone', () => {
    expect(asciiDigits(String.raw`^\+[1-9]\d{6,14}$`)).toBe('^\\+[1-9][0-9]{6,14}$');
    expect(asciiDigits(String.raw`[^\d.]\\d\[\d`)).toBe(String.raw`[^0-9.]\\d\[[0-9]`);
    for (const value of ['+14155550123', '+1415555012٣', '+1']) {
      expect(new RegExp(asciiDigits(z.regexes.e164.source)).test(value)).toBe(z.regexes.e164.test(value));
    }
  });
});
