/**
 * Runs the conformance suite against one target: preflight, every probe in
 * turn, and the teardown of whatever the kit created — after each probe, at
 * the end, and when the run is interrupted or a probe throws.
 */

import { allProbes } from './checks/index.js';
import { costlyFailure, type Probe, ProbeRun, StoppedAnswering, UNANSWERED_LIMIT } from './checks/probe.js';
import type { SuiteContext } from './context.js';
import { SCHEMA_LIST_PATH } from './resources.js';
import { TargetAdapter } from './target/adapter.js';
import { type GivenExamples, loadExamples, type OpenApiSource } from './target/examples.js';
import { send, type TransportError } from './target/http.js';
import { seedOneOfEach, takeInventory } from './target/inventory.js';
import { Ledger } from './target/ledger.js';
import type { Notes } from './target/listing.js';
import { preflight } from './target/preflight.js';
import { suffixSource } from './target/unique-values.js';
import type { CheckResult, Exchange, SuiteReport, Summary, Target, TargetDescription } from './types.js';
import { type Masker, maskerFor } from './verdict/mask.js';

export interface SuiteOptions {
  /** Count failures of `documented` and `assumed` checks too. */
  strict?: boolean;
  /** Run only the probes that change nothing on the target. */
  readOnly?: boolean;
  /** Called as each check is decided (for progress output). */
  onResult?: (result: CheckResult) => void;
  /** Aborting stops the run; what was created is still deleted. */
  signal?: AbortSignal;
  /** Replaces the suite's probes (for tests of the kit itself). */
  probes?: Probe[];
  /** Request examples given by hand; they take the place of the target's published ones (see examples.ts). */
  examples?: GivenExamples;
  /** Where to read the request examples when the target does not serve /openapi.json (--openapi). */
  openapi?: OpenApiSource;
  /** A `spec` check that cannot run fails (counted) instead of being not judged: the run must judge the whole spec. */
  failOnSkippedSpec?: boolean;
  /** Spec checks left not judged are accepted (the CLI's exit status 3 becomes 0); --read-only implies it. */
  allowUnjudged?: boolean;
  /** Called once the kit has read every list (the target adapter's findings so far), before the first check. */
  onTarget?: (target: TargetDescription) => void;
  /**
   * Masks the secrets of what the run gives out: each result given to onResult, and the report (default: one for
   * the target's tokens and headers). Give one to mask the rest of a program's output with what it learned.
   */
  masker?: Masker;
}

/** Runs the suite; throws a TargetProblem (from preflight) when the target cannot be checked at all. */
export async function runSuite(target: Target, options: SuiteOptions = {}): Promise<SuiteReport> {
  const startedAt = new Date().toISOString();
  const signal = options.signal ?? new AbortController().signal;
  await preflight(target, signal);
  // Read in --read-only runs too (a GET): the document may declare how lists page. Its examples serve only writes.
  const examples = await loadExamples(target, signal, options.examples, options.openapi);
  const notes: Notes = new Set();
  const ctx: SuiteContext = {
    target,
    adapter: new TargetAdapter(target, (path) => examples.listParams(path), notes),
    readOnly: options.readOnly ?? false,
    strict: options.strict ?? false,
    ledger: new Ledger(),
    seedLedger: new Ledger(),
    examples,
    signal,
    unanswered: 0,
    inventory: new Map(),
    madeByKit: new Map(),
    madeWithToken2: new Map(),
    defersWrites: false,
    suffix: suffixSource(),
    notes,
  };
  // Results become output here, and only masked: whatever they carry, at any depth.
  const masker = options.masker ?? maskerFor(target);
  const results: CheckResult[] = [];
  const failOnSkippedSpec = options.failOnSkippedSpec ?? false;
  const emit = (decided: CheckResult) => {
    // A check an interrupt left unrun says nothing of the target.
    const result = masker.value(failOnSkippedSpec && !signal.aborted ? failedIfSkippedSpec(decided) : decided);
    results.push(result);
    options.onResult?.(result);
  };
  try {
    // Ids that were there before the run are never touched; then one record of each kind, so lists are not empty.
    await takeInventory(ctx);
    options.onTarget?.(masker.value(ctx.adapter.describe()));
    if (!ctx.readOnly && options.probes === undefined) await seedOneOfEach(ctx);
    for (const probe of options.probes ?? allProbes) {
      for (const result of await runProbe(ctx, probe)) emit(result);
      await ctx.ledger.cleanup(target);
    }
  } finally {
    await ctx.ledger.cleanup(target);
    await ctx.seedLedger.cleanup(target);
  }
  return masker.value({
    baseUrl: target.baseUrl,
    startedAt,
    finishedAt: new Date().toISOString(),
    strict: ctx.strict,
    readOnly: ctx.readOnly,
    failOnSkippedSpec,
    interrupted: signal.aborted,
    results,
    leftovers: [...ctx.ledger.leftovers, ...ctx.seedLedger.leftovers],
    notes: [...ctx.notes],
    target: ctx.adapter.describe(),
    allowUnjudged: (options.allowUnjudged ?? false) || ctx.readOnly,
    summary: summarize(results),
  });
}

/** With --fail-on-skipped-spec: a spec check that could not be judged is a counted failure, saying why. */
function failedIfSkippedSpec(result: CheckResult): CheckResult {
  if (result.outcome !== 'not judged' || result.source !== 'spec') return result;
  const { reason, ...rest } = result;
  return { ...rest, outcome: 'failed', counted: true, actual: `not checked (--fail-on-skipped-spec): ${reason}` };
}

async function runProbe(ctx: SuiteContext, probe: Probe): Promise<CheckResult[]> {
  const run = new ProbeRun(ctx, probe);
  const reason = whyNotRun(ctx, probe);
  if (reason !== undefined) {
    try {
      run.skip(reason);
    } catch (skip) {
      return run.finish(skip);
    }
  }
  if (ctx.unanswered >= UNANSWERED_LIMIT) {
    const stopped = await stoppedAnswering(ctx);
    if (stopped) return run.finish(new StoppedAnswering(stopped));
  }
  try {
    await probe.run(run);
    return run.finish();
  } catch (error) {
    return run.finish(error);
  }
}

/**
 * After requests in a row went unanswered: the schema list (the one list the
 * spec shows) is asked once. Its request, when that too goes unanswered (the
 * target has stopped); undefined when anything came back, even a reset at once.
 */
async function stoppedAnswering(ctx: SuiteContext): Promise<Exchange | undefined> {
  if (ctx.stopped) return ctx.stopped;
  const started = performance.now();
  try {
    await send(ctx.target, { method: 'GET', path: SCHEMA_LIST_PATH }, ctx.signal);
  } catch (error) {
    if (costlyFailure(ctx.target, error, performance.now() - started)) {
      ctx.stopped = { ...(error as TransportError).exchange, note: 'asked to see whether the target still answers' };
      return ctx.stopped;
    }
  }
  ctx.unanswered = 0;
  return undefined;
}

function whyNotRun(ctx: SuiteContext, probe: Probe): string | undefined {
  if (ctx.signal.aborted) return 'the run was interrupted';
  if (ctx.readOnly && !probe.readOnly) return 'it changes data, and the run is --read-only';
  if (probe.needsToken2 && ctx.target.token2 === undefined) return 'it needs a second organization’s token: give --token2';
  return undefined;
}

/** Counts the outcomes; the target conforms when no counted check failed, and the whole spec was judged when no spec check was left not judged. */
export function summarize(results: CheckResult[]): Summary {
  const count = (outcome: CheckResult['outcome']) => results.filter((result) => result.outcome === outcome).length;
  const counted = results.filter((result) => result.outcome === 'failed' && result.counted).length;
  const notJudged = count('not judged');
  const notJudgedSpec = results.filter((result) => result.outcome === 'not judged' && result.source === 'spec').length;
  return {
    total: results.length,
    passed: count('passed'),
    failed: count('failed'),
    counted,
    notJudged,
    notJudgedSpec,
    skipped: notJudged,
    skippedSpec: notJudgedSpec,
    conforms: counted === 0,
    wholeSpecJudged: notJudgedSpec === 0,
  };
}
