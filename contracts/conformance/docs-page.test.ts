/**
 * docs/conformance.md's commands run as written (only the addresses and report paths are swapped): the
 * ones for the mock against a live mock, the ones for the kit's test servers against those servers. They
 * run the built CLI (`npm run verify`), which `npm test` builds first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { runShellBlock } from '../../test/helpers/readme.js';
import { startBeta } from '../../test/kit-servers/beta.js';
import { startGamma } from '../../test/kit-servers/gamma.js';
import type { Running } from '../../test/kit-servers/plumbing.js';

const root = new URL('../../', import.meta.url).pathname;
const page = readFileSync(new URL('../../docs/conformance.md', import.meta.url), 'utf8');
const blocks = [...page.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
const blockWith = (marker: string) => blocks.find((block) => block.includes(marker)) ?? '';
const env = { ...process.env, PACT_DO_NOT_TRACK: 'true' };

describe('docs/conformance.md commands', () => {
  let mock: RunningServer;
  let beta: Running;
  let gamma: Running;
  beforeAll(async () => {
    [mock, beta, gamma] = await Promise.all([startServer({ port: 0 }), startBeta(), startGamma()]);
  });
  afterAll(() => Promise.all([mock.close(), beta.close(), gamma.close()]));

  it('run as written against a live mock, conform, and write their reports', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conformance-docs-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const stdout = await runShellBlock(
      blockWith('--report junit=conformance.xml'),
      { 'http://127.0.0.1:4010': mock.url, '=conformance.': `=${dir}/conformance.` },
      { cwd: root, env, timeout: 120_000 },
    );

    expect(stdout.match(/The target conforms/g)).toHaveLength(3);
    expect(stdout).toContain('Compared with the built-in mock: every check came out the same.');
    expect(readFileSync(join(dir, 'conformance.xml'), 'utf8')).toMatch(
      /<testsuites name="voice-config conformance" tests="\d+" failures="0"/,
    );
    expect(JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')).summary.conforms).toBe(true);
  });

  it.each([
    ['the new flags against the mock', '--header "X-Request-Source', () => ({ 'http://127.0.0.1:4010': mock.url })],
    ['the enveloped server', '--list-pointer /data', () => ({ 'http://127.0.0.1:4020': beta.url })],
    ['the Location-only server', '--system-trunk-id', () => ({ 'http://127.0.0.1:4030': gamma.url })],
  ])('judge the whole spec of %s', { timeout: 60_000 }, async (_name, marker, replace) => {
    const block = blockWith(marker);
    expect(block).toContain('--fail-on-skipped-spec');

    const stdout = await runShellBlock(block, replace(), { cwd: root, env, timeout: 60_000 });

    expect(stdout).toMatch(/\d+ checks: \d+ passed, 0 failed \(0 counted\), 0 not judged\.\nThe target conforms/);
  });
});
