/** One kit run against a test server, in-process, with its JSON report read back and ways to ask it. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SuiteReport } from '../../contracts/conformance/types.js';
import type { Running } from './plumbing.js';
import { runKit } from './run-kit.js';

/**
 * Runs the kit once against `running` with its two tokens and `flags`; the console output and the JSON report. The
 * report is written to a folder of the run's own, removed once it is read or the run failed.
 */
export async function judgeServer<T extends Running>(running: T, tokens: readonly string[], flags: (url: string) => string[] = () => []) {
  const dir = mkdtempSync(join(tmpdir(), 'kit-servers-'));
  const report = join(dir, 'report.json');
  const [run, json] = await runKit(
    ...['--base-url', running.url, '--token', tokens[0] as string, '--token2', tokens[1] as string, '--report', `json=${report}`],
    ...flags(running.url),
  )
    .then((run) => [run, JSON.parse(readFileSync(report, 'utf8')) as SuiteReport] as const)
    .finally(() => rmSync(dir, { recursive: true, force: true }));
  const outcome = (id: string) => json.results.find((result) => result.id === id)?.outcome;
  const withOutcome = (wanted: string) => json.results.filter((result) => result.outcome === wanted).map((result) => result.id);
  return { running, run, json, outcome, withOutcome };
}

export const openapiAt = (path: string) => (url: string) => ['--openapi', `${url}${path}`];

/** The spec rule a check id stands for, its resource aside (`tenancy.tools.apart` → `tenancy.*.apart`). */
export const ruleOf = (id: string) => id.replace(/(^|\.)(sip-trunks|assistants|schemas|tools|webhooks)(?=\.|$)/g, '$1*');
