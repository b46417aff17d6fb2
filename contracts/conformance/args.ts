/** Reading the command line of `voice-config-mock verify`. */
import { parseArgs } from 'node:util';
import { describeArgsError } from './args-error.js';
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
} from './args-values.js';
import type { GivenExamples, OpenApiSource } from './target/examples.js';
import { PAGING_MODES, type PagingMode } from './target/paging.js';

export { UsageError } from './args-values.js';

export interface VerifyArgs {
  baseUrl: string;
  token: string;
  token2?: string;
  systemTrunkId?: string;
  strict: boolean;
  readOnly: boolean;
  compareWithMock: boolean;
  reports: { format: 'junit' | 'json'; path: string }[];
  timeoutMs?: number;
  settleMs?: number;
  examples?: GivenExamples;
  openapi?: OpenApiSource;
  listPointer?: string;
  idPointer?: string;
  recordPointer?: string;
  paging: PagingMode;
  nextPointer?: string;
  pageParam?: string;
  maxPages?: number;
  maxRecords?: number;
  maxListMiB?: number;
  /** Spec checks left not judged do not change the exit status (implied by --read-only). */
  allowUnjudged: boolean;
  /** Lower-case names; never printed. */
  headers: Record<string, string>;
  failOnSkippedSpec: boolean;
  help: boolean;
}

export const verifyUsage = `voice-config-mock verify: checks an implementation of the voice configuration API against its spec

Usage:
  voice-config-mock verify --base-url URL --token T [options]

Options:
  --base-url URL          the API's address, without /api/v1 (e.g. https://staging.example.com)
  --token T               a token of one organization
  --token2 T2             a token of a second organization: adds the cross-organization checks
  --system-trunk-id ID    a system trunk to try the refused delete on (default: one listed with isSystem: true)
  --strict                count failures of documented and assumed checks too (default: spec checks only)
  --read-only             run only the checks that change nothing on the target
  --report junit=PATH     write a JUnit XML report (repeatable, with json=PATH too)
  --report json=PATH      write a JSON report
  --compare-with-mock     also run against the built-in mock and list the checks that come out differently
  --timeout-ms N          time limit per request (default 15000)
  --settle-ms N           how long a check reads again for a write to show, or to have changed nothing (default 3000; 0: once)
  --examples FILE         request examples by hand, {"/api/v1/tools": {"create": {…}, "update": {…}}}, used before the target's OpenAPI
  --openapi FILE|URL      the OpenAPI document to read request examples from, when the target serves none at /openapi.json
  --list-pointer PTR      JSON pointer to the array in the answers of the trunk, assistant, tool and webhook lists (e.g. /data)
  --id-pointer PTR        JSON pointer to the new record's id in a create's answer (e.g. /data/id)
  --record-pointer PTR    JSON pointer to the record in a get, create or update answer (e.g. /data; found on its own otherwise)
  --paging WAY            how lists page: auto (default: discovered), link, cursor, page, offset or none
  --next-pointer PTR      JSON pointer to the next page's cursor or URL in a list answer (e.g. /meta/next)
  --page-param NAME       the query parameter that carries the cursor or page number (e.g. after)
  --max-pages N           the most pages read of one list (default 1000); a list with more is not read whole
  --max-records N         the most records read of one list (default 100000); a list with more is not read whole
  --max-list-mib N        the most MiB of answers read for one list, all its pages (default 128); a list with more is not read whole
  --allow-unjudged        exit 0, not 3, when nothing failed but some spec checks could not be judged
  --header "Name: value"  a header sent on every request (repeatable; never printed)
  --fail-on-skipped-spec  fail (and count) a check the spec states that could not run (no example, no system trunk, …)
  -h, --help              show this help

Exit codes: 0 conforms and every spec check was judged, 1 a counted check failed, 2 usage error or the target cannot
be checked, 3 nothing failed but some spec checks were not judged (the last line says how many; --allow-unjudged,
or --read-only, accepts that), 130 interrupted (Ctrl+C).
`;

/** Parses `argv`; throws a UsageError saying what is wrong. */
export function parseVerifyArgs(argv: string[]): VerifyArgs {
  const { values, positionals } = parse(argv);
  if (values.help)
    return {
      baseUrl: '',
      token: '',
      strict: false,
      readOnly: false,
      compareWithMock: false,
      reports: [],
      headers: {},
      failOnSkippedSpec: false,
      paging: 'auto',
      allowUnjudged: false,
      help: true,
    };
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const baseUrl = values['base-url'];
  if (!baseUrl) throw new UsageError('--base-url is required');
  if (!/^https?:\/\/[^/]/.test(baseUrl) || !URL.canParse(baseUrl))
    throw new UsageError(`--base-url must be an http(s) URL (got "${baseUrl}")`);
  if (!values.token) throw new UsageError('--token is required');
  if (values['fail-on-skipped-spec'] && values['read-only'])
    throw new UsageError('--fail-on-skipped-spec cannot pass with --read-only, which leaves out the spec checks that change data');
  if (values.token2 !== undefined && values.token2 === values.token)
    throw new UsageError('--token2 must belong to a different organization than --token');
  const args: VerifyArgs = {
    baseUrl,
    token: values.token,
    strict: values.strict ?? false,
    readOnly: values['read-only'] ?? false,
    compareWithMock: values['compare-with-mock'] ?? false,
    reports: (values.report ?? []).map(parseReport),
    headers: Object.fromEntries((values.header ?? []).map(parseHeader)),
    failOnSkippedSpec: values['fail-on-skipped-spec'] ?? false,
    paging: pagingMode(values.paging),
    // --read-only leaves out the checks that write, so it accepts a partial verdict by itself.
    allowUnjudged: (values['allow-unjudged'] ?? false) || (values['read-only'] ?? false),
    help: false,
  };
  if (values.token2 !== undefined) args.token2 = values.token2;
  if (values['system-trunk-id'] !== undefined) args.systemTrunkId = systemTrunkId(values['system-trunk-id']);
  if (values['timeout-ms'] !== undefined) args.timeoutMs = positiveInteger('--timeout-ms', values['timeout-ms']);
  if (values['settle-ms'] !== undefined) args.settleMs = nonNegativeInteger('--settle-ms', values['settle-ms']);
  if (values.examples !== undefined) args.examples = readExamples(values.examples);
  if (values.openapi !== undefined) args.openapi = readOpenApi(values.openapi);
  if (values['list-pointer'] !== undefined) args.listPointer = parsePointer('--list-pointer', values['list-pointer']);
  if (values['id-pointer'] !== undefined) args.idPointer = parsePointer('--id-pointer', values['id-pointer']);
  if (values['record-pointer'] !== undefined) args.recordPointer = parsePointer('--record-pointer', values['record-pointer']);
  if (values['next-pointer'] !== undefined) args.nextPointer = parsePointer('--next-pointer', values['next-pointer']);
  if (values['page-param'] !== undefined) {
    if (!/^[A-Za-z0-9_.[\]-]+$/.test(values['page-param']))
      throw new UsageError(`--page-param takes a query parameter's name such as cursor (got "${values['page-param']}")`);
    args.pageParam = values['page-param'];
  }
  if (values['max-pages'] !== undefined) args.maxPages = positiveInteger('--max-pages', values['max-pages']);
  if (values['max-records'] !== undefined) args.maxRecords = positiveInteger('--max-records', values['max-records']);
  if (values['max-list-mib'] !== undefined) args.maxListMiB = positiveInteger('--max-list-mib', values['max-list-mib']);
  return args;
}

function pagingMode(text: string | undefined): PagingMode {
  if (text === undefined) return 'auto';
  if (!PAGING_MODES.includes(text as PagingMode)) throw new UsageError(`--paging takes one of ${PAGING_MODES.join(', ')} (got "${text}")`);
  return text as PagingMode;
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string' },
        token2: { type: 'string' },
        'system-trunk-id': { type: 'string' },
        strict: { type: 'boolean' },
        'read-only': { type: 'boolean' },
        report: { type: 'string', multiple: true },
        'compare-with-mock': { type: 'boolean' },
        'timeout-ms': { type: 'string' },
        'settle-ms': { type: 'string' },
        examples: { type: 'string' },
        openapi: { type: 'string' },
        'list-pointer': { type: 'string' },
        'id-pointer': { type: 'string' },
        'record-pointer': { type: 'string' },
        paging: { type: 'string' },
        'next-pointer': { type: 'string' },
        'page-param': { type: 'string' },
        'max-pages': { type: 'string' },
        'max-records': { type: 'string' },
        'max-list-mib': { type: 'string' },
        'allow-unjudged': { type: 'boolean' },
        header: { type: 'string', multiple: true },
        'fail-on-skipped-spec': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new UsageError(describeArgsError(error));
  }
}
