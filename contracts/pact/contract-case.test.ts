/**
 * runCase tries a case once more only when Pact reports its request as not
 * received after an exercise that succeeded (Pact's own miss; from outside,
 * a client whose call succeeded without sending looks the same, and its
 * second try fails as well), never after a failed exercise or a mismatch.
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

/**
 * Runs a case that lists tools, as consumer `consumer`, with `exercise` told
 * which attempt it is; resolves how many attempts ran and how runCase ended.
 */
async function runListCase(consumer: string, exercise: (api: ApiClient, attempt: number) => Promise<void>) {
  const pact = new PactV4({ consumer, provider: 'retry-provider', dir: outDir, logLevel: PACT_LOG_LEVEL });
  let attempts = 0;
  const kase: ContractCase = {
    description: `a tool list, by ${consumer}`,
    request: { method: 'GET', path: '/api/v1/tools', headers: { Authorization: 'Bearer demo-token' } },
    response: { status: 200, body: [] },
    exercise: (api) => exercise(api, ++attempts),
  };
  const outcome = await runCase(pact, kase).then(
    () => undefined,
    (error: unknown) => error,
  );
  return { attempts, outcome };
}

describe('runCase', () => {
  it('tries again after an exercise that succeeded but whose request Pact did not count, and writes the interaction once', async () => {
    // The first attempt stands for Pact's miss: the exercise succeeds without the request reaching Pact's count.
    const run = await runListCase('retry-consumer', async (api, attempt) => {
      if (attempt > 1) expect(await api.tools.list()).toEqual([]);
    });
    expect(run).toEqual({ attempts: 2, outcome: undefined });
    const written = JSON.parse(await readFile(join(outDir, 'retry-consumer-retry-provider.json'), 'utf8'));
    expect(written.interactions).toHaveLength(1);
  });

  it('fails when the request is never sent, after one more try', async () => {
    const run = await runListCase('silent-consumer', async () => {});
    expect(run.attempts).toBe(2);
    expect(String(run.outcome)).toMatch(/expected but not received/);
  });

  it('fails at once when the exercise fails', async () => {
    const run = await runListCase('failing-consumer', async (api) => {
      expect(await api.tools.list()).toEqual(['not what Pact answers']);
    });
    expect(run.attempts).toBe(1);
    expect(run.outcome).toBeInstanceOf(Error);
  });
});
