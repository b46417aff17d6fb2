/** `npm start` builds only when something the build reads is newer than the last complete build's start. */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script (it runs before anything is compiled), without type declarations.
import { noteBuildBegan, noteBuildDone, staleReason } from '../src/launch/build-if-stale.mjs';

describe('build-if-stale (prestart)', () => {
  let root: string;
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
  const write = (path: string, when = new Date()) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), 'x');
    utimesSync(join(root, path), when, when);
  };
  /** A complete build that began `seconds` from now (the stamp's time is the build's start). */
  const completeBuild = (seconds = 0) => {
    noteBuildBegan(root);
    utimesSync(join(root, 'dist/.build-stamp.pending'), later(seconds), later(seconds));
    noteBuildDone(root);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'vcm-stale-'));
    write('src/world.ts', later(-60));
    write('package.json', later(-60));
    utimesSync(join(root, 'src'), later(-60), later(-60));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when there was never a build', () => {
    expect(staleReason(root)).toBe('no complete build yet');
  });

  it('builds again when a build began but never completed (it failed or was stopped)', () => {
    noteBuildBegan(root);
    expect(staleReason(root)).toBe('no complete build yet');
  });

  it('skips the build when nothing changed since a complete build began', () => {
    completeBuild();
    expect(staleReason(root)).toBeUndefined();
  });

  it('names the file that changed after the build began, even one saved while the build ran', () => {
    completeBuild(-10);
    write('src/http/app.ts', later(-5));
    expect(staleReason(root)).toBe(`${join('src', 'http', 'app.ts')} changed since the last build`);
  });

  it('sees a new dependency lock, a new fixture and a deleted source', () => {
    completeBuild(-10);
    write('package-lock.json');
    expect(staleReason(root)).toMatch(/^package-lock\.json changed/);
    completeBuild(1);
    write('fixtures/big.ts', later(2));
    expect(staleReason(root)).toMatch(/^fixtures/);
    completeBuild(3);
    rmSync(join(root, 'src/world.ts'));
    utimesSync(join(root, 'src'), later(4), later(4));
    expect(staleReason(root)).toBe('src changed since the last build');
  });

  it('a new build forgets the old stamp until it completes', () => {
    completeBuild();
    noteBuildBegan(root);
    expect(staleReason(root)).toBe('no complete build yet');
  });
});
