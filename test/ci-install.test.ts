/**
 * docs/conformance.md's CI steps run as written: the package is packed from
 * this checkout (`npm pack`, as the job does in its checkout of the
 * repository), installed from the tarball by the page's own install line
 * into an empty project, and the page's `npx voice-config-mock verify` line
 * judges a live mock. npm runs with `prefer-offline` set, so the install takes
 * what npm's cache holds (`npm ci` filled it with the tarballs) and asks
 * the registry only for what is missing (package data `npm ci` does not keep).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type RunningServer, startServer } from '../src/server/server.js';
import { readmeBlock } from './helpers/readme.js';

const run = promisify(execFile);
const root = new URL('../', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const steps = readmeBlock('yaml', 'npx voice-config-mock verify', 'docs/conformance.md') ?? '';
/** The command of the step whose `run:` holds `marker`. */
const stepWith = (marker: string) =>
  /- run: (.*)$/m.exec(steps.split('\n').find((line) => line.includes('- run:') && line.includes(marker)) ?? '')?.[1] ?? '';

describe('the CI steps of docs/conformance.md', () => {
  let mock: RunningServer;
  beforeAll(async () => {
    mock = await startServer({ port: 0 });
  });
  afterAll(() => mock.close());

  it('install the packed package and verify a live mock with it', { timeout: 180_000 }, async () => {
    const install = stepWith('npm install');
    const verify = stepWith('npx voice-config-mock verify');
    expect(install).toContain(`./voice-config-mock/voice-config-mock-${version}.tgz`);
    expect(stepWith('npm pack')).toContain('npm pack');

    // The job's workspace: the checkout's tarball in ./voice-config-mock, and a project of its own.
    const workspace = mkdtempSync(join(tmpdir(), 'ci-install-'));
    // A whole npm install (tens of MB), removed whether the steps passed or not.
    onTestFinished(() => rm(workspace, { recursive: true, force: true }));
    mkdirSync(join(workspace, 'voice-config-mock'));
    writeFileSync(join(workspace, 'package.json'), '{"name":"ci-workspace","private":true}\n');
    const env = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
    // Packs the build `npm test` made first (its prepack script would build again, while other tests read dist/).
    await run('npm', ['pack', '--ignore-scripts', '--pack-destination', join(workspace, 'voice-config-mock')], {
      cwd: root,
      env,
      timeout: 120_000,
    });

    await run('bash', ['-c', `set -euo pipefail\n${install}`], { cwd: workspace, env, timeout: 120_000 });
    const verified = await run('bash', ['-c', `set -euo pipefail\n${verify}`], {
      cwd: workspace,
      env: { ...env, STAGING_URL: mock.url, TOKEN_ORG_A: 'demo-token', TOKEN_ORG_B: 'demo-token-2' },
      timeout: 120_000,
    });

    expect(verified.stdout).toMatch(/\d+ checks: \d+ passed, 0 failed \(0 counted\), 0 not judged\.\nThe target conforms\.? /);
    expect(readFileSync(join(workspace, 'conformance.xml'), 'utf8')).toMatch(
      /<testsuites name="voice-config conformance" tests="\d+" failures="0"/,
    );
    // Exit status 0 (set -e ran the line): nothing failed and the whole spec was judged, as the JSON report says too.
    expect(JSON.parse(readFileSync(join(workspace, 'conformance.json'), 'utf8')).summary).toMatchObject({ counted: 0, notJudgedSpec: 0 });
    // The installed command, not this checkout's: the verify line ran from the workspace's node_modules.
    expect(JSON.parse(readFileSync(join(workspace, 'node_modules/voice-config-mock/package.json'), 'utf8')).version).toBe(version);
  });
});
