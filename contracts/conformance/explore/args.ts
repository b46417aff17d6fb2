/** Reading the command line of `voice-config-mock explore`. */
import { parseArgs } from 'node:util';
import { describeArgsError } from '../args-error.js';
import {
  nonNegativeInteger,
  parseHeader,
  parsePointer,
  parseReport,
  positiveInteger,
  readExamples,
  readOpenApi,
  systemTrunkId,
  UsageError,
} from '../args-values.js';
import type { GivenExamples, OpenApiSource } from '../target/examples.js';
import { PAGING_MODES, type PagingMode } from '../target/paging.js';
import type { Target } from '../types.js';

export { UsageError } from '../args-values.js';

export interface ExploreArgs {
  target: Target;
  seed: number;
  runs: number;
  steps: number;
  timeLimitMs: number;
  maxRequests: number;
  maxFailures?: number;
  strict: boolean;
  /** Exit 0, not 3, when no counted rule broke but some spec rules were never judged. */
  allowUnjudged: boolean;
  systemTrunkUpdate: boolean;
  reports: { format: 'junit' | 'json'; path: string }[];
  repro?: string;
  replay?: string;
  examples?: GivenExamples;
  openapi?: OpenApiSource;
  help: boolean;
}

export const exploreUsage = `voice-config-mock explore: random sequences of calls against an implementation, judged by the spec's rules

Usage:
  voice-config-mock explore --base-url URL --token T --token2 T2 [options]
  voice-config-mock explore --base-url URL --token T --token2 T2 --replay report.json

Options:
  --base-url URL          the API's address, without /api/v1
  --token T               a token of one organization
  --token2 T2             a token of a second organization: adds the steps across organizations
  --seed N                the seed of the sequences (default: random, printed; the same seed draws the same sequences)
  --runs N                sequences to draw (default 100)
  --steps N               the most steps in one sequence (default 12)
  --time-limit SECONDS    stop drawing after this long (default 300); what was created is deleted all the same
  --max-requests N        the most requests the run sends, cleanup aside (default 20000)
  --max-failures N        stop once N rules are found broken (default: search on with the runs left)
  --strict                count broken documented and assumed rules too (default: spec rules only)
  --allow-unjudged        exit 0, not 3, when no counted rule broke but some spec rules were never judged
  --report json=PATH      write a JSON report (repeatable, with junit=PATH: a case per rule)
  --repro DIR             write repro.sh and repro.test.ts for each broken rule under DIR
  --replay FILE           replay the shortest sequences saved in a JSON report, once each, on fresh records
  --system-trunk-id ID    the first organization's system trunk (default: one listed with isSystem: true)
  --system-trunk-update   also send PATCHes of the system trunk with its own name (the only write to a record
                          the run did not create; off by default)
  --openapi FILE|URL      the OpenAPI document to read request examples from (default: the target's /openapi.json)
  --examples FILE         request examples by hand, as for verify
  --header "Name: value"  a header sent on every request (repeatable; never printed)
  --list-pointer, --id-pointer, --record-pointer, --paging, --next-pointer, --page-param, --max-pages, --max-list-mib,
  --timeout-ms, --settle-ms
                          how the target lists, pages and wraps records: as for verify
  -h, --help              show this help

Exit codes: 0 no counted rule broken and every spec rule judged, 1 a counted rule broken (spec rules; documented and
assumed with --strict), 2 usage error or the target cannot be explored, 3 no counted rule broken but some spec rules
never judged (the last line names them; --allow-unjudged makes that 0), 130 interrupted (what was created is deleted first).
`;

export function parseExploreArgs(argv: string[]): ExploreArgs {
  const { values, positionals } = parse(argv);
  const defaults = {
    seed: 0,
    runs: 100,
    steps: 12,
    timeLimitMs: 300_000,
    maxRequests: 20_000,
    strict: false,
    allowUnjudged: false,
    systemTrunkUpdate: false,
  };
  if (values.help) return { ...defaults, target: { baseUrl: '', token: '' }, reports: [], help: true };
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  if (values['read-only'])
    throw new UsageError(
      'explore writes (it creates, updates and deletes its own records), so --read-only cannot apply; use verify --read-only',
    );
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new UsageError('--base-url is required');
  if (!/^https?:\/\/[^/]/.test(baseUrl) || !URL.canParse(baseUrl))
    throw new UsageError(`--base-url must be an http(s) URL (got "${baseUrl}")`);
  if (!values.token) throw new UsageError('--token is required');
  if (values.token2 !== undefined && values.token2 === values.token)
    throw new UsageError('--token2 must belong to a different organization than --token');
  const target: Target = { baseUrl, token: values.token, paging: pagingMode(values.paging) };
  if (values.token2 !== undefined) target.token2 = values.token2;
  if (values['system-trunk-id'] !== undefined) target.systemTrunkId = systemTrunkId(values['system-trunk-id']);
  if (values['timeout-ms'] !== undefined) target.timeoutMs = positiveInteger('--timeout-ms', values['timeout-ms']);
  if (values['settle-ms'] !== undefined) target.settleMs = nonNegativeInteger('--settle-ms', values['settle-ms']);
  if (values['list-pointer'] !== undefined) target.listPointer = parsePointer('--list-pointer', values['list-pointer']);
  if (values['id-pointer'] !== undefined) target.idPointer = parsePointer('--id-pointer', values['id-pointer']);
  if (values['record-pointer'] !== undefined) target.recordPointer = parsePointer('--record-pointer', values['record-pointer']);
  if (values['next-pointer'] !== undefined) target.nextPointer = parsePointer('--next-pointer', values['next-pointer']);
  if (values['page-param'] !== undefined) target.pageParam = values['page-param'];
  if (values['max-pages'] !== undefined) target.maxPages = positiveInteger('--max-pages', values['max-pages']);
  if (values['max-list-mib'] !== undefined) target.maxListMiB = positiveInteger('--max-list-mib', values['max-list-mib']);
  const headers = Object.fromEntries((values.header ?? []).map(parseHeader));
  if (Object.keys(headers).length > 0) target.headers = headers;
  const args: ExploreArgs = {
    target,
    seed: values.seed !== undefined ? seedOf(values.seed) : Math.floor(Math.random() * 2 ** 31),
    runs: values.runs !== undefined ? positiveInteger('--runs', values.runs) : defaults.runs,
    steps: values.steps !== undefined ? positiveInteger('--steps', values.steps) : defaults.steps,
    timeLimitMs: values['time-limit'] !== undefined ? positiveInteger('--time-limit', values['time-limit']) * 1000 : defaults.timeLimitMs,
    maxRequests: values['max-requests'] !== undefined ? positiveInteger('--max-requests', values['max-requests']) : defaults.maxRequests,
    strict: values.strict ?? false,
    allowUnjudged: values['allow-unjudged'] ?? false,
    systemTrunkUpdate: values['system-trunk-update'] ?? false,
    reports: (values.report ?? []).map(parseReport),
    help: false,
  };
  if (values['max-failures'] !== undefined) args.maxFailures = positiveInteger('--max-failures', values['max-failures']);
  if (values.repro !== undefined) args.repro = values.repro;
  if (values.replay !== undefined) args.replay = values.replay;
  if (values.examples !== undefined) args.examples = readExamples(values.examples);
  if (values.openapi !== undefined) args.openapi = readOpenApi(values.openapi);
  return args;
}

function seedOf(text: string): number {
  const value = Number(text);
  if (!/^-?\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || Math.abs(value) >= 2 ** 31)
    throw new UsageError(`--seed must be a whole number between -2147483647 and 2147483647 (got "${text}")`);
  return value;
}

function pagingMode(text: string | undefined): PagingMode {
  if (text === undefined) return 'auto';
  if (!PAGING_MODES.includes(text as PagingMode)) throw new UsageError(`--paging takes one of ${PAGING_MODES.join(', ')} (got "${text}")`);
  return text as PagingMode;
}

function parse(argv: string[]) {
  const text = { type: 'string' } as const;
  const flag = { type: 'boolean' } as const;
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'base-url': text,
        token: text,
        token2: text,
        seed: text,
        runs: text,
        steps: text,
        'time-limit': text,
        'max-requests': text,
        'max-failures': text,
        strict: flag,
        'allow-unjudged': flag,
        'read-only': flag,
        report: { type: 'string', multiple: true },
        repro: text,
        replay: text,
        'system-trunk-id': text,
        'system-trunk-update': flag,
        openapi: text,
        examples: text,
        header: { type: 'string', multiple: true },
        'list-pointer': text,
        'id-pointer': text,
        'record-pointer': text,
        paging: text,
        'next-pointer': text,
        'page-param': text,
        'max-pages': text,
        'max-list-mib': text,
        'timeout-ms': text,
        'settle-ms': text,
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(describeArgsError(error));
  }
}
