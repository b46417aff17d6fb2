/**
 * The committed OpenAPI document and pact, read by the tools teams already
 * run in CI, installed from npm as they install them: PactFlow's
 * swagger-mock-validator (the bi-directional contract check) finds the
 * pact compatible with the document, and Redocly's linter (recommended
 * rules) and Spectral (`spectral:oas`) find no error in it. Each CLI runs
 * as a separate process, as in a pipeline, with no network (each tool's
 * telemetry and update check turned off).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACT_FILE } from '../contracts/pact/pact-names.js';

const DOCUMENT = join(process.cwd(), 'contracts', 'openapi.json');

/** The path of an installed package's command, from its package.json (as npx would run it; some packages do not export that file). */
function binOf(pkg: string, name: string): string {
  const folder = join(process.cwd(), 'node_modules', pkg);
  const { bin } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  return join(folder, bin[name] ?? '');
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(pkg: string, name: string, args: string[]): Promise<Run> {
  const env = {
    ...process.env,
    PACT_DO_NOT_TRACK: 'true',
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    NO_COLOR: '1',
  };
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [binOf(pkg, name), ...args],
      { env, timeout: 120_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'voice-config-openapi-tools-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("PactFlow's swagger-mock-validator", () => {
  const validate = (pact: string) => run('@pactflow/swagger-mock-validator', 'swagger-mock-validator', [DOCUMENT, pact]);

  it('finds the committed pact compatible with the document: no error, no warning', async () => {
    const result = await validate(PACT_FILE);
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toContain('0 error(s)');
    expect(result.stdout).toContain('0 warning(s)');
  }, 120_000);

  it('finds a pact the document does not allow incompatible, naming why (the check can fail)', async () => {
    const pact = JSON.parse(await readFile(PACT_FILE, 'utf8')) as {
      interactions: { description: string; request: { body?: { content?: Record<string, unknown> } } }[];
    };
    const create = pact.interactions.find(({ description }) => description === 'a request to create a tool');
    const content = create?.request.body?.content;
    expect(content).toBeDefined();
    if (content) content.type = 'carrierPigeon';
    const changed = join(dir, 'changed-pact.json');
    await writeFile(changed, JSON.stringify(pact));
    const result = await validate(changed);
    expect(result.code).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(/request\.body\.incompatible/);
  }, 120_000);
});

describe('OpenAPI linters over contracts/openapi.json', () => {
  it("Redocly's lint, recommended rules: no error (and no warning)", async () => {
    const result = await run('@redocly/cli', 'redocly', ['lint', '--extends', 'recommended', '--format', 'json', DOCUMENT]);
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    expect(report.problems.map(({ ruleId, message }) => `${ruleId}: ${message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(result.code).toBe(0);
  }, 120_000);

  it("Spectral's spectral:oas ruleset: no error", async () => {
    const ruleset = join(dir, '.spectral.yaml');
    await writeFile(ruleset, 'extends: ["spectral:oas"]\n');
    const result = await run('@stoplight/spectral-cli', 'spectral', ['lint', '--ruleset', ruleset, '--format', 'json', DOCUMENT]);
    const findings = JSON.parse(result.stdout) as { code: string; severity: number; path: string[] }[];
    // Severity 0 is an error; warnings (operations without a description, no contact in info) are left.
    const errors = findings.filter(({ severity }) => severity === 0).map(({ code, path }) => `${code} at ${path.join('.')}`);
    expect(errors).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
    expect(new Set(findings.map(({ code }) => code))).toEqual(new Set(['info-contact', 'operation-description']));
  }, 120_000);
});
