/**
 * The command runs its bundle through the V8 code cache `npm run build`
 * writes (see src/launch/compiled-bundle.ts). V8 takes a cache only under the
 * node flags it was made with, so the build must make it with npm start's.
 * Both tests read the built files (`npm test` builds before vitest runs).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const scripts = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')).scripts as Record<string, string>;
const nodeFlags = (script: string | undefined) => (script ?? '').split(/\s+/).filter((word) => word.startsWith('--'));

function codeCacheUse(flags: string[]): string {
  const run = spawnSync(process.execPath, [...flags, 'dist/voice-config-mock.mjs', '--help'], {
    cwd: ROOT,
    env: { ...process.env, VOICE_CONFIG_MOCK_CODE_CACHE: 'report' },
    encoding: 'utf8',
  });
  expect(run.stdout).toContain('Usage:');
  return /code cache: (\w+)/.exec(run.stderr)?.[1] ?? 'not reported';
}

describe('the code cache', () => {
  it('is made with the node flags npm start runs with', () => {
    expect(nodeFlags(scripts.start).length).toBeGreaterThan(0);
    expect(nodeFlags(scripts['build:code-cache'])).toEqual(nodeFlags(scripts.start));
  });

  it('is taken by V8 when the command runs as npm start runs it, and refused under other flags', () => {
    expect(codeCacheUse(nodeFlags(scripts.start))).toBe('accepted');
    // The same bundle under other flags still runs, compiling without the cache.
    expect(codeCacheUse(['--max-semi-space-size=4'])).toBe('rejected');
  });
});
