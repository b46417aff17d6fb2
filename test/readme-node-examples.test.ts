/**
 * The Node examples of docs/api.md (the app in process),
 * docs/control-api.md (the control client) and docs/frontend.md (the set-up
 * of UI tests) run as written, and so does docs/pact.md's pact-verify
 * command for the mock (its arguments given to the command in process): each block is
 * taken from its page, bundled with esbuild (its import of
 * `voice-config-mock` resolved through the package's exports, to the build
 * `npm test` makes first) and run with node; a probe line appended to the
 * block prints what the example holds at its end.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACT_FILE } from '../contracts/pact/pact-names.js';
import { type RunningServer, startServer } from '../src/server/server.js';
import { readmeBlock } from './helpers/readme.js';

/** How many interactions the committed pact holds, read from it. */
const shippedInteractions = (JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: unknown[] }).interactions.length;

const inProcess = readmeBlock('ts', 'createApp, createMockState', 'docs/api.md');
const controlClient = readmeBlock('ts', 'createControlClient', 'docs/control-api.md');
const uiTestSetup = readmeBlock('ts', 'ui-test-setup.ts', 'docs/frontend.md');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-config-mock-node-examples-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Bundles the TypeScript source for node, runs it, and answers its standard output. */
async function runExample(name: string, source: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const bundled = await build({
    stdin: { contents: source, loader: 'ts', resolveDir: process.cwd(), sourcefile: `${name}.ts` },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The bundle is CommonJS inside: give it the require an ES module lacks.
    banner: { js: "import { createRequire as bannerRequire } from 'node:module'; const require = bannerRequire(import.meta.url);" },
    write: false,
    logLevel: 'silent',
  });
  const script = join(dir, `${name}.mjs`);
  await writeFile(script, bundled.outputFiles[0]?.text ?? '');
  const { stdout } = await promisify(execFile)(process.execPath, [script], { timeout: 30_000, env });
  return stdout;
}

describe('docs/api.md: the app in process', () => {
  it('lists the seeded trunks of demo-token without a port, and shows their provider configurations', async () => {
    expect(inProcess).toBeDefined();
    const probe =
      '\nconsole.log(JSON.stringify({ status: res.status, trunks: trunks.length, provisioned: mockState.telephony.configurations().length }));';
    const stdout = await runExample('in-process', `${inProcess ?? ''}${probe}`);

    const { status, trunks, provisioned } = JSON.parse(stdout) as { status: number; trunks: number; provisioned: number };
    expect(status).toBe(200);
    expect(trunks).toBeGreaterThan(1);
    expect(provisioned).toBeGreaterThan(trunks);
  }, 60_000);
});

describe('docs/control-api.md: the control client', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('makes a tenant, freezes and resumes the clock, verifies, and removes the tenant again', async () => {
    expect(controlClient).toBeDefined();
    const tenantsBefore = server.mockState.organizations.list().length;
    const probe = '\nconsole.log(JSON.stringify({ count, token }));';
    const source = `${(controlClient ?? '').replaceAll('http://127.0.0.1:4010', server.url)}${probe}`;

    const { count, token } = JSON.parse(await runExample('control-client', source)) as { count: number; token: string };

    expect(count).toBe(0);
    expect(token).toMatch(/\S{8,}/);
    expect(server.mockState.organizations.byToken(token)).toBeUndefined();
    expect(server.mockState.organizations.list()).toHaveLength(tenantsBefore);
    expect(server.mockState.clock.state().frozen).toBe(false);
  }, 60_000);
});

describe('docs/frontend.md: the set-up of UI tests', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('puts the seeded data back, and gives a worker an organization of its own that it removes again', async () => {
    expect(uiTestSetup).toBeDefined();
    const org = server.mockState.organizations.byToken('demo-token')?.id ?? '';
    const seeded = server.mockState.store.count(org, 'tools');
    const created = await fetch(`${server.url}/api/v1/tools`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-token', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'endCall', name: 'left_by_an_earlier_test' }),
    });
    expect(created.status).toBe(201);
    expect(server.mockState.store.count(org, 'tools')).toBe(seeded + 1);

    const stdout = await runExample('ui-test-setup', (uiTestSetup ?? '').replaceAll('http://127.0.0.1:4010', server.url));

    const token = /token for the app under test: (\S+)/.exec(stdout)?.[1] ?? '';
    expect(token).not.toBe('');
    // The reset took away what the earlier test left, and the worker's organization is gone again.
    expect(server.mockState.store.count(org, 'tools')).toBe(seeded);
    expect(server.mockState.organizations.byToken(token)).toBeUndefined();
    expect(server.mockState.organizations.list().map((tenant) => tenant.token)).toEqual(['demo-token', 'demo-token-2']);
  }, 60_000);
});

describe('docs/frontend.md: the set-up of UI tests, with a control token', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, controlToken: 'dev-secret' });
  });
  afterAll(() => server.close());

  it('passes the token the guide sets (MOCK_CONTROL_TOKEN), and the mock, which refuses requests without it, takes them', async () => {
    const source = (uiTestSetup ?? '').replaceAll('http://127.0.0.1:4010', server.url);
    await expect(runExample('ui-test-setup-no-token', source, { ...process.env, MOCK_CONTROL_TOKEN: '' })).rejects.toThrow(/401/);
    const stdout = await runExample('ui-test-setup-token', source, { ...process.env, MOCK_CONTROL_TOKEN: 'dev-secret' });
    expect(stdout).toMatch(/token for the app under test: \S+/);
    expect(server.mockState.organizations.list().map((tenant) => tenant.token)).toEqual(['demo-token', 'demo-token-2']);
  }, 60_000);
});

describe('docs/pact.md: verifying the pacts against the mock', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('runs the command the page gives for the mock (its arguments, in process) and every interaction holds', async () => {
    const { runPactVerifyCommand } = await import('../contracts/pact/pact-verify.js');
    const block = readmeBlock('sh', 'npx voice-config-mock pact-verify --provider-base-url http://127.0.0.1:4010', 'docs/pact.md') ?? '';
    const command = block.split('\n').find((line) => line.includes('http://127.0.0.1:4010')) ?? '';
    const args = command.replaceAll('http://127.0.0.1:4010', server.url).split(' pact-verify ')[1]?.trim().split(/\s+/) ?? [];
    expect(args).toEqual(['--provider-base-url', server.url]);
    const org = server.mockState.organizations.byToken('demo-token')?.id ?? '';
    const toolsBefore = server.mockState.store.list(org, 'tools');
    const lines: string[] = [];

    const code = await runPactVerifyCommand(args, (line) => lines.push(line));

    expect(code, lines.join('\n')).toBe(0);
    expect(lines.at(-1)).toBe(`All ${shippedInteractions} interactions hold.`);
    // The verification gave the demo organization back what it held.
    expect(server.mockState.store.list(org, 'tools')).toEqual(toolsBefore);
    expect(server.mockState.organizations.list().map((tenant) => tenant.token)).toEqual(['demo-token', 'demo-token-2']);
  }, 120_000);
});
