/**
 * The search: fast-check draws sequences from the seed, runs each on fresh
 * records (deleted again when the sequence ends, whatever happened), shrinks
 * the first one that breaks a rule to the shortest that still does, and
 * replays that one three times on fresh records. The rule is then muted (a
 * break of it ends a sequence quietly) and the search goes on with the runs
 * left, so each rule broken is reported once, with its shortest sequence.
 */
import fc from 'fast-check';
import type { LedgerEntry } from '../types.js';
import { StepCommand, sequences } from './commands.js';
import { applicable, type ModelBase, newModel, pathOf, type Step } from './model.js';
import { type Rule, RuleBroken } from './rules.js';
import type { SequenceRun, StepLog } from './sequence.js';
import { runStep } from './steps.js';
import { BudgetSpent, type Org, type Session, UnaddressableId } from './target-seam.js';

export const CONFIRMATIONS = 3;

export interface SearchOptions {
  seed: number;
  /** Sequences to draw in all. */
  runs: number;
  /** The most steps in one sequence. */
  steps: number;
  /** When the search stops drawing (shrinking stops too; cleanup still runs). */
  deadline: number;
  signal: AbortSignal;
  /** Stop once this many rules are found broken (default: search on with the runs left). */
  maxFailures?: number;
  onProgress?: (progress: Progress) => void;
}

export interface Progress {
  runs: number;
  requests: number;
  timeLeftMs: number;
  failures: number;
}

export interface Failure {
  rule: Rule;
  /** What the target answered on the step that broke the rule. */
  detail: string;
  /** The shortest sequence found, as steps a replay runs. */
  sequence: Step[];
  /** Its requests and answers, from its first confirmation (or the search's last run of it). */
  log: StepLog[];
  /** How many of the confirmations on fresh records broke the same rule. */
  reproduced: number;
  /** How many sequences the search had drawn when it first broke the rule. */
  foundAfterRuns: number;
  /** The record the broken rule concerns, and the values a read-back expected. */
  about: RuleBroken['about'];
}

export interface SearchResult {
  seed: number;
  runs: number;
  requests: number;
  failures: Failure[];
  leftovers: LedgerEntry[];
  /** Why the search ended before its runs were drawn: the time limit, the budget, an interrupt, no answer. */
  stoppedBy?: string;
}

/** Runs `steps` as one sequence on fresh records; what broke, if anything, and the log. */
export async function runSequence(
  session: Session,
  base: ModelBase,
  steps: Iterable<Step>,
  muted: ReadonlySet<string> = new Set(),
): Promise<{ run: SequenceRun; broken?: RuleBroken; leftovers: readonly LedgerEntry[] }> {
  const run: SequenceRun = { session, model: newModel(base), ledger: session.newLedger(), log: [], muted };
  let broken: RuleBroken | undefined;
  try {
    for (const step of steps) if (applicable(run.model, step)) await runStep(run, step);
  } catch (error) {
    if (!(error instanceof RuleBroken)) {
      // A spent budget, an interrupt, no answer: what the sequence made is deleted all the same.
      await session.cleanup(run.ledger, deletedOf(run));
      throw error;
    }
    broken = error;
  }
  const leftovers = await session.cleanup(run.ledger, deletedOf(run));
  return { run, leftovers, ...(broken ? { broken } : {}) };
}

export async function search(session: Session, base: ModelBase, options: SearchOptions): Promise<SearchResult> {
  const result: SearchResult = { seed: options.seed, runs: 0, requests: 0, failures: [], leftovers: [] };
  const muted = new Set<string>();
  const stopReason = (): string | undefined => {
    if (options.signal.aborted) return 'interrupted';
    if (Date.now() >= options.deadline) return 'the time limit';
    return result.stoppedBy;
  };
  let runsLeft = options.runs;
  let seed = options.seed;
  while (runsLeft > 0 && stopReason() === undefined && result.failures.length < (options.maxFailures ?? Number.POSITIVE_INFINITY)) {
    let drawn = 0;
    let shrinking = false;
    const property = fc.asyncProperty(sequences(options.steps), async (commands) => {
      if (stopReason() !== undefined) return true;
      if (!shrinking) drawn += 1;
      const run: SequenceRun = { session, model: newModel(base), ledger: session.newLedger(), log: [], muted };
      try {
        await fc.asyncModelRun(() => ({ model: run.model, real: run }), commands);
      } catch (error) {
        if (error instanceof RuleBroken) {
          shrinking = true;
          throw error;
        }
        result.stoppedBy = whyStopped(error);
      } finally {
        result.leftovers.push(...(await session.cleanup(run.ledger, deletedOf(run))));
        options.onProgress?.({
          runs: result.runs + drawn,
          requests: session.sent,
          timeLeftMs: Math.max(0, options.deadline - Date.now()),
          failures: result.failures.length,
        });
      }
      return true;
    });
    const details = await fc.check(property, { seed, numRuns: runsLeft });
    result.runs += drawn;
    runsLeft -= drawn;
    if (!details.failed || !(details.errorInstance instanceof RuleBroken) || details.counterexample === null) break;
    const shrunk = await tighten(
      session,
      base,
      stepsOf(details.counterexample[0]),
      details.errorInstance.rule.id,
      muted,
      result.leftovers,
      () => stopReason() !== undefined,
    );
    result.failures.push({
      ...(await confirm(session, base, shrunk, details.errorInstance, muted, result.leftovers)),
      foundAfterRuns: result.runs,
    });
    muted.add(details.errorInstance.rule.id);
    // The next search starts from another seed, derived from the first so that a run can be repeated.
    seed = (seed + 1) | 0;
  }
  result.requests = session.sent;
  result.stoppedBy ??= stopReason();
  return result;
}

/**
 * After fast-check's shrinking, one more pass: each step dropped in turn, and each handle set to 0, kept when the
 * sequence still breaks the same rule. Dropping a step shifts which record a later handle names, so fast-check may
 * stop a step or two short of the shortest; this pass costs a replay per step.
 */
async function tighten(
  session: Session,
  base: ModelBase,
  steps: Step[],
  rule: string,
  muted: ReadonlySet<string>,
  leftovers: LedgerEntry[],
  stop: () => boolean,
): Promise<Step[]> {
  let failed = false;
  const breaks = async (candidate: Step[]) => {
    try {
      const replay = await runSequence(session, base, candidate, muted);
      leftovers.push(...replay.leftovers);
      return replay.broken?.rule.id === rule;
    } catch {
      // A spent budget, an interrupt, no answer: the sequence stays as fast-check left it.
      failed = true;
      return false;
    }
  };
  let current = steps;
  for (let index = 0; index < current.length && !failed && !stop(); ) {
    const dropped = current.filter((_, at) => at !== index);
    if (await breaks(dropped)) current = dropped;
    else index += 1;
  }
  for (let index = 0; index < current.length && !failed && !stop(); index++) {
    const step = current[index] as Step;
    if (step.handle === 0) continue;
    const lowered = current.map((other, at) => (at === index ? { ...other, handle: 0 } : other));
    if (await breaks(lowered)) current = lowered;
  }
  return current;
}

/** Replays the shrunk sequence on fresh records, CONFIRMATIONS times; keeps the steps that ran and the first log that broke. */
async function confirm(
  session: Session,
  base: ModelBase,
  shrunk: Step[],
  found: RuleBroken,
  muted: ReadonlySet<string>,
  leftovers: LedgerEntry[],
): Promise<Omit<Failure, 'foundAfterRuns'>> {
  let reproduced = 0;
  let shown: { log: StepLog[]; detail: string; about: RuleBroken['about'] } | undefined;
  for (let attempt = 0; attempt < CONFIRMATIONS; attempt++) {
    const replay = await runSequence(session, base, shrunk, muted);
    leftovers.push(...replay.leftovers);
    if (replay.broken?.rule.id !== found.rule.id) continue;
    reproduced += 1;
    shown ??= { log: replay.run.log, detail: replay.broken.detail, about: replay.broken.about };
  }
  const log = shown?.log ?? [];
  // The steps that ran (a step whose record no longer exists in the shrunk sequence is skipped, in a replay too).
  const sequence = log.length > 0 ? stepsOfLog(log) : shrunk;
  return { rule: found.rule, detail: shown?.detail ?? found.detail, sequence, log, reproduced, about: shown?.about ?? found.about };
}

/** How `stoppedBy` begins when the target stopped answering (the command then exits 2). */
export const NO_ANSWER = 'the target gave no answer';

function whyStopped(error: unknown): string {
  if (error instanceof BudgetSpent || error instanceof UnaddressableId) return error.message;
  if ((error as { name?: string })?.name === 'AbortError') return 'interrupted';
  return `${NO_ANSWER}: ${error instanceof Error ? error.message : String(error)}`;
}

/** The steps of a counterexample: fast-check hands back its commands wrapped (`{ cmd, hasRan }`). */
function stepsOf(commands: unknown): Step[] {
  return [...(commands as Iterable<StepCommand | { cmd: StepCommand }>)].map((command) =>
    command instanceof StepCommand ? command.step : command.cmd.step,
  );
}

/** The records a sequence deleted itself, for the cleanup to read before it deletes again. */
function deletedOf(run: SequenceRun): { path: string; id: string; owner: Org }[] {
  return run.model.records
    .filter((record) => record.deleted)
    .map((record) => ({ path: pathOf(record.kind), id: record.id, owner: record.owner }));
}

/** The steps of a log, once each (a step may send several requests: a delete is followed by a get and a list). */
export function stepsOfLog(log: readonly StepLog[]): Step[] {
  return log.filter((entry, index) => index === 0 || log[index - 1]?.step !== entry.step).map((entry) => entry.step);
}
