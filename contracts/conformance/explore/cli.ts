/** `voice-config-mock explore`: random sequences of calls against an implementation, judged by the spec's rules. */
import { readFile } from 'node:fs/promises';
import type { FetchLike } from '../types.js';
import { type Masker, maskerFor } from '../verdict/mask.js';
import { writeReportFiles } from '../verdict/report-files.js';
import { visible } from '../verdict/visible.js';
import { type ExploreArgs, exploreUsage, parseExploreArgs, UsageError } from './args.js';
import { type ExploreOptions, replay, runExplore } from './explore.js';
import type { Step } from './model.js';
import { closing, failureText, toJunitXml, toReport } from './report.js';
import { writeRepros } from './repro.js';
import { counted } from './rules.js';
import { NO_ANSWER } from './search.js';
import { TargetProblem } from './target-seam.js';

export interface ExploreIo {
  out(text: string): void;
  err(text: string): void;
  /** How the target is reached: by default the global fetch; a program may give an app's own handler (`app.request`). */
  fetch?: FetchLike;
}

const processIo: ExploreIo = { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) };

/** Runs the command; resolves with the exit status: 0 nothing counted broke, 1 a counted rule broke, 2 usage or target, 3 spec rules not judged, 130 interrupted. */
export async function runExploreCommand(argv: string[], io: ExploreIo = processIo, signal?: AbortSignal): Promise<number> {
  let args: ExploreArgs;
  try {
    args = parseExploreArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`voice-config-mock explore: ${error.message}\nRun "voice-config-mock explore --help" for the options.\n`);
    return 2;
  }
  if (args.help) {
    io.out(exploreUsage);
    return 0;
  }
  if (io.fetch) args = { ...args, target: { ...args.target, fetch: io.fetch } };
  // Everything written goes through one masker (tokens, --header values, secret-named members, even inside what a
  // target echoes back) and shows a target's control characters escaped, as verify's output does.
  const masker = maskerFor(args.target);
  const rawIo = io;
  io = {
    out: (text) => rawIo.out(visible(masker.text(text), true)),
    err: (text) => rawIo.err(visible(masker.text(text), true)),
  };
  const interrupt = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    io.err(`\n${name}: stopping; deleting what the run created…\n`);
    interrupt.abort();
  };
  const onAbort = () => interrupt.abort();
  signal?.addEventListener('abort', onAbort);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const code =
      args.replay !== undefined
        ? await replayCommand(args, args.replay, io, interrupt.signal)
        : await explore(args, io, interrupt.signal, masker);
    return interrupt.signal.aborted ? 130 : code;
  } catch (error) {
    if (interrupt.signal.aborted) return 130;
    const why =
      error instanceof TargetProblem || error instanceof UsageError
        ? error.message
        : `unexpected failure: ${(error as Error)?.message ?? error}`;
    io.err(`voice-config-mock explore: ${why}\n`);
    return 2;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    signal?.removeEventListener('abort', onAbort);
  }
}

function optionsOf(args: ExploreArgs, signal: AbortSignal, io?: ExploreIo): ExploreOptions {
  let shown = 0;
  return {
    seed: args.seed,
    runs: args.runs,
    steps: args.steps,
    timeLimitMs: args.timeLimitMs,
    requestBudget: args.maxRequests,
    strict: args.strict,
    systemTrunkUpdate: args.systemTrunkUpdate,
    signal,
    ...(args.maxFailures !== undefined ? { maxFailures: args.maxFailures } : {}),
    ...(args.examples ? { examples: args.examples } : {}),
    ...(args.openapi ? { openapi: args.openapi } : {}),
    ...(io
      ? {
          onProgress: (progress) => {
            // About every 10 % of the runs, and at the end.
            const every = Math.max(1, Math.floor(args.runs / 10));
            if (progress.runs < shown + every && progress.runs < args.runs) return;
            shown = progress.runs;
            io.out(
              `  ${progress.runs}/${args.runs} sequences, ${progress.requests} requests, ${Math.round(progress.timeLeftMs / 1000)} s left, ${progress.failures} broken\n`,
            );
          },
        }
      : {}),
  };
}

async function explore(args: ExploreArgs, io: ExploreIo, signal: AbortSignal, masker: Masker): Promise<number> {
  io.out(`Exploring ${args.target.baseUrl}: ${args.runs} sequences of up to ${args.steps} steps, seed ${args.seed}\n`);
  const run = await runExplore(args.target, optionsOf(args, signal, io));
  // Masked as data, before any format encodes it (a secret written as XML text is no longer the secret the masker
  // seeks), then each file's text once more as it is written, with the target's control characters escaped. The
  // repro files send what the kit sent (a webhook's secret it made up included, or the target refuses the create)
  // and show nothing a target answered but its ids, masked.
  const unmasked = toReport(run);
  const report = masker.value(unmasked);
  for (const failure of report.failures) io.out(`\n${failureText(failure)}\n`);
  io.out(`\n${closing(report)}\n`);
  if (!report.failures.length && report.stoppedBy === undefined) io.out('Replay any run with the same --seed.\n');
  await writeReportFiles(args.reports, report, toJunitXml, masker);
  if (args.repro !== undefined && report.failures.length > 0) {
    const folders = await writeRepros(args.repro, unmasked.failures, (text) => masker.text(text));
    io.out(`Repro files: ${folders.join(', ')} (BASE_URL=… TOKEN=… TOKEN2=… bash repro.sh)\n`);
  }
  if (run.interrupted) return 130;
  if (report.outcome === 'failed') return 1;
  // A target that stopped answering was not explored to the end: no verdict of "passed" rests on that.
  if (run.stoppedBy?.startsWith(NO_ANSWER)) return 2;
  // A spec rule no step could judge is not a pass: a CI job that reads only the status must not take it for one.
  if (!report.notJudged.some((entry) => entry.source === 'spec')) return 0;
  if (!args.allowUnjudged) return 3;
  io.out('The spec rules not judged were accepted (--allow-unjudged).\n');
  return 0;
}

/** Replays each saved shortest sequence once on fresh records; 1 when a counted rule breaks again. */
async function replayCommand(args: ExploreArgs, file: string, io: ExploreIo, signal: AbortSignal): Promise<number> {
  let saved: { failures?: { check?: string; sequence?: Step[] }[] };
  try {
    saved = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`--replay: cannot read ${file} as a JSON report: ${(error as Error).message}`);
  }
  const failures = (saved.failures ?? []).filter((failure) => Array.isArray(failure.sequence));
  if (failures.length === 0) throw new UsageError(`--replay: ${file} holds no failure with a sequence`);
  const results = await replay(
    args.target,
    optionsOf(args, signal),
    failures.map((failure) => failure.sequence as Step[]),
  );
  let failed = false;
  for (const [index, result] of results.entries()) {
    const was = failures[index]?.check ?? '?';
    const steps = result.log.map((entry) => `    ${entry.method} ${entry.path} → ${entry.status}`).join('\n');
    if (result.broken) {
      failed ||= counted(result.broken.rule, args.strict);
      io.out(`✗ ${was}: broken again (${result.broken.rule.id}): ${result.broken.detail}\n${steps}\n`);
    } else io.out(`✓ ${was}: not reproduced, every rule held\n${steps}\n`);
    if (result.leftovers.length > 0) io.out(`  left behind: ${result.leftovers.map((entry) => `${entry.path}/${entry.id}`).join(', ')}\n`);
  }
  return failed ? 1 : 0;
}
