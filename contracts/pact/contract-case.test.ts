/**
 * runCase tries a case once more only for Pact's own miss (a request it
 * answered but did not count), never for a client that sent nothing or a
 * failed expectation.
 */
import './pact-env.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PactV4 } from '@pact-foundation/pact';
import { afterAll, describe, expect, it } from 'vitest';
import { type ContractCase, runCase } from './contract-case.js';
import { PACT_LOG_LEVEL } from './pact-env.js';

const outDir = await mkdtemp(join(tmpdir(), 'voice-config-case-'));
afterAll(() => rm(outDir, { recursive: true, force: true }));

function listTools(description: string, exercise: ContractCase['exercise']): ContractCase {
  return {
    description,
    request: { method: 'GET', path: '/api/v1/tools', headers: { Authorization: 'Bearer demo-token' } },
    response: { status: 200, body: [] },
    exercise,
  };
}

describe('runCase', () => {
  it('tries again after an exercise that succeeded but whose request Pact did not count, and writes the interaction once', async () => {
    const pact = new PactV4({ consumer: 'retry-consumer', provider: 'retry-provider', dir: outDir, logLevel: PACT_LOG_LEVEL });
    let attempts = 0;
    // The first attempt stands for Pact's miss: the exercise succeeds without the request reaching Pact's count.
    await runCase(
      pact,
      listTools('a list that Pact misses once', async (api) => {
        attempts++;
        if (attempts > 1) expect(await api.tools.list()).toEqual([]);
      }),
    );
    expect(attempts).toBe(2);
    const written = JSON.parse(await readFile(join(outDir, 'retry-consumer-retry-provider.json'), 'utf8'));
    expect(written.interactions).toHaveLength(1);
  });

  it('fails when the request is never sent, after one more try', async () => {
    const pact = new PactV4({ consumer: 'silent-consumer', provider: 'retry-provider', dir: outDir, logLevel: PACT_LOG_LEVEL });
    let attempts = 0;
    await expect(
      runCase(
        pact,
        listTools('a list the client never asks for', async () => {
          attempts++;
        }),
      ),
    ).rejects.toThrow(/expected but not received/);
    expect(attempts).toBe(2);
  });

  it('fails at once when the exercise fails', async () => {
    const pact = new PactV4({ consumer: 'failing-consumer', provider: 'retry-provider', dir: outDir, logLevel: PACT_LOG_LEVEL });
    let attempts = 0;
    await expect(
      runCase(
        pact,
        listTools('a list the client reads wrongly', async (api) => {
          attempts++;
          expect(await api.tools.list()).toEqual(['not what Pact answers']);
        }),
      ),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});
