/**
 * Scenarios are data: fixtures/ holds JSON files only (no code, so nothing
 * there imports the mock), each a valid scenario; and a scenario of one's
 * own is a file the command line takes (`--scenario ./my-scenario.json`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario, scenarioSchema } from '../src/state/seed/scenario.js';
import { scenarios } from '../src/state/seed/scenarios.js';
import { readmeBlock } from './helpers/readme.js';

const fixtures = new URL('../fixtures/', import.meta.url);
const cli = new URL('../dist/voice-config-mock.cjs', import.meta.url).pathname;

describe('fixtures/', () => {
  it('holds only JSON scenarios, each valid and each shipped under its name', () => {
    const files = readdirSync(fixtures);
    expect(files.filter((file) => !file.endsWith('.json'))).toEqual([]);
    for (const file of files) {
      const data = JSON.parse(readFileSync(new URL(file, fixtures), 'utf8'));
      expect(scenarioSchema.safeParse(data).success).toBe(true);
      expect(scenarios[file.replace(/\.json$/, '')]?.name).toBe(data.name);
    }
  });

  it('takes the example of docs/cli.md as it is written', () => {
    const example = readmeBlock('json', '"one-team"', 'docs/cli.md');
    expect(example).toBeDefined();
    expect(parseScenario(JSON.parse(example ?? ''), 'docs/cli.md').organizations[0]?.counts).toEqual({ tools: 3, assistants: 1 });
  });

  it('names every problem of a scenario that is not one', () => {
    expect(() => parseScenario({ name: 'x', organizations: [{ token: 't', counts: { trunks: 1 } }] }, 'my.json')).toThrow(
      /my\.json is not a scenario: organizations\[0\]\.counts: Unrecognized key: "trunks"/,
    );
  });

  // A client sends the token in a header, which carries visible ASCII only: such a token could never be matched.
  it('refuses a token no client could send, naming where it is', () => {
    for (const token of ['bad token', '', 'tab\there', 'caf\u00e9']) {
      expect(() => parseScenario({ name: 'x', organizations: [{ token, counts: {} }] }, 'my.json')).toThrow(
        /my\.json is not a scenario: organizations\[0\]\.token: An API token (may not be empty|holds only visible ASCII characters)/,
      );
    }
    expect(() => parseScenario({ name: 'x', organizations: [{ token: 'Good-token_1.~+/=', counts: {} }] }, 'my.json')).not.toThrow();
  });
});

describe('--scenario FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vcm-scenario-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs the built command until it listens (then stops it) or exits; resolves with what it printed. */
  const run = (args: string[]) =>
    new Promise<{ out: string; err: string; code: number | null; url?: string; stop: () => void }>((resolve) => {
      const child = spawn(process.execPath, [cli, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      const stop = () => child.kill('SIGTERM');
      child.stdout.on('data', (chunk) => {
        out += chunk;
        const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
        if (url && out.includes('Press Ctrl+C')) resolve({ out, err, code: null, url, stop });
      });
      child.stderr.on('data', (chunk) => {
        err += chunk;
      });
      child.on('exit', (code) => resolve({ out, err, code, stop }));
    });

  it('starts from a scenario file of one’s own', async () => {
    const path = join(dir, 'my-scenario.json');
    const organizations = [{ name: 'File Org', token: 'file-token', counts: { tools: 3 } }];
    writeFileSync(path, JSON.stringify({ name: 'mine', description: 'From a file.', organizations }));
    const started = await run(['--scenario', path]);
    try {
      expect(started.out).toContain(`scenario mine from ${path}`);
      const tools = await fetch(`${started.url}/api/v1/tools`, { headers: { authorization: 'Bearer file-token' } });
      expect(((await tools.json()) as unknown[]).length).toBe(3);
      const trunks = await fetch(`${started.url}/api/v1/sip-trunks`, { headers: { authorization: 'Bearer file-token' } });
      expect(await trunks.json()).toEqual([]);
      expect((await fetch(`${started.url}/api/v1/tools`, { headers: { authorization: 'Bearer demo-token' } })).status).toBe(401);
    } finally {
      started.stop();
    }
  });

  it('refuses a file that is not JSON, or not a scenario, with a message and exit code 2', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{ "name": ');
    const notJson = await run(['--scenario', broken]);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain(`--scenario ${broken} is not JSON`);
    const wrong = join(dir, 'wrong.json');
    writeFileSync(wrong, JSON.stringify({ name: 'w', organizations: [{ counts: { tools: -1 } }] }));
    const invalid = await run(['--scenario', wrong]);
    expect(invalid.code).toBe(2);
    expect(invalid.err).toMatch(/is not a scenario: organizations\[0\]\.token: .*organizations\[0\]\.counts\.tools/);
    const missing = await run(['--scenario', join(dir, 'nowhere.json')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read');
  });
});
