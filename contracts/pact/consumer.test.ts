import './pact-env.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PactV4 } from '@pact-foundation/pact';
import { afterAll, describe, expect, it } from 'vitest';
import { crudCases } from './cases/crud-cases.js';
import { errorCases } from './cases/error-cases.js';
import { resourceTables } from './cases/resource-tables.js';
import { runCase } from './contract-case.js';
import { PACT_LOG_LEVEL } from './pact-env.js';
import { committedForm } from './pact-file.js';
import { CONSUMER, PACT_FILE, PROVIDER } from './pact-names.js';

// Pact merges into an existing file, so each run writes into a fresh folder;
// the last test compares the result with the committed pact (vitest -u updates it).
const outDir = await mkdtemp(join(tmpdir(), 'voice-config-pacts-'));
const pact = new PactV4({ consumer: CONSUMER, provider: PROVIDER, dir: outDir, logLevel: PACT_LOG_LEVEL });

afterAll(() => rm(outDir, { recursive: true, force: true }));

describe('frontend contract with the configuration api', () => {
  for (const table of resourceTables) {
    describe(table.plural, () => {
      for (const kase of crudCases(table)) it(kase.description, () => runCase(pact, kase));
    });
  }
  describe('documented errors', () => {
    for (const kase of errorCases) it(kase.description, () => runCase(pact, kase));
  });

  it('the committed pact file is the one these expectations write', async () => {
    const written = committedForm(await readFile(join(outDir, `${CONSUMER}-${PROVIDER}.json`), 'utf8'));
    const interactions = (JSON.parse(written) as { interactions: unknown[] }).interactions;
    expect(interactions).toHaveLength(resourceTables.length * 5 + errorCases.length);
    await expect(written).toMatchFileSnapshot(PACT_FILE);
  });
});
