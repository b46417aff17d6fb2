/**
 * One explore run from start to end: the session (preflight, examples, the
 * inventory of what was there before), the system trunks to try the refused
 * delete on, the search, and what the report says of it.
 */
import { resourceFacts } from '../resources.js';
import type { GivenExamples, OpenApiSource } from '../target/examples.js';
import type { LedgerEntry, Target } from '../types.js';
import { KINDS, type ModelBase, pathOf, type Step } from './model.js';
import { counted, type RuleBroken } from './rules.js';
import { type Failure, runSequence, search } from './search.js';
import type { StepLog } from './sequence.js';
import { isAddressable, type Org, Session, TargetProblem } from './target-seam.js';

export interface ExploreOptions {
  seed: number;
  runs: number;
  steps: number;
  timeLimitMs: number;
  requestBudget: number;
  strict: boolean;
  /** Allow the system-trunk update (a PATCH of the trunk's own name): the one write to a record the run did not create. */
  systemTrunkUpdate: boolean;
  /** Stop once this many rules are found broken. */
  maxFailures?: number;
  examples?: GivenExamples;
  openapi?: OpenApiSource;
  signal: AbortSignal;
  onProgress?: (progress: { runs: number; requests: number; timeLeftMs: number; failures: number }) => void;
}

export interface ExploreRun {
  seed: number;
  runs: number;
  requests: number;
  failures: Failure[];
  leftovers: LedgerEntry[];
  notes: string[];
  stoppedBy?: string;
  interrupted: boolean;
  strict: boolean;
  /** How often each rule was judged on evidence (held or broken); a rule absent here was never judged. */
  judged: Record<string, number>;
}

/** Opens the session and reads what every sequence starts from. */
export async function prepare(target: Target, options: ExploreOptions): Promise<{ session: Session; base: ModelBase }> {
  const session = await Session.open(target, { signal: options.signal, requestBudget: options.requestBudget, ...pick(options) });
  const creatable = KINDS.filter((kind) => session.createExample(pathOf(kind)) !== undefined);
  if (creatable.length === 0)
    throw new TargetProblem(
      `no request example for any create (${session.examplesProblem ?? 'the OpenAPI document shows none'}): give --examples FILE or --openapi FILE|URL`,
    );
  const updatable = KINDS.filter((kind) => session.updateBody(pathOf(kind)) !== undefined);
  const systemTrunks: Partial<Record<Org, string>> = {};
  for (const org of target.token2 === undefined ? (['token'] as const) : (['token', 'token2'] as const)) {
    const id = org === 'token' && target.systemTrunkId !== undefined ? target.systemTrunkId : await systemTrunkOf(session, org);
    if (id !== undefined) systemTrunks[org] = id;
  }
  return {
    session,
    base: { systemTrunks, twoOrgs: target.token2 !== undefined, systemUpdate: options.systemTrunkUpdate, creatable, updatable },
  };
}

function pick(options: ExploreOptions): { examples?: GivenExamples; openapi?: OpenApiSource } {
  return { ...(options.examples ? { examples: options.examples } : {}), ...(options.openapi ? { openapi: options.openapi } : {}) };
}

/** A trunk listed with isSystem: true that was there before the run. */
async function systemTrunkOf(session: Session, org: Org): Promise<string | undefined> {
  const path = resourceFacts[0]?.path ?? '/api/v1/sip-trunks';
  const read = await session.list(path, org);
  for (const item of read.items ?? []) {
    const record = item as { id?: unknown; isSystem?: unknown };
    if (record.isSystem === true && isAddressable(record.id) && session.existedBefore(path, record.id)) return record.id;
  }
  return undefined;
}

export async function runExplore(target: Target, options: ExploreOptions): Promise<ExploreRun> {
  const { session, base } = await prepare(target, options);
  const found = await search(session, base, {
    seed: options.seed,
    runs: options.runs,
    steps: options.steps,
    deadline: Date.now() + options.timeLimitMs,
    signal: options.signal,
    ...(options.maxFailures !== undefined ? { maxFailures: options.maxFailures } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return {
    ...found,
    notes: session.notes,
    interrupted: options.signal.aborted,
    strict: options.strict,
    judged: Object.fromEntries(session.judged),
  };
}

/** Whether any failure counts (spec always; documented and assumed with --strict). */
export const failedRun = (run: Pick<ExploreRun, 'failures' | 'strict'>): boolean =>
  run.failures.some((failure) => counted(failure.rule, run.strict));

/** Replays saved sequences once each on fresh records: what broke again. */
export async function replay(
  target: Target,
  options: ExploreOptions,
  sequences: Step[][],
): Promise<{ log: StepLog[]; broken?: RuleBroken; leftovers: readonly LedgerEntry[] }[]> {
  const { session, base } = await prepare(target, { ...options, systemTrunkUpdate: true });
  const results = [];
  for (const sequence of sequences) {
    if (options.signal.aborted) break;
    const { run, broken, leftovers } = await runSequence(session, base, sequence);
    results.push({ log: run.log, leftovers, ...(broken ? { broken } : {}) });
  }
  return results;
}
