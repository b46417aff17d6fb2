/** `npm start` builds only when something the build reads is newer than the last complete build's start. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_INPUTS,
  BUILD_OUTPUTS,
  noteBuildBegan,
  noteBuildDone,
  staleReason,
  // @ts-expect-error: a plain .mjs build script (it runs before anything is compiled), without type declarations.
} from '../src/launch/build-if-stale.mjs';

describe('build-if-stale (prestart)', () => {
  let root: string;
  const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
  const write = (path: string, when = new Date()) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), 'x');
    utimesSync(join(root, path), when, when);
  };
  /** A complete build that began `seconds` from now (the stamp's time is the build's start). */
  const completeBuild = (seconds = 0, began = later(seconds)) => {
    noteBuildBegan(root);
    utimesSync(join(root, 'dist/.build-stamp.pending'), began, began);
    noteBuildDone(root);
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'vcm-stale-'));
    for (const output of BUILD_OUTPUTS) write(output, later(-30));
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
    expect(staleReason(root)).toBe(`${join('fixtures', 'big.ts')} changed since the last build`);
    completeBuild(3);
    rmSync(join(root, 'src/world.ts'));
    utimesSync(join(root, 'src'), later(4), later(4));
    expect(staleReason(root)).toBe('src changed since the last build');
  });

  it('leaves out test files as the build does: editing one needs no build, editing a source beside it does', () => {
    write('src/http/app.test.ts', later(-60));
    for (const folder of ['src', 'src/http']) utimesSync(join(root, folder), later(-60), later(-60));
    completeBuild(-10);
    write('src/http/app.test.ts', later(-5));
    expect(staleReason(root)).toBeUndefined();
    write('src/world.ts', later(-4));
    expect(staleReason(root)).toBe(`${join('src', 'world.ts')} changed since the last build`);
  });

  it('counts a file saved at the very time the build began as changed (a coarse clock shows both alike)', () => {
    const began = later(-10);
    completeBuild(0, began);
    write('tsconfig.json', began);
    expect(staleReason(root)).toBe('tsconfig.json changed since the last build');
  });

  it('builds again under another Node, whose V8 would refuse the code caches', () => {
    completeBuild();
    writeFileSync(join(root, 'dist/.build-stamp'), 'Node v18.0.0 (x64)');
    utimesSync(join(root, 'dist/.build-stamp'), later(5), later(5));
    expect(staleReason(root)).toMatch(/^built by Node v18\.0\.0 \(x64\), this is Node v\d+/);
  });

  it('builds again when an output the command runs is gone', () => {
    completeBuild();
    rmSync(join(root, 'dist/voice-config-mock.cjs'));
    expect(staleReason(root)).toBe('dist/voice-config-mock.cjs is missing');
  });

  it('a build that finds its pending stamp taken by another build of the checkout still ends well', () => {
    noteBuildBegan(root);
    noteBuildBegan(root);
    noteBuildDone(root);
    expect(() => noteBuildDone(root)).not.toThrow();
    expect(staleReason(root)).toBeUndefined();
  });

  it('a new build forgets the old stamp until it completes', () => {
    completeBuild();
    noteBuildBegan(root);
    expect(staleReason(root)).toBe('no complete build yet');
  });
});

describe('build-if-stale wiring', () => {
  const project = join(import.meta.dirname, '..');
  const scripts = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const under = (path: string) => BUILD_INPUTS.some((input: string) => path === input || path.startsWith(`${input}/`));

  it('npm start checks before it starts, and every build notes when it began and that it completed', () => {
    expect(scripts.prestart).toBe('node src/launch/build-if-stale.mjs');
    expect(scripts.prebuild).toBe('node src/launch/build-if-stale.mjs --began');
    expect(scripts.postbuild).toBe('node src/launch/build-if-stale.mjs --done');
  });

  it('watches everything the TypeScript build and the bundles read', () => {
    const tsconfig = readFileSync(join(project, 'tsconfig.build.json'), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    const includes = JSON.parse(tsconfig).include as string[];
    const entries = [...(scripts['build:bundle'] ?? '').matchAll(/(?:^|[\s=])(src\/[\w/.-]+\.ts)/g)].map((match) => match[1] ?? '');
    expect(entries.length).toBeGreaterThanOrEqual(3);
    for (const path of [...includes, ...entries, 'tsconfig.build.json']) expect(under(path), path).toBe(true);
  });
});
