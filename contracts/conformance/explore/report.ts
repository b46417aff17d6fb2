/**
 * What an explore run reports: the JSON report (its field names are read by
 * CI scripts: outcome, seed, runs, failures[].check/source/steps/reproduced
 * stay as they are), a JUnit file with a case per rule, and the console's
 * table of each failure's shortest sequence.
 */
import { escapeXml } from '../verdict/junit.js';
import { type ExploreRun, failedRun } from './explore.js';
import { describeStep, type Step } from './model.js';
import { ALL_RULES, counted } from './rules.js';
import { CONFIRMATIONS, type Failure, stepsOfLog } from './search.js';

export interface ExploreReport {
  outcome: 'passed' | 'failed';
  seed: number;
  runs: number;
  requests: number;
  strict: boolean;
  interrupted: boolean;
  stoppedBy?: string;
  failures: ReportedFailure[];
  /**
   * The rules no sequence could judge (the target never answered what they need in a shape the kit reads: a whole
   * list of records with ids, a record, a refusal): neither passed nor failed. A JUnit case of one is skipped.
   */
  notJudged: { check: string; source: string }[];
  /** Records the run created but could not delete, or that a create answered and the run left alone (should be empty). */
  leftovers: { path: string; id: string; note?: string }[];
  notes: string[];
}

export interface ReportedFailure {
  check: string;
  source: string;
  title: string;
  basis: string;
  counted: boolean;
  /** What the target answered that breaks the rule. */
  detail: string;
  /** Every request of the shortest sequence, with the step it belongs to. */
  steps: {
    step: number;
    command: string;
    as: 'token' | 'token2';
    method: string;
    path: string;
    status: number;
    body?: unknown;
    answered: string;
    created?: string;
  }[];
  /** The shortest sequence as `--replay` reads it. */
  sequence: Step[];
  /** How many replays on fresh records broke the rule again: "3/3", or fewer (flaky). */
  reproduced: string;
  flaky: boolean;
  /** How many sequences had been drawn when the rule first broke. */
  foundAfterRuns: number;
  /** The record the rule concerns and the values a read-back expected (what the repro files assert). */
  about: Failure['about'];
}

export function toReport(run: ExploreRun): ExploreReport {
  return {
    outcome: failedRun(run) ? 'failed' : 'passed',
    seed: run.seed,
    runs: run.runs,
    requests: run.requests,
    strict: run.strict,
    interrupted: run.interrupted,
    ...(run.stoppedBy !== undefined ? { stoppedBy: run.stoppedBy } : {}),
    failures: run.failures.map((failure) => reported(failure, run.strict)),
    notJudged: ALL_RULES.filter((rule) => !(run.judged[rule.id] ?? 0)).map((rule) => ({ check: rule.id, source: rule.source })),
    leftovers: run.leftovers.map(({ path, id, note }) => ({ path, id, ...(note !== undefined ? { note } : {}) })),
    notes: run.notes,
  };
}

function reported(failure: Failure, strict: boolean): ReportedFailure {
  const steps = stepsOfLog(failure.log);
  return {
    check: failure.rule.id,
    source: failure.rule.source,
    title: failure.rule.title,
    basis: failure.rule.basis,
    counted: counted(failure.rule, strict),
    detail: failure.detail,
    steps: failure.log.map((entry) => ({
      step: steps.indexOf(entry.step) + 1,
      command: describeStep(entry.step),
      as: entry.as,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      ...(entry.body !== undefined ? { body: entry.body } : {}),
      answered: entry.answered,
      ...(entry.created !== undefined ? { created: entry.created } : {}),
    })),
    sequence: failure.sequence,
    reproduced: `${failure.reproduced}/${CONFIRMATIONS}`,
    flaky: failure.reproduced < CONFIRMATIONS,
    foundAfterRuns: failure.foundAfterRuns,
    about: failure.about,
  };
}

/** The console's account of one failure: the rule, then a table of its shortest sequence. */
export function failureText(failure: ReportedFailure): string {
  const mark = failure.counted ? '✗' : '–';
  const confirmed = failure.flaky ? `flaky: reproduced ${failure.reproduced}` : `reproduced ${failure.reproduced}`;
  const lines = [
    `${mark} ${failure.check} [${failure.source}${failure.counted ? '' : ', not counted without --strict'}] ${failure.title}`,
    `  shortest sequence: ${failure.sequence.length} step${failure.sequence.length === 1 ? '' : 's'}, ${confirmed}`,
  ];
  for (const step of failure.steps) {
    const broke = step === failure.steps.at(-1) ? `   ← breaks ${failure.check}` : '';
    lines.push(
      `  ${String(step.step).padStart(3)}  ${step.command.padEnd(44)} ${step.method.padEnd(6)} ${step.path}  → ${step.status}${broke}`,
    );
  }
  lines.push(`  the target answered: ${failure.detail}`);
  return lines.join('\n');
}

/** The closing lines: what was run, what failed. */
export function closing(report: ExploreReport): string {
  const counted = report.failures.filter((failure) => failure.counted).length;
  const stopped = report.stoppedBy !== undefined ? ` (stopped by ${report.stoppedBy})` : '';
  const left =
    report.leftovers.length > 0
      ? `\nLeft behind or left alone (the JSON report's leftovers say why; check each by hand before removing it, as one left alone may be someone else's): ${report.leftovers.map((entry) => `${entry.path}/${entry.id}`).join(', ')}`
      : '';
  const spec = report.notJudged.filter((entry) => entry.source === 'spec').length;
  const unjudged =
    report.notJudged.length > 0
      ? `, ${report.notJudged.length} not judged (${spec} of them spec rules: ${report.notJudged.map((entry) => entry.check).join(', ')})`
      : '';
  const verdict = report.outcome === 'failed' ? 'FAILED' : spec > 0 ? 'PASSED only in part' : 'PASSED';
  return `${report.runs} sequences, ${report.requests} requests, seed ${report.seed}${stopped}: ${report.failures.length} rule${report.failures.length === 1 ? '' : 's'} broken, ${counted} counted${unjudged}. ${verdict}${left}`;
}

/** JUnit XML: a case per rule; a broken rule fails its case (skipped when not counted), with its shortest sequence. */
export function toJunitXml(report: ExploreReport): string {
  const cases = ALL_RULES.map((rule) => {
    const failure = report.failures.find((found) => found.check === rule.id);
    const name = `name="${escapeXml(rule.id)}" classname="explore.${rule.source}"`;
    if (failure === undefined) {
      if (report.notJudged.some((entry) => entry.check === rule.id))
        return `    <testcase ${name}><skipped message="not judged: no sequence saw what this rule needs"/></testcase>`;
      return `    <testcase ${name}/>`;
    }
    const body = escapeXml(failureText(failure));
    if (!failure.counted)
      return `    <testcase ${name}><skipped message="${escapeXml(`broken, not counted: ${failure.detail}`)}"/><system-out>${body}</system-out></testcase>`;
    return `    <testcase ${name}><failure message="${escapeXml(failure.detail)}">${body}</failure></testcase>`;
  });
  const failures = report.failures.filter((failure) => failure.counted).length;
  const skipped =
    report.failures.length - failures + report.notJudged.filter((entry) => !report.failures.some((f) => f.check === entry.check)).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n  <testsuite name="voice-config-mock explore (seed ${report.seed})" tests="${ALL_RULES.length}" failures="${failures}" skipped="${skipped}">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}
