/** `voice-config-mock verify`: checks a running implementation of the API against the spec. */
import { parseVerifyArgs, UsageError, type VerifyArgs, verifyUsage } from './args.js';
import { runSuite, summarize } from './suite.js';
import { DEFAULT_MAX_LIST_MIB, DEFAULT_MAX_PAGES, DEFAULT_MAX_RECORDS } from './target/paging.js';
import { TargetProblem } from './target/preflight.js';
import type { CheckResult, FetchLike, SuiteReport, Target } from './types.js';
import { differences, runAgainstMock } from './verdict/compare.js';
import { closingText, progressLine, targetLines } from './verdict/console.js';
import { toJunit } from './verdict/junit.js';
import { type Masker, maskerFor } from './verdict/mask.js';
import { writeReportFiles } from './verdict/report-files.js';
import { visible } from './verdict/visible.js';

/** Where the command writes; tests pass their own. */
export interface VerifyIo {
  out(text: string): void;
  err(text: string): void;
  /** How the target is reached: by default the global fetch; a program may give its own (an app's handler, `app.request`). */
  fetch?: FetchLike;
}

const processIo: VerifyIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

/**
 * Runs the command; resolves with the exit status: 0 conforms and every spec check was judged, 1 a counted
 * failure, 2 usage or target problem, 3 nothing failed but spec checks were not judged (0 with --allow-unjudged
 * or --read-only), 130 interrupted.
 */
export async function runVerifyCommand(argv: string[], io: VerifyIo = processIo): Promise<number> {
  let args: VerifyArgs;
  try {
    args = parseVerifyArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(visible(`voice-config-mock verify: ${error.message}\nRun "voice-config-mock verify --help" for the options.\n`, true));
    return 2;
  }
  if (args.help) {
    io.out(verifyUsage);
    return 0;
  }
  const target = io.fetch ? { ...targetOf(args), fetch: io.fetch } : targetOf(args);
  const masker = maskerFor(target);
  // Everything the command writes goes through here: secrets masked, no character that drives the terminal.
  const safeIo: VerifyIo = {
    out: (text) => io.out(visible(masker.text(text), true)),
    err: (text) => io.err(visible(masker.text(text), true)),
  };
  const interrupt = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    safeIo.err(`\n${signal}: stopping; deleting what the run created…\n`);
    interrupt.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    return await verify(args, target, masker, safeIo, interrupt.signal);
  } catch (error) {
    const message =
      error instanceof TargetProblem ? error.message : `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
    safeIo.err(`voice-config-mock verify: ${message}\n`);
    // A CI step that publishes the report should show why the run could not start, not fail a second time.
    await writeReportFiles(args.reports, masker.value(startFailureReport(args, message)), toJunit, masker).catch(() => undefined);
    return 2;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function targetOf(args: VerifyArgs): Target {
  const target: Target = { baseUrl: args.baseUrl, token: args.token };
  if (args.token2 !== undefined) target.token2 = args.token2;
  if (args.systemTrunkId !== undefined) target.systemTrunkId = args.systemTrunkId;
  if (args.timeoutMs !== undefined) target.timeoutMs = args.timeoutMs;
  if (args.settleMs !== undefined) target.settleMs = args.settleMs;
  if (args.listPointer !== undefined) target.listPointer = args.listPointer;
  if (args.idPointer !== undefined) target.idPointer = args.idPointer;
  if (args.recordPointer !== undefined) target.recordPointer = args.recordPointer;
  if (args.nextPointer !== undefined) target.nextPointer = args.nextPointer;
  if (args.pageParam !== undefined) target.pageParam = args.pageParam;
  if (args.maxPages !== undefined) target.maxPages = args.maxPages;
  if (args.maxRecords !== undefined) target.maxRecords = args.maxRecords;
  if (args.maxListMiB !== undefined) target.maxListMiB = args.maxListMiB;
  target.paging = args.paging;
  if (Object.keys(args.headers).length > 0) target.headers = args.headers;
  return target;
}

async function verify(args: VerifyArgs, target: Target, masker: Masker, io: VerifyIo, signal: AbortSignal): Promise<number> {
  io.out(`Checking ${args.baseUrl} against the voice configuration API spec${args.readOnly ? ' (read-only)' : ''}\n`);
  const report = await runSuite(target, {
    strict: args.strict,
    readOnly: args.readOnly,
    signal,
    masker,
    onResult: (result) => io.out(`${progressLine(result)}\n`),
    onTarget: (found) => io.out(`${targetLines(found)}\n`),
    allowUnjudged: args.allowUnjudged,
    ...(args.examples ? { examples: args.examples } : {}),
    ...(args.openapi ? { openapi: args.openapi } : {}),
    failOnSkippedSpec: args.failOnSkippedSpec,
  });
  io.out(`${closingText(report)}\n`);
  if (args.compareWithMock && !signal.aborted) await printDrift(report, args, io, signal);
  await writeReportFiles(args.reports, report, toJunit, masker);
  // Also when the interrupt came during the comparison with the mock, after the target's run had ended.
  if (report.interrupted || signal.aborted) return 130;
  if (!report.summary.conforms) return 1;
  return report.summary.wholeSpecJudged || report.allowUnjudged ? 0 : 3;
}

async function printDrift(report: SuiteReport, args: VerifyArgs, io: VerifyIo, signal: AbortSignal): Promise<void> {
  const interrupted = () => io.out('\nThe comparison with the built-in mock was interrupted: no differences listed.\n');
  const mock = await runAgainstMock({
    strict: args.strict,
    readOnly: args.readOnly,
    withToken2: args.token2 !== undefined,
    failOnSkippedSpec: args.failOnSkippedSpec,
    ...(args.examples ? { examples: args.examples } : {}),
    signal,
  }).catch((error: unknown) => {
    // Interrupted before its first check, the mock run fails its preflight: that is the interrupt, not the mock.
    if (signal.aborted) return undefined;
    throw error;
  });
  if (mock === undefined || mock.interrupted) return interrupted();
  const diffs = differences(report, mock);
  io.out(
    `\nCompared with the built-in mock: ${diffs.length === 0 ? 'every check came out the same.' : `${diffs.length} ${diffs.length === 1 ? 'check differs' : 'checks differ'}.`}\n`,
  );
  for (const diff of diffs) io.out(`  ${diff.id}: target ${diff.target}, mock ${diff.mock}\n`);
}

/** The report of a run that could not start (exit 2): one failed case saying why. */
export function startFailureReport(args: VerifyArgs, message: string): SuiteReport {
  const now = new Date().toISOString();
  const results: CheckResult[] = [
    {
      id: 'run.started',
      source: 'spec',
      title: 'the run could start against the target',
      expected: 'the target answers the kit’s first requests, and the reports can be written',
      basis: 'the kit itself: without a start no check of the spec can be judged',
      outcome: 'failed',
      counted: true,
      actual: message,
      evidence: { requests: [] },
      exchanges: [],
    },
  ];
  return {
    baseUrl: args.baseUrl,
    startedAt: now,
    finishedAt: now,
    strict: args.strict,
    readOnly: args.readOnly,
    failOnSkippedSpec: args.failOnSkippedSpec,
    interrupted: false,
    results,
    leftovers: [],
    notes: [],
    target: {
      paging: args.paging,
      maxPages: args.maxPages ?? DEFAULT_MAX_PAGES,
      maxRecords: args.maxRecords ?? DEFAULT_MAX_RECORDS,
      maxListMiB: args.maxListMiB ?? DEFAULT_MAX_LIST_MIB,
      lists: {},
      records: 'not read',
    },
    allowUnjudged: args.allowUnjudged,
    summary: summarize(results),
  };
}
