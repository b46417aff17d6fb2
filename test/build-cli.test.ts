/**
 * The CLI half of `npm run build` (src/cli/launch/build-cli.mjs) redoes nothing
 * that is up to date: an unchanged bundle is not written again, and the
 * start-up snapshot is made again only for a bundle, a Node or node flags it
 * was not made for. Built into a directory of its own, so the dist/ other
 * tests run stays as it is.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandNames } from '../src/cli/cli.js';
import {
  bundleCli,
  commandEntries,
  ensureStartSnapshot,
  SNAPSHOT_BLOB,
  SNAPSHOT_BUNDLE,
  snapshotNodeFlags,
  workerEntries,
  // @ts-expect-error: a plain .mjs build script (it runs before anything is compiled), without type declarations.
} from '../src/cli/launch/build-cli.mjs';

/** Runs the built launcher of `out` from its snapshot, as npm start does, with `env`. */
const fromSnapshot = (out: string, env: NodeJS.ProcessEnv, ...args: string[]) =>
  spawnSync(
    process.execPath,
    [...snapshotNodeFlags(), `--snapshot-blob=${join(out, SNAPSHOT_BLOB)}`, join(out, 'voice-config-mock.cjs'), ...args],
    {
      env: { ...env, VOICE_CONFIG_MOCK_START_SNAPSHOT: 'report' },
      encoding: 'utf8',
      timeout: 30_000,
    },
  );

// Each build bundles every command and makes a snapshot of one: seconds each, more on a busy machine.
describe('build-cli', { timeout: 60_000 }, () => {
  let out: string;
  const bundle = () => join(out, 'commands', 'serve.cjs');
  const modified = (file: string) => statSync(join(out, file)).mtimeMs;

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'vcm-build-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes a bundle per command, the launcher and the bundle of the snapshot, then the snapshot, the first time', async () => {
    const written: string[] = await bundleCli(out);
    expect(written.map((path) => path.slice(out.length + 1)).sort()).toEqual(
      [
        ...Object.keys({ ...commandEntries(), ...workerEntries }).map((name) => `commands/${name}.cjs`),
        'voice-config-mock.cjs',
        SNAPSHOT_BUNDLE,
      ].sort(),
    );
    // Every command the dispatcher knows has its bundle, and there is none it does not know.
    expect(Object.keys(commandEntries()).sort()).toEqual([...commandNames].sort());
    expect(ensureStartSnapshot(out)).toBe('made');
    const run = fromSnapshot(out, process.env, 'help');
    expect(run.stderr).toContain('start-up snapshot: used');
    expect(run.stdout).toContain('Usage:');
  });

  it('keeps the launcher small: help and --version load none of the mock or the kit', () => {
    expect(statSync(join(out, 'voice-config-mock.cjs')).size).toBeLessThan(64 * 1024);
  });

  it('writes nothing again when nothing changed, and keeps the snapshot', async () => {
    const before = { bundle: modified('commands/serve.cjs'), snapshot: modified(SNAPSHOT_BLOB) };
    expect(await bundleCli(out)).toEqual([]);
    expect(ensureStartSnapshot(out)).toBe('up to date');
    expect(modified('commands/serve.cjs')).toBe(before.bundle);
    expect(modified(SNAPSHOT_BLOB)).toBe(before.snapshot);
  });

  it('puts back a bundle that differs from the sources, and makes the snapshot again for a bundle that changed', async () => {
    appendFileSync(bundle(), '\n// changed by hand\n');
    expect(await bundleCli(out)).toEqual([bundle()]);
    appendFileSync(join(out, SNAPSHOT_BUNDLE), '\n// changed by hand\n');
    expect(ensureStartSnapshot(out)).toBe('made');
    expect(await bundleCli(out)).toEqual([join(out, SNAPSHOT_BUNDLE)]);
    expect(ensureStartSnapshot(out)).toBe('made');
    expect(ensureStartSnapshot(out)).toBe('up to date');
  });

  // V8 refuses a snapshot made under other V8 flags; npm runs the build (prestart) with npm start's environment.
  it('makes the snapshot again under V8 flags in NODE_OPTIONS, and npm start then runs from it', () => {
    const withFlags = { ...process.env, NODE_OPTIONS: '--max-old-space-size=3072' };
    expect(fromSnapshot(out, withFlags, '--version').status).not.toBe(0);
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = withFlags.NODE_OPTIONS;
    try {
      expect(ensureStartSnapshot(out)).toBe('made');
    } finally {
      if (saved === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = saved;
    }
    const run = fromSnapshot(out, withFlags, '--version');
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('start-up snapshot: used');
    expect(ensureStartSnapshot(out)).toBe('made');
    expect(existsSync(join(out, SNAPSHOT_BLOB))).toBe(true);
  });
});
