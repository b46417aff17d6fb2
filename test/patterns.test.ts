/** patternsOf documents only what it can carry whole: a rule it would drop or change is refused at start-up, not lost. */
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { patternsOf } from '../src/domain/patterns.js';

describe('patternsOf', () => {
  it("gives a format's own RegExp, then each .regex() under allOf, from the same RegExp objects", () => {
    const extra = /[^\d.]/;
    const schema = z.hostname().regex(extra);
    expect(patternsOf(schema)).toEqual({ pattern: z.regexes.hostname.source, allOf: [{ pattern: extra.source }] });
  });

  it('refuses a check it cannot carry, a RegExp with flags, and a string without a pattern', () => {
    expect(() => patternsOf(z.string().regex(/^a/).max(3))).toThrow(/max_length check/);
    expect(() => patternsOf(z.string().regex(/^a$/i))).toThrow(/flags/);
    expect(() => patternsOf(z.string())).toThrow(/no pattern/);
  });
});
