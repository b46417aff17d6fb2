/**
 * Drift: the same suite against the built-in mock, to see where a target and
 * the mock come out differently. The only place the kit touches the mock's
 * code, and only to start it as a second target, never to judge one.
 */

import { runSuite } from '../suite.js';
import type { GivenExamples } from '../target/examples.js';
import type { SuiteReport } from '../types.js';

export interface Difference {
  id: string;
  target: string;
  mock: string;
}

export interface MockRunOptions {
  strict: boolean;
  readOnly: boolean;
  /** The target run's hand-given examples and --fail-on-skipped-spec, so both runs judge alike. */
  examples?: GivenExamples;
  failOnSkippedSpec?: boolean;
  /** Give the mock run a second token too (mirror the target run, so the same checks run). */
  withToken2: boolean;
  signal?: AbortSignal;
}

/** Starts the mock on a free port, runs the suite against it with its tokens, and stops it. */
export async function runAgainstMock(options: MockRunOptions): Promise<SuiteReport> {
  const { startServer } = await import('../../../src/server/server.js');
  const server = await startServer({ port: 0 });
  const target = { baseUrl: server.url, token: 'demo-token', ...(options.withToken2 ? { token2: 'demo-token-2' } : {}) };
  try {
    return await runSuite(target, {
      strict: options.strict,
      readOnly: options.readOnly,
      failOnSkippedSpec: options.failOnSkippedSpec ?? false,
      ...(options.examples ? { examples: options.examples } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } finally {
    await server.close();
  }
}

/** The checks whose outcome differs between the two runs (a check missing from one run counts as "not run"). */
export function differences(target: SuiteReport, mock: SuiteReport): Difference[] {
  const mockOutcomes = new Map(mock.results.map((result) => [result.id, result.outcome as string]));
  const seen = new Set<string>();
  const diffs: Difference[] = [];
  for (const result of target.results) {
    seen.add(result.id);
    const other = mockOutcomes.get(result.id) ?? 'not run';
    if (other !== result.outcome) diffs.push({ id: result.id, target: result.outcome, mock: other });
  }
  for (const result of mock.results) if (!seen.has(result.id)) diffs.push({ id: result.id, target: 'not run', mock: result.outcome });
  return diffs;
}
