/**
 * `npm start` runs the mock from the start-up snapshot `npm run build` makes
 * (src/cli/launch/start-snapshot.ts): the same mock, with whatever differs
 * from one start to the next (ids, the environment) taken at the start, not
 * at build time. The tests run the start command as package.json writes it,
 * on the built files (`npm test` builds before vitest runs); the last works
 * on a copy of them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killAll, startNode } from './helpers/mock-process.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };
/** npm start's words after `node`: its node flags (the snapshot's among them) and the launcher. */
const startWords = (packageJson.scripts.start ?? '').split(/\s+/).slice(1);
const REPORT = { ...process.env, VOICE_CONFIG_MOCK_START_SNAPSHOT: 'report' };
const AUTH = { authorization: 'Bearer demo-token' };

/** Runs `node <words>` from the project's folder until it listens. */
const serve = (words: string[], env: NodeJS.ProcessEnv = REPORT) => startNode(words, { cwd: ROOT, env });

/** Runs `node <words>` to its end. */
function runToEnd(words: string[]) {
  return spawnSync(process.execPath, words, { cwd: ROOT, env: REPORT, encoding: 'utf8', timeout: 30_000 });
}

const createSchema = async (url: string, name: string) => {
  const response = await fetch(`${url}/api/v1/schemas`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify({ name, properties: { topic: 'string' } }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe('npm start, from the start-up snapshot', () => {
  afterEach(killAll);

  it('runs the mock from the snapshot, which answers the API, the docs page and a large body as the mock does', async () => {
    expect(startWords.some((word) => word.startsWith('--snapshot-blob'))).toBe(true);
    const { url, stderr } = await serve([...startWords, '--port', '0']);
    expect(stderr()).toContain('start-up snapshot: used');
    const list = await fetch(`${url}/api/v1/schemas`, { headers: AUTH });
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBeGreaterThan(0);
    // The app, its web objects and the docs assets load on first use, as do node:http's other modules.
    const docs = await fetch(`${url}/docs`, { headers: { origin: 'http://localhost:5173' } });
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('<html');
    // Over 64 KiB: parsed on a worker thread (node:worker_threads, required on first use here).
    const properties = Object.fromEntries(Array.from({ length: 4000 }, (_, i) => [`field${i}`, 'string']));
    const large = await fetch(`${url}/api/v1/schemas`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Large', properties }),
    });
    expect(large.status).toBe(400);
    expect(((await large.json()) as { errors: { pointer: string }[] }).errors[0]?.pointer).toBe('/properties');
  });

  it('hands out other ids and tokens in each start: nothing random is kept in the snapshot', async () => {
    const [first, second] = await Promise.all([serve([...startWords, '--port', '0']), serve([...startWords, '--port', '0'])]);
    const ids = await Promise.all([first, second].map(({ url }) => createSchema(url, 'Call topics')));
    expect(ids[0]).not.toBe(ids[1]);
    const tenants = await Promise.all(
      [first, second].map(async ({ url }) => {
        const response = await fetch(`${url}/__mock/tenants`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(response.status).toBe(201);
        return (await response.json()) as { id: string; token: string };
      }),
    );
    expect(tenants[0]?.id).not.toBe(tenants[1]?.id);
    expect(tenants[0]?.token).not.toBe(tenants[1]?.token);
  });

  it('reads the environment when it starts, not when it was built (PORT)', async () => {
    const port = await freePort();
    const { url } = await serve([...startWords], { ...REPORT, PORT: String(port) });
    expect(new URL(url).port).toBe(String(port));
  });

  it('answers --version and help, and runs the other commands from their bundles', () => {
    const version = runToEnd([...startWords, '--version']);
    expect(version.stdout.trim()).toBe(packageJson.version);
    expect(version.stderr).toContain('start-up snapshot: used');
    expect(runToEnd([...startWords, 'help']).stdout).toContain('Usage:');
    const verify = runToEnd([...startWords, 'verify', '--help']);
    expect(verify.status).toBe(0);
    expect(verify.stdout).toContain('--base-url');
  });
});

describe('a copy of the build in another folder', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'voice-config-mock-moved-'));
  afterEach(killAll);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('runs the launcher it names, not the files the snapshot was made from', async () => {
    mkdirSync(join(scratch, 'dist'));
    // The version is read from the package.json above the launcher.
    copyFileSync(join(ROOT, 'package.json'), join(scratch, 'package.json'));
    copyFileSync(join(ROOT, 'dist', 'voice-config-mock.cjs'), join(scratch, 'dist', 'voice-config-mock.cjs'));
    copyFileSync(join(ROOT, 'dist', 'start.blob'), join(scratch, 'dist', 'start.blob'));
    cpSync(join(ROOT, 'dist', 'commands'), join(scratch, 'dist', 'commands'), { recursive: true });
    const words = startWords.map((word) =>
      word.startsWith('--snapshot-blob')
        ? `--snapshot-blob=${join(scratch, 'dist', 'start.blob')}`
        : word.startsWith('-')
          ? word
          : join(scratch, word),
    );
    const version = runToEnd([...words, '--version']);
    expect(version.stderr).toContain(`start-up snapshot: not used (made for ${join(ROOT, 'dist', 'voice-config-mock.cjs')})`);
    expect(version.stdout.trim()).toBe(packageJson.version);
    const { url } = await serve([...words, '--port', '0']);
    expect((await fetch(`${url}/api/v1/schemas`, { headers: AUTH })).status).toBe(200);
  });
});
