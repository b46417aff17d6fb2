/** What every probe of one run shares, and the run's memory of which ids were there before it. */
import { idKey } from './matchers.js';
import type { TargetAdapter } from './target/adapter.js';
import type { Examples } from './target/examples.js';
import type { Ledger } from './target/ledger.js';
import type { Notes } from './target/listing.js';
import { runUnique, type Suffix } from './target/unique-values.js';
import type { Exchange, Target } from './types.js';

export interface SuiteContext {
  target: Target;
  /** How this target lists, pages and wraps its records: every check reads through it. */
  adapter: TargetAdapter;
  readOnly: boolean;
  strict: boolean;
  ledger: Ledger;
  /** The records created before the probes so that every list holds one of each kind; deleted at the end of the run. */
  seedLedger: Ledger;
  examples: Examples;
  signal: AbortSignal;
  /** Requests in a row whose failure cost about their time limit (see `costlyFailure`), across probes; an answer sets it back to 0. */
  unanswered: number;
  /** The request to the schema list, asked after UNANSWERED_LIMIT such requests, that went the same way: the target has stopped. */
  stopped?: Exchange;
  /** Per collection path, what its lists held before the run; absent for a list that gave no answer. */
  inventory: Map<string, Inventory>;
  /**
   * The target has shown, in this run, that it carries writes out after answering them (a write answered 202, or a
   * write that showed only on a later reading): a refusal is then read back over the settle time too (see
   * `ProbeRun.settleAfter`).
   */
  defersWrites: boolean;
  /** Ids (as `idKey` writes them, per collection path) of records the kit's creates made. */
  madeByKit: Map<string, Set<string>>;
  /** Those of them made with the second token (its seeded records): the second organization's, not the first's. */
  madeWithToken2: Map<string, Set<string>>;
  /** A fresh run-unique suffix each call. */
  suffix: () => Suffix;
  notes: Notes;
}

/** What the kit read of one collection's lists (with each token) before the run. */
export interface Inventory {
  /** Ids (as `idKey` writes them) the lists showed: such records are never changed or deleted. */
  ids: Set<string>;
  /**
   * Every list was read whole, its items all with ids the kit reads. Only then does an id's absence from `ids`
   * say anything; a list read in part leaves `ids` true as far as it goes, and proves nothing of the rest.
   */
  whole: boolean;
}

/** Whether `id` was in the collection's list before the run: such a record is never changed or deleted. */
export function existedBefore(ctx: SuiteContext, path: string, id: string): boolean {
  return ctx.inventory.get(path)?.ids.has(idKey(id)) ?? false;
}

/** Whether the collection's lists were read whole before the run, so that an id not in them was not there. */
export function inventoryWhole(ctx: SuiteContext, path: string): boolean {
  return ctx.inventory.get(path)?.whole === true;
}

/** The update example of `path` with run-unique names; undefined without one. */
export function updateExample(ctx: SuiteContext, path: string): Record<string, unknown> | undefined {
  const example = ctx.examples.update(path);
  return example && runUnique(example, ctx.suffix());
}
