/**
 * The typed-client example of docs/pact.md runs as written: the block is taken from
 * the page, compiled with esbuild (its import of `voice-config-mock/client`
 * resolved through the package's exports, as an installed package resolves
 * it) and run with node against a live server on a free port.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeBlock } from './helpers/readme.js';
import { serverForTests } from './helpers/server.js';

const example = readmeBlock('ts', "from 'voice-config-mock/client'", 'docs/pact.md');

describe('readme typed client example', () => {
  const mock = serverForTests();
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'voice-config-mock-readme-client-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('creates, updates and removes a trunk, and shows the refusal of a system trunk as an ApiError', async () => {
    expect(example).toBeDefined();
    const source = (example ?? '').replaceAll('http://127.0.0.1:4010', mock.url);
    const bundled = await build({
      stdin: { contents: source, loader: 'ts', resolveDir: process.cwd(), sourcefile: 'readme-client.ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    const script = join(dir, 'example.mjs');
    await writeFile(script, bundled.outputFiles[0]?.text ?? '');
    const org = mock.server.mockState.organizations.byToken('demo-token')?.id ?? '';
    const trunksBefore = mock.server.mockState.store.count(org, 'sipTrunks');

    const { stdout } = await promisify(execFile)(process.execPath, [script], { timeout: 20_000 });

    expect(stdout.trim()).toBe('403 Forbidden Error');
    // The trunk it created was removed again, and the system trunk it tried to remove is still there.
    expect(mock.server.mockState.store.count(org, 'sipTrunks')).toBe(trunksBefore);
    const methods = mock.server.mockState.journal.find().map(({ method, path }) => `${method} ${path.replace(/[0-9a-f-]{36}$/, ':id')}`);
    expect(methods).toEqual(
      expect.arrayContaining([
        'POST /api/v1/sip-trunks',
        'PATCH /api/v1/sip-trunks/:id',
        'GET /api/v1/schemas',
        'DELETE /api/v1/sip-trunks/:id',
      ]),
    );
  });
});
