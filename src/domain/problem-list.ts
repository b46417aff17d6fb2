/**
 * The problems found in a request body, with a bound: at most
 * MAX_LISTED_PROBLEMS are kept, the rest only counted. A hostile body (a
 * megabyte of unknown keys, a snapshot of 100,000 empty records) would
 * otherwise get an answer larger than itself, and cost the CPU to build it.
 * Checks that are costly per item ask `full` and stop early (`stopped`):
 * then there may be more problems than the list and its count say.
 */
import { counted } from './english.js';

/** One thing wrong with a request body, located by its path inside the body. */
export interface Problem {
  path: (string | number)[];
  message: string;
}

/** Most problems an answer lists; enough to fix a body by, small enough to stay far under 64 KiB. */
export const MAX_LISTED_PROBLEMS = 50;

export class ProblemList {
  readonly problems: Problem[] = [];
  /** Problems found beyond the listed ones. */
  more = 0;
  /** The check stopped once the list was full: the body may hold more problems than counted. */
  stopped = false;

  static of(problems: Iterable<Problem>): ProblemList {
    const list = new ProblemList();
    for (const problem of problems) list.add(problem);
    return list;
  }

  add(problem: Problem): void {
    if (this.full) this.more += 1;
    else this.problems.push(problem);
  }

  /** Counts `count` problems that need not be described once the list is full; `describe(i)` makes the i-th when there is room. */
  addMany(count: number, describe: (index: number) => Problem): void {
    for (let index = 0; index < count; index += 1) {
      if (this.full) {
        this.more += count - index;
        return;
      }
      this.problems.push(describe(index));
    }
  }

  /** Takes in another list's problems, placed under `prefix`, and its count of the rest. */
  addList(other: ProblemList, prefix: Problem['path'] = []): void {
    for (const problem of other.problems) this.add({ ...problem, path: [...prefix, ...problem.path] });
    this.more += other.more;
    this.stopped ||= other.stopped;
  }

  get full(): boolean {
    return this.problems.length >= MAX_LISTED_PROBLEMS;
  }

  get count(): number {
    return this.problems.length + this.more;
  }

  /** "3 problems, listed in errors", or how many of them are, for the detail of an answer. */
  summary(): string {
    if (this.stopped) {
      return `at least ${counted(this.count, 'problem')} (the check stopped there), the first ${this.problems.length} listed in errors; fix them and send it again`;
    }
    if (this.more > 0) return `${counted(this.count, 'problem')}, the first ${this.problems.length} listed in errors`;
    return `${counted(this.count, 'problem')}, listed in errors`;
  }
}

/** A key or value echoed in a message, cut short: a 1 MiB key must not make a 1 MiB answer. */
export const shortText = (text: string, max = 100): string => (text.length > max ? `${text.slice(0, max)}…` : text);
