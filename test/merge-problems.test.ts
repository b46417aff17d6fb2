/** mergeProblems: a rule problem is left out only where a field problem already points at the same place or one above it. */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../src/domain/problem-list.js';
import { ProblemList } from '../src/domain/problem-list.js';
import { mergeProblems } from '../src/domain/validate.js';

const merged = (fields: Problem[], rules: Problem[]) => mergeProblems(ProblemList.of(fields), rules).problems.map(({ path }) => path);

describe('mergeProblems', () => {
  it('leaves out a rule problem at the place of a field problem, or inside it', () => {
    const field = { path: ['parameters', 'required', 1], message: 'Expected a string.' };
    const rules = [
      { path: ['parameters', 'required', 1], message: 'Not among the properties.' },
      { path: ['parameters', 'required', 1, 'x'], message: 'Inside it.' },
    ];
    expect(merged([field], rules)).toEqual([['parameters', 'required', 1]]);
  });

  it('keeps a rule problem at a sibling whose key only begins like the field problem', () => {
    const field = { path: ['parameters', 'required', 1], message: 'Expected a string.' };
    const rules = [
      { path: ['parameters', 'required', 12], message: 'Not among the properties.' },
      { path: ['parameters', 'requiredness'], message: 'A sibling key.' },
    ];
    expect(merged([field], rules)).toEqual([
      ['parameters', 'required', 1],
      ['parameters', 'required', 12],
      ['parameters', 'requiredness'],
    ]);
  });
});
