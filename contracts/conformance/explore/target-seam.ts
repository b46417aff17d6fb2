/**
 * The one place where `explore` reaches the target adapter of `verify`: the
 * preflight, the examples from the target's OpenAPI document, whole lists
 * (paging, envelopes, ids), records inside answers, run-unique values, and
 * the ledger of what the run created. Everything else in explore talks to
 * the `Session` below, so a change to the adapter is made here alone.
 */
import type { SuiteContext } from '../context.js';
import { existedBefore } from '../context.js';
import { isGone } from '../matchers.js';
import { deleteBody, resourceFacts } from '../resources.js';
import { TargetAdapter } from '../target/adapter.js';
import { claimCreated, variedFields } from '../target/creating.js';
import { type GivenExamples, loadExamples, type OpenApiSource } from '../target/examples.js';
import { isSuccess, type Reply, type RequestSpec, send } from '../target/http.js';
import { takeInventory } from '../target/inventory.js';
import { Ledger } from '../target/ledger.js';
import type { ListRead } from '../target/paging.js';
import { preflight } from '../target/preflight.js';
import { recordPath } from '../target/record-path.js';
import { runUnique, suffixSource } from '../target/unique-values.js';
import type { LedgerEntry, Target } from '../types.js';

export { isRefusal, isSuccess, type Reply, type RequestSpec } from '../target/http.js';
export type { Ledger } from '../target/ledger.js';
export type { ListRead } from '../target/paging.js';
export { TargetProblem } from '../target/preflight.js';
export { idOfSegment, isAddressable, recordPath, UNADDRESSABLE_IDS, UnaddressableId } from '../target/record-path.js';

/** Which organization a request speaks for. */
export type Org = 'token' | 'token2';

export interface SessionOptions {
  examples?: GivenExamples;
  openapi?: OpenApiSource;
  signal: AbortSignal;
  /** The most requests the run may send (cleanup aside); past it every send throws BudgetSpent. */
  requestBudget: number;
}

/** The run's request budget is spent: the sequence stops, and cleanup still runs. */
export class BudgetSpent extends Error {}

/** One explore run's hold on the target. */
export class Session {
  sent = 0;
  /**
   * How often each rule was judged (held or broken) on evidence, over every sequence of the run. A rule never
   * judged is reported "not judged", never passed: no answer the kit could read ever put it to the test.
   */
  readonly judged = new Map<string, number>();
  private readonly ctx: SuiteContext;

  private constructor(
    ctx: SuiteContext,
    private readonly budget: number,
  ) {
    this.ctx = ctx;
  }

  /** Preflight, examples and the inventory of every list (ids there before the run are never touched). */
  static async open(target: Target, options: SessionOptions): Promise<Session> {
    await preflight(target, options.signal);
    const examples = await loadExamples(target, options.signal, options.examples, options.openapi);
    const notes = new Set<string>();
    const ctx: SuiteContext = {
      target,
      adapter: new TargetAdapter(target, (path) => examples.listParams(path), notes),
      readOnly: false,
      strict: false,
      ledger: new Ledger(),
      seedLedger: new Ledger(),
      examples,
      signal: options.signal,
      unanswered: 0,
      inventory: new Map(),
      madeByKit: new Map(),
      madeWithToken2: new Map(),
      defersWrites: false,
      suffix: suffixSource(),
      notes,
    };
    await takeInventory(ctx);
    return new Session(ctx, options.requestBudget);
  }

  get target(): Target {
    return this.ctx.target;
  }

  get notes(): string[] {
    return [...this.ctx.notes];
  }

  /**
   * Whether the target has shown that it carries writes out after answering them (a write answered 202, or one that
   * showed only on a later reading): a refused write is then read back over the settle time before it counts as
   * having changed nothing, as verify does (`settleBudget`).
   */
  get defersWrites(): boolean {
    return this.ctx.defersWrites;
  }

  noteDeferredWrite(): void {
    this.ctx.defersWrites = true;
  }

  /** Why the examples are missing, when the document shows none. */
  get examplesProblem(): string | undefined {
    return this.ctx.examples.problem;
  }

  /** One request, counted against the budget. */
  readonly send = async (spec: RequestSpec): Promise<Reply> => {
    if (this.sent >= this.budget) throw new BudgetSpent(`the request budget of ${this.budget} is spent`);
    this.sent += 1;
    return (await send(this.ctx.target, spec, this.ctx.signal)).reply;
  };

  /** The whole list of `path` as `org` sees it (every page). */
  list(path: string, org: Org): Promise<ListRead> {
    return this.ctx.adapter.list(this.send, path, org);
  }

  /** The record an answer holds, wherever the target puts it. */
  record(body: unknown): Record<string, unknown> | undefined {
    return this.ctx.adapter.record(body);
  }

  /** Whether the reply answers the record `id`. */
  isRecord(reply: Reply, id: string): boolean {
    return this.ctx.adapter.isRecord(reply, id);
  }

  createExample(path: string): Record<string, unknown> | undefined {
    return this.ctx.examples.create(path);
  }

  /** The update example with run-unique names; undefined without one. */
  updateBody(path: string): Record<string, unknown> | undefined {
    const example = this.ctx.examples.update(path);
    return example && runUnique(example, this.ctx.suffix());
  }

  /** `example` with run-unique names (so it clashes with nothing from before the run). */
  unique(example: Record<string, unknown>): Record<string, unknown> {
    return runUnique(example, this.ctx.suffix());
  }

  /** The body a delete of `path` sends: what the spec's example request sends. */
  deleteBody(path: string): Record<string, never> | undefined {
    const facts = resourceFacts.find((resource) => resource.path === path);
    return facts ? deleteBody(facts) : undefined;
  }

  /**
   * The id of the record an accepted create made, written in `ledger` with the credentials that can delete it;
   * undefined when none can be shown to be the run's own (then it is left alone, and listed where it may be the run's).
   */
  async claim(ledger: Ledger, path: string, reply: Reply, org: Org, example: Record<string, unknown>, sent: Record<string, unknown>) {
    if (!isSuccess(reply.status)) return undefined;
    // Only on evidence that this create made it (creating.ts); the second organization's is deleted with its token.
    const made = await claimCreated(this.ctx, this.send, path, reply, variedFields(example, sent), { credentials: org, ledger });
    return made.id;
  }

  /** Whether `id` was in the list of `path` before the run. */
  existedBefore(path: string, id: string): boolean {
    return existedBefore(this.ctx, path, id);
  }

  /** A ledger for one sequence's records. */
  newLedger(): Ledger {
    return new Ledger();
  }

  /**
   * Deletes what `ledger` holds; what could not be deleted is returned, to be listed. Records the sequence deleted
   * itself (`deleted`) are first read with their owner's token: one shown gone is forgotten (a second delete of it
   * may answer 403 or 404 and would be taken for a failure to delete); one still there is deleted like the rest.
   */
  async cleanup(ledger: Ledger, deleted: readonly { path: string; id: string; owner: Org }[] = []): Promise<readonly LedgerEntry[]> {
    for (const { path, id, owner } of deleted) {
      try {
        const { reply } = await send(this.ctx.target, { method: 'GET', path: recordPath(path, id), credentials: owner });
        if (isGone(reply.status)) ledger.forget(path, id);
      } catch {
        // No answer: the ledger's delete tries it again.
      }
    }
    await ledger.cleanup(this.ctx.target);
    return ledger.leftovers;
  }
}
