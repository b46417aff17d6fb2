/** The bench's summaries of its rounds: the median a ratio is reported by. */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the bench, without type declarations.
import { median } from '../bench/report.mjs';

describe("the bench's median", () => {
  it('is the middle round of an odd count, and the mean of the two middle ones of an even count, in any order', () => {
    expect(median([0.9, 0.5, 0.7])).toBe(0.7);
    expect(median([0.8, 0.5, 0.6, 0.7])).toBeCloseTo(0.65, 10);
    expect(median([2, 1])).toBe(1.5);
    expect(median([4])).toBe(4);
  });
});
