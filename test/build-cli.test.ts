/**
 * The CLI half of `npm run build` (src/cli/launch/build-cli.mjs) redoes nothing
 * that is up to date: an unchanged bundle is not written again, and the code
 * cache is made again only for a bundle it was not made from. Built into a
 * directory of its own, so the dist/ other tests run stays as it is.
 */
import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script (it runs before anything is compiled), without type declarations.
import { bundleCli, ensureCodeCache, startNodeFlags } from '../src/cli/launch/build-cli.mjs';

describe('build-cli', () => {
  let out: string;
  const bundle = () => join(out, 'voice-config-mock.cjs');
  const modified = (file: string) => statSync(join(out, file)).mtimeMs;
  const caches = () => readdirSync(out).filter((file) => file.endsWith('.code-cache'));

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'vcm-build-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes the bundle, the launcher and the cache writer, then the code cache, the first time', async () => {
    const written: string[] = await bundleCli(out);
    expect(written.map((path) => path.slice(out.length + 1)).sort()).toEqual([
      'voice-config-mock.cjs',
      'voice-config-mock.mjs',
      'write-code-cache.mjs',
    ]);
    expect(ensureCodeCache(out)).toBe('made');
    // One cache, named after npm start's node flags.
    expect(caches()).toEqual([`voice-config-mock.${(startNodeFlags() as string[]).join('_')}.code-cache`.replace('..', '.')]);
  });

  it('writes nothing again when nothing changed, and keeps the code cache', async () => {
    const [cache = ''] = caches();
    const before = { bundle: modified('voice-config-mock.cjs'), cache: modified(cache) };
    expect(await bundleCli(out)).toEqual([]);
    expect(ensureCodeCache(out)).toBe('up to date');
    expect(modified('voice-config-mock.cjs')).toBe(before.bundle);
    expect(modified(cache)).toBe(before.cache);
  });

  it('makes the code cache again for a bundle that changed, and puts back a bundle that differs from the sources', async () => {
    appendFileSync(bundle(), '\n// changed by hand\n');
    expect(ensureCodeCache(out)).toBe('made');
    expect(await bundleCli(out)).toEqual([bundle()]);
    expect(ensureCodeCache(out)).toBe('made');
    expect(ensureCodeCache(out)).toBe('up to date');
  });
});
