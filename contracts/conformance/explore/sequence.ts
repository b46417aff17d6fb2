/** One sequence's run: its model, ledger and log, the way a step sends a request, and the way it judges an answer. */
import { answer } from '../matchers.js';
import { type Model, type Step, speaker } from './model.js';
import { type Rule, RuleBroken } from './rules.js';
import type { Ledger, Org, Reply, Session } from './target-seam.js';

/** What one step sent and what came back, for tables, reports and repro files. */
export interface StepLog {
  step: Step;
  method: string;
  /** The path with the real id of this run. */
  path: string;
  body?: unknown;
  status: number;
  /** The answer in one line. */
  answered: string;
  /** The rule the answer broke, on the step that broke it. */
  broke?: string;
  /** The id of the record a create made (later paths name it). */
  created?: string;
  /** Whose token the request carried. */
  as: Org;
}

/** One sequence's hold on the target: its model, its ledger and its log. */
export interface SequenceRun {
  session: Session;
  model: Model;
  ledger: Ledger;
  log: StepLog[];
  /** Rules already reported: a break of one ends the sequence quietly, so a search can look for others. */
  muted: ReadonlySet<string>;
}

/**
 * Fails the step with `rule` unless `ok` (or only stops the sequence, when the rule is muted). Called only on
 * evidence: a step that could not see what the rule needs returns without judging, so the rule stays not judged.
 */
export function judge(run: SequenceRun, ok: boolean, rule: Rule, detail: string, about: RuleBroken['about'] = {}): void {
  run.session.judged.set(rule.id, (run.session.judged.get(rule.id) ?? 0) + 1);
  if (ok) return;
  const last = run.log.at(-1);
  if (last) last.broke = rule.id;
  if (run.muted.has(rule.id)) {
    run.model.stopped = true;
    return;
  }
  throw new RuleBroken(rule, detail, about);
}

/** Sends one request of `step` and logs it; with the step's speaker's token unless `as` says whose. */
export async function request(run: SequenceRun, step: Step, method: string, path: string, body?: unknown, as?: Org): Promise<Reply> {
  const credentials = as ?? speaker(run.model, step);
  const reply = await run.session.send({ method, path, credentials, ...(body !== undefined ? { body } : {}) });
  if (reply.status === 202 && method !== 'GET') run.session.noteDeferredWrite();
  run.log.push({
    step,
    as: credentials,
    method,
    path,
    ...(body !== undefined ? { body } : {}),
    status: reply.status,
    answered: answer(reply),
  });
  return reply;
}
