/**
 * runCase lets Pact judge a case only once Pact's mock server has recorded
 * the match of what it answered (it records on another task, after the
 * answer), and lets Pact's own verdict stand otherwise: a request never sent
 * or an exercise that fails still fails the case.
 */
import './pact-env.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PactV4 } from '@pact-foundation/pact';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/client/index.js';
import { type ContractCase, runCase } from './contract-case.js';
import { PACT_LOG_LEVEL } from './pact-env.js';

const outDir = await mkdtemp(join(tmpdir(), 'voice-config-case-'));
afterAll(() => rm(outDir, { recursive: true, force: true }));

/** Runs a case that lists tools, as consumer `consumer`; resolves how runCase ended and how long it took. */
async function runListCase(consumer: string, exercise: (api: ApiClient) => Promise<void>, recordWaitMs = 2_000) {
  const pact = new PactV4({ consumer, provider: 'record-provider', dir: outDir, logLevel: PACT_LOG_LEVEL });
  const kase: ContractCase = {
    description: `a tool list, by ${consumer}`,
    request: { method: 'GET', path: '/api/v1/tools', headers: { Authorization: 'Bearer demo-token' } },
    response: { status: 200, body: [] },
    exercise,
  };
  const started = performance.now();
  const outcome = await runCase(pact, kase, recordWaitMs).then(
    () => undefined,
    (error: unknown) => error,
  );
  return { outcome, ms: performance.now() - started };
}

describe('runCase', () => {
  it('waits for the match to be recorded: a request answered after the exercise returned still counts, and is written once', async () => {
    // Stands for Pact's late record: when the exercise returns, the mock server has not counted the request yet.
    let answer: Promise<unknown> | undefined;
    const run = await runListCase('late-consumer', async (api) => {
      answer = new Promise((resolve) => setTimeout(resolve, 150)).then(() => api.tools.list());
    });
    expect(await answer).toEqual([]);
    expect(run.outcome).toBeUndefined();
    const written = JSON.parse(await readFile(join(outDir, 'late-consumer-record-provider.json'), 'utf8'));
    expect(written.interactions).toHaveLength(1);
  });

  it('fails when the request is never sent, once the wait is over', async () => {
    const run = await runListCase('silent-consumer', async () => {}, 300);
    expect(String(run.outcome)).toMatch(/expected but not received/);
    expect(run.ms).toBeGreaterThanOrEqual(300);
  });

  it('fails at once when the exercise fails, without waiting', async () => {
    const run = await runListCase(
      'failing-consumer',
      async (api) => {
        expect(await api.tools.list()).toEqual(['not what Pact answers']);
      },
      10_000,
    );
    expect(run.outcome).toBeInstanceOf(Error);
    expect(String(run.outcome)).not.toMatch(/expected but not received/);
    expect(run.ms).toBeLessThan(10_000);
  });
});
