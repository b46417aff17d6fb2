/**
 * Failures the domain reports. The HTTP layer turns each kind into one
 * status and one problem body (src/http/problem.ts); the domain never
 * speaks HTTP itself, so the same rules serve the CLI seeder and tests.
 */

import { type Problem, ProblemList, shortText } from './problem-list.js';

export type DomainErrorKind = 'validation' | 'not-found' | 'forbidden' | 'conflict' | 'record-limit';

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** The listed problems (at most MAX_LISTED_PROBLEMS); `more` and `stopped` say what was left out. */
  readonly problems: Problem[];
  readonly more: number;
  readonly stopped: boolean;

  constructor(kind: DomainErrorKind, message: string, problems: Problem[] | ProblemList = []) {
    // An expected answer (404, 409, ...), not a bug: no stack trace, the dearest part of a refusal
    // (`npm run bench -- --variants no-stack-trick`, docs/BENCHMARKS.md).
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.kind = kind;
    const list = problems instanceof ProblemList ? problems : ProblemList.of(problems);
    this.problems = list.problems;
    this.more = list.more;
    this.stopped = list.stopped;
    this.name = 'DomainError';
  }
}

export const notFound = (what: string, id: string) =>
  new DomainError('not-found', `No ${what} with id ${shortText(id)} exists in your organization.`);
