/**
 * The README's conformance-kit commands run as written against a live mock
 * (only the address and the report paths are swapped). They run the built
 * CLI (`npm run verify`), which `npm test` builds first.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server.js';
import { readmeBlock, runShellBlock } from '../../test/helpers/readme.js';

const root = new URL('../../', import.meta.url).pathname;
const block = readmeBlock('sh', '--report junit=conformance.xml');

describe('readme conformance kit commands', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('run as written against a live mock, conform, and write their reports', { timeout: 90_000 }, async () => {
    expect(block).toBeDefined();
    const dir = mkdtempSync(join(tmpdir(), 'conformance-readme-'));
    const stdout = await runShellBlock(
      block ?? '',
      { 'http://127.0.0.1:4010': server.url, '=conformance.': `=${dir}/conformance.` },
      { cwd: root, env: { ...process.env, PACT_DO_NOT_TRACK: 'true' }, timeout: 90_000 },
    );

    expect(stdout.match(/The target conforms/g)).toHaveLength(3);
    expect(stdout).toContain('Compared with the built-in mock: every check came out the same.');
    expect(readFileSync(join(dir, 'conformance.xml'), 'utf8')).toMatch(
      /<testsuites name="voice-config conformance" tests="\d+" failures="0"/,
    );
    expect(JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')).summary.conforms).toBe(true);
  });
});
