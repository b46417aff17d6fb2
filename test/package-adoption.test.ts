/**
 * The package as a team adopts it, from the tarball `npm pack` makes (packed
 * once), installed with msw into a fresh CommonJS project from npm's cache
 * (`prefer-offline`; `npm ci` filled it):
 * - the tarball holds LICENSE, the CommonJS side and the scenarios the docs name, and no sources;
 * - the CI recipes of docs/cli.md run as written (npx and node_modules/.bin), their job (`npm test`) a
 *   default-configuration Jest run, CommonJS, of a test that uses the typed client and the control client against
 *   the mock they started, and createApp in process; once they end nothing listens on the port;
 * - the browser entry (its MSW handler) loads with require in Node;
 * - a CommonJS TypeScript project type-checks against the package with `module: node16`, and with
 *   `moduleResolution: node`; an ES module imports the same entries.
 * Jest and TypeScript 5.9 are this checkout's (dev dependencies), run in the project, so the install is the
 * package's alone.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeBlock } from './helpers/readme.js';

const run = promisify(execFile);
const root = new URL('../', import.meta.url).pathname;
const jest = join(root, 'node_modules/jest/bin/jest.js');
// The TypeScript teams run today (the project's own, 7, no longer reads `moduleResolution: node`).
const tsc = join(root, 'test/openapi-client/generator/node_modules/typescript/bin/tsc');
const msw = (JSON.parse(readFileSync(join(root, 'node_modules/msw/package.json'), 'utf8')) as { version: string }).version;
const env = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', NO_COLOR: '1' };

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Whether something accepts connections on the port. */
async function listening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/__mock/health`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

const JEST_TEST = `const { ApiError, createApiClient } = require('voice-config-mock/client');
const { createApp, createControlClient } = require('voice-config-mock');

const baseUrl = \`http://127.0.0.1:\${process.env.PORT || 4010}\`;

test('the typed client creates, reads and lists through the mock', async () => {
  await createControlClient({ baseUrl }).reset();
  const api = createApiClient({ baseUrl, token: 'demo-token', headers: { 'x-request-id': 'jest-1' } });
  const before = await api.tools.list();
  const made = await api.tools.create({ type: 'function', name: 'fromJest', url: 'https://api.example.com/jest' });
  expect((await api.tools.get(made.id)).name).toBe('fromJest');
  expect(await api.tools.list()).toHaveLength(before.length + 1);
  const refused = await api.tools.get(made.id, { headers: { prefer: 'code=404' } }).catch((error) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect(refused.status).toBe(404);
});

test('createApp answers in process, through the same client', async () => {
  const app = createApp();
  const api = createApiClient({ baseUrl: 'http://in.process', token: 'demo-token', fetch: (url, init) => app.request(url, init) });
  expect((await api.schemas.list()).length).toBeGreaterThan(0);
});

`;

const CHECK_TS = `import { ApiError, createApiClient } from 'voice-config-mock/client';
import { createApp, createMockState, type MockState, type Tool } from 'voice-config-mock';
import { createMockHandler } from 'voice-config-mock/browser';
import { runSuite } from 'voice-config-mock/conformance';

const api = createApiClient({ baseUrl: 'http://127.0.0.1:4010', token: 'demo-token', headers: { 'x-request-id': '1' } });
export async function names(): Promise<string[]> {
  const tools: Tool[] = await api.tools.list({ headers: { prefer: 'delay=10' } });
  // @ts-expect-error: a tool has no field of this name (the types are the package's, not any)
  void tools[0]?.notAField;
  return tools.map((tool) => tool.name);
}
const state: MockState = createMockState({ seed: 2 });
export const app = createApp({ mockState: state });
export const handler = createMockHandler;
export const suite = runSuite;
export const isApiError = (error: unknown): boolean => error instanceof ApiError;
`;

describe('the packed package in a CommonJS project', () => {
  const project = mkdtempSync(join(tmpdir(), 'vcm-adopt-'));
  let packed: { files: { path: string }[]; filename: string };
  // A whole node_modules: its removal takes a while on a busy machine.
  afterAll(() => rm(project, { recursive: true, force: true }), 60_000);

  beforeAll(async () => {
    // Packs the build there is (its prepack script would build again, while other tests read dist/).
    const pack = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], {
      cwd: root,
      env,
      timeout: 120_000,
    });
    packed = (JSON.parse(pack.stdout) as (typeof packed)[])[0] as typeof packed;
    // No "type": the project is CommonJS, as Jest's default set-up and many Node projects are.
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'adopting-team', private: true, scripts: { test: `node ${jest}` } }, null, 2)}\n`,
    );
    await run('npm', ['install', '--save-dev', `./${packed.filename}`, `msw@${msw}`], { cwd: project, env, timeout: 120_000 });
    writeFileSync(join(project, 'tools.test.js'), JEST_TEST);
  }, 180_000);

  it('ships LICENSE, the CommonJS side and the scenarios, and no sources', () => {
    const paths = packed.files.map((file) => file.path);
    expect(paths).toContain('LICENSE');
    expect(readFileSync(join(project, 'node_modules/voice-config-mock/LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(paths).toContain('dist/cjs/package.json');
    expect(paths).toContain('dist/cjs/src/client/index.js');
    expect(paths).toContain('dist/cjs/src/client/index.d.ts');
    expect(paths).toContain('dist/fixtures/team.json');
    expect(paths.filter((path) => /^(src|test)\//.test(path) || (path.endsWith('.ts') && !path.endsWith('.d.ts')))).toEqual([]);
    // No install script of its own (npm 11 would list it for a tarball however allowScripts names it): it builds when packed.
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules/voice-config-mock/package.json'), 'utf8'));
    expect(Object.keys(manifest.scripts).filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name))).toEqual([]);
    // A source map carries the source it names, which the package does not ship.
    const map = JSON.parse(readFileSync(join(project, 'node_modules/voice-config-mock/dist/src/index.js.map'), 'utf8'));
    expect(map.sourcesContent?.[0]).toContain('export');
  });

  for (const [form, marker] of [
    ['npx', 'npx voice-config-mock --quiet &'],
    ['node_modules/.bin', 'node_modules/.bin/voice-config-mock --quiet &'],
  ] as const) {
    it(`runs docs/cli.md's CI recipe in its ${form} form: a Jest job against the mock, and nothing left listening`, async () => {
      const recipe = readmeBlock('sh', marker, 'docs/cli.md');
      expect(recipe, `docs/cli.md has the ${form} recipe`).toBeDefined();
      const port = await freePort();
      const done = await run('bash', ['-e', '-c', recipe ?? ''], { cwd: project, env: { ...env, PORT: String(port) }, timeout: 120_000 });
      expect(done.stdout).toContain('{"status":"ok"}');
      // Jest, with its default configuration, ran the CommonJS test file and it passed.
      expect(done.stderr).toMatch(/Tests: +2 passed, 2 total/);
      expect(await listening(port)).toBe(false);
    }, 150_000);
  }

  it('type-checks a CommonJS TypeScript project on module node16, and on moduleResolution node', async () => {
    writeFileSync(join(project, 'check.ts'), CHECK_TS);
    // This checkout's @types/node, as the project's own would be.
    const common = {
      strict: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [join(root, 'node_modules/@types')],
      target: 'ES2022',
      lib: ['ES2023', 'DOM'],
      // As `tsc --init` writes it: msw's own declarations do not type-check in a CommonJS project.
      skipLibCheck: true,
    };
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...common, module: 'node16', moduleResolution: 'node16' }, files: ['check.ts'] }),
    );
    writeFileSync(
      join(project, 'tsconfig.node10.json'),
      JSON.stringify({ compilerOptions: { ...common, module: 'commonjs', moduleResolution: 'node' }, files: ['check.ts'] }),
    );
    for (const config of ['tsconfig.json', 'tsconfig.node10.json']) {
      const checked = await run(process.execPath, [tsc, '-p', config], { cwd: project, env, timeout: 120_000 }).catch((error) => error);
      expect(`${checked.stdout ?? ''}${checked.stderr ?? ''}`, config).toBe('');
    }
  }, 150_000);

  // The conformance entry's body sampler, json-schema-faker, ships ES modules only, with no `require` export.
  it('loads the browser entry (the MSW handler) and the conformance entry with require in Node', async () => {
    const script = `const { createMockHandler, createControlClient } = require('voice-config-mock/browser');
const { createApp } = require('voice-config-mock');
const { runSuite } = require('voice-config-mock/conformance');
const handler = createMockHandler({ app: createApp(), baseUrl: 'http://api.test' });
console.log(typeof handler.run, typeof createControlClient, typeof runSuite);`;
    writeFileSync(join(project, 'browser.cjs'), script);
    const { stdout } = await run(process.execPath, ['browser.cjs'], { cwd: project, env, timeout: 60_000 });
    expect(stdout.trim()).toBe('function function function');
  });

  it('loads the same entries as ES modules', async () => {
    const script = `import { createApiClient } from 'voice-config-mock/client';
import { createApp } from 'voice-config-mock';
const api = createApiClient({ baseUrl: 'http://in.process', token: 'demo-token', fetch: (url, init) => createApp().request(url, init) });
console.log((await api.schemas.list()).length);`;
    writeFileSync(join(project, 'esm.mjs'), script);
    const { stdout } = await run(process.execPath, ['esm.mjs'], { cwd: project, env, timeout: 60_000 });
    expect(Number(stdout.trim())).toBeGreaterThan(0);
  });
});
