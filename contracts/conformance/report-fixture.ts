/** A finished run's report around given results, for the report renderers' tests; `extra` overrides any field. */
import { summarize } from './suite.js';
import type { CheckResult, SuiteReport } from './types.js';

export function reportOf(results: CheckResult[], extra: Partial<SuiteReport> = {}): SuiteReport {
  return {
    baseUrl: 'http://x.test',
    startedAt: '2026-01-05T09:00:00.000Z',
    finishedAt: '2026-01-05T09:00:01.500Z',
    strict: false,
    readOnly: false,
    failOnSkippedSpec: false,
    interrupted: false,
    results,
    leftovers: [],
    notes: [],
    target: { paging: 'auto', maxPages: 200, maxRecords: 100000, maxListMiB: 128, lists: {}, records: 'the answer itself' },
    allowUnjudged: false,
    summary: summarize(results),
    ...extra,
  };
}
