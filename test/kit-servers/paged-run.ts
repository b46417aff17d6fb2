/**
 * What the tests of the kit against the paged servers (delta and epsilon) share: their flags, the spec checks a
 * whole run must judge, and a kit run with its JSON report read back.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DELTA_OPENAPI, DELTA_TOKENS } from './delta.js';
import { EPSILON_TOKENS, epsilonOpenApi } from './epsilon.js';
import { type KitRun, runKit, runKitOverHttp } from './run-kit.js';

/**
 * Epsilon's document as a file, for --openapi. This module is evaluated once per worker and shared by the test files
 * that run there, none of which could remove the file while the others may still read it. So the file is named by a
 * hash of its text: every worker of every run writes the same few KB to the same path (renamed into place whole, so
 * no run reads it half written), and no more than that one file stays in the temporary directory.
 */
const epsilonDocument = JSON.stringify(epsilonOpenApi());
export const EPSILON_OPENAPI = join(
  tmpdir(),
  `voice-config-mock-epsilon-openapi-${createHash('sha256').update(epsilonDocument).digest('hex').slice(0, 16)}.json`,
);
const writing = `${EPSILON_OPENAPI}.${randomUUID()}`;
writeFileSync(writing, epsilonDocument);
renameSync(writing, EPSILON_OPENAPI);

/** Every check the kit judges as `spec` (the ids of contracts/conformance/checks), which a whole run must judge. */
export const KINDS = ['sip-trunks', 'assistants', 'schemas', 'tools', 'webhooks'] as const;
export const SPEC_CHECKS = [
  ...KINDS.flatMap((kind) => [
    `auth.missing-token.${kind}`,
    `auth.unknown-token.${kind}`,
    `tenancy.${kind}.list`,
    `tenancy.${kind}.apart`,
    ...['create', 'get', 'update', 'delete'].map((op) => `${kind}.${op}.needs-token`),
  ]),
  ...['sip-trunks', 'assistants', 'tools', 'webhooks'].flatMap((kind) => [`${kind}.delete.accepts-example`]),
  ...['sip-trunks', 'assistants', 'webhooks'].map((kind) => `${kind}.delete.empty-object`),
  ...['sip-trunks', 'assistants', 'tools', 'webhooks'].map((kind) => `${kind}.list.ids-uuid`),
  ...['id', 'name', 'type', 'description', 'properties', 'isLocked', 'createdAt', 'updatedAt'].map(
    (field) => `schemas.list.field.${field}`,
  ),
  'schemas.list.json-array',
  'schemas.list-after-create',
  'sip-trunks.list.field.isSystem',
  'sip-trunks.list-after-delete',
  'sip-trunks.delete.system-refused',
  'sip-trunks.delete.system-survives',
];

export const deltaFlags = (url: string) => [
  '--base-url',
  url,
  '--token',
  DELTA_TOKENS[0],
  '--token2',
  DELTA_TOKENS[1],
  '--openapi',
  DELTA_OPENAPI,
];
export const epsilonFlags = (url: string) => [
  ...['--base-url', url, '--token', EPSILON_TOKENS[0], '--token2', EPSILON_TOKENS[1], '--openapi', EPSILON_OPENAPI],
];

export interface Result {
  id: string;
  source: string;
  outcome?: string;
  status?: string;
  reason?: string;
  evidence?: unknown;
}
export type ReportedRun = KitRun & {
  json: { results: Result[] };
  status(id: string): string | undefined;
  result(id: string): Result | undefined;
};

/**
 * A run with a JSON report, read back; `status(id)` is a check's "passed", "failed" or "not judged". The report (up
 * to a few MB) is written to a folder of the run's own, removed once it is read or the run failed. The server is
 * reached in process (run-kit.ts); `reportedOverHttp` goes over 127.0.0.1, as a user's run does.
 */
export const reported = (...argv: string[]): Promise<ReportedRun> => reportedBy(runKit, argv);
export const reportedOverHttp = (...argv: string[]): Promise<ReportedRun> => reportedBy(runKitOverHttp, argv);

async function reportedBy(kit: typeof runKit, argv: string[]): Promise<ReportedRun> {
  const dir = mkdtempSync(join(tmpdir(), 'paged-servers-'));
  const file = join(dir, 'run.json');
  const [run, json] = await kit(...argv, '--report', `json=${file}`)
    .then((run) => [run, JSON.parse(readFileSync(file, 'utf8'))] as const)
    .finally(() => rmSync(dir, { recursive: true, force: true }));
  const result = (id: string) => (json.results as Result[]).find((candidate) => candidate.id === id);
  return { ...run, json, result, status: (id) => result(id)?.status ?? result(id)?.outcome };
}

/**
 * The spec checks a run did not pass (those named above, and any other the report shows as spec), each with its
 * status and why: empty when the whole spec was judged and held.
 */
export const unjudged = (run: ReportedRun) =>
  [...new Set([...SPEC_CHECKS, ...run.json.results.filter((result) => result.source === 'spec').map((result) => result.id)])]
    .filter((id) => run.status(id) !== 'passed')
    .map((id) => {
      const result = run.result(id) as (Result & { actual?: string }) | undefined;
      return `${id}: ${run.status(id)} ${result?.reason ?? result?.actual ?? ''}`;
    });
