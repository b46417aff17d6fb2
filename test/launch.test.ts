/**
 * `npm start` runs the `serve` command's bundle through the V8 code cache
 * `npm run build` writes for its node flags (see
 * src/cli/launch/compiled-bundle.ts), usable only with the bundle it was made
 * from; help and --version load no bundle at all. The tests read the built
 * files (`npm test` builds before vitest runs); the last one works on a copy
 * of them.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
const nodeFlags = (command: string) => command.split(/\s+/).filter((word) => word.startsWith('--'));

/** Runs `serve` with a seed it refuses: the serve bundle loads, checks its flags and ends without listening. */
function codeCacheUse(flags: string[], dir = DIST, args = ['--seed', 'none']): string {
  const run = spawnSync(process.execPath, [...flags, join(dir, 'voice-config-mock.cjs'), ...args], {
    env: { ...process.env, VOICE_CONFIG_MOCK_CODE_CACHE: 'report' },
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (args[0] === '--seed') expect(run.stderr).toContain('--seed must be a whole number');
  return /code cache: (\w+)/.exec(run.stderr)?.[1] ?? 'not reported';
}

describe('the code cache', () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  it('is taken by V8 when the command runs as npm start runs it', () => {
    expect(codeCacheUse(nodeFlags(scripts.start ?? ''))).toBe('accepted');
  });

  it('is not looked for under other node flags, as the installed command runs, and the command still runs', () => {
    expect(codeCacheUse([])).toBe('none');
  });

  it('is not needed by help and --version, which load no command bundle', () => {
    const flags = nodeFlags(scripts.start ?? '');
    expect(codeCacheUse(flags, DIST, ['--help'])).toBe('not reported');
    expect(codeCacheUse(flags, DIST, ['--version'])).toBe('not reported');
  });

  it('is not used with a bundle other than the one it was made from, and the command still runs', () => {
    scratch = mkdtempSync(join(tmpdir(), 'voice-config-mock-launch-'));
    mkdirSync(join(scratch, 'commands'));
    copyFileSync(join(DIST, 'voice-config-mock.cjs'), join(scratch, 'voice-config-mock.cjs'));
    for (const file of readdirSync(join(DIST, 'commands')).filter((name) => name.startsWith('serve.'))) {
      copyFileSync(join(DIST, 'commands', file), join(scratch, 'commands', file));
    }
    const bundle = join(scratch, 'commands', 'serve.cjs');
    const built = statSync(join(DIST, 'commands', 'serve.cjs'));
    utimesSync(bundle, built.atime, built.mtime);
    const flags = nodeFlags(scripts.start ?? '');
    expect(codeCacheUse(flags, scratch)).toBe('accepted');
    // Same length, another time: as after a rebuild whose cache was not made again.
    utimesSync(bundle, built.atime, new Date(built.mtimeMs + 60_000));
    expect(codeCacheUse(flags, scratch)).toBe('stale');
  });
});
