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
import { commandNames } from '../src/cli/cli.js';
// @ts-expect-error: a plain .mjs build script (it runs before anything is compiled), without type declarations.
import { bundleCli, commandEntries, ensureCodeCache, startNodeFlags, workerEntries } from '../src/cli/launch/build-cli.mjs';

// Each build bundles every command and warms the mock up for its code cache: seconds each, more on a busy machine.
describe('build-cli', { timeout: 60_000 }, () => {
  let out: string;
  const bundle = () => join(out, 'commands', 'serve.cjs');
  const modified = (file: string) => statSync(join(out, file)).mtimeMs;
  const caches = () => readdirSync(join(out, 'commands')).filter((file) => file.endsWith('.code-cache'));

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'vcm-build-'));
  });
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes a bundle per command, the launcher and the cache writer, then the code cache of serve, the first time', async () => {
    const written: string[] = await bundleCli(out);
    expect(written.map((path) => path.slice(out.length + 1)).sort()).toEqual(
      [
        ...Object.keys({ ...commandEntries(), ...workerEntries }).map((name) => `commands/${name}.cjs`),
        'voice-config-mock.cjs',
        'write-code-cache.mjs',
      ].sort(),
    );
    // Every command the dispatcher knows has its bundle, and there is none it does not know.
    expect(Object.keys(commandEntries()).sort()).toEqual([...commandNames].sort());
    expect(ensureCodeCache(out)).toBe('made');
    // One cache, named after npm start's node flags.
    expect(caches()).toEqual([`serve.${(startNodeFlags() as string[]).join('_')}.code-cache`.replace('..', '.')]);
  });

  it('keeps the launcher small: help and --version load none of the mock or the kit', () => {
    expect(statSync(join(out, 'voice-config-mock.cjs')).size).toBeLessThan(64 * 1024);
  });

  it('writes nothing again when nothing changed, and keeps the code cache', async () => {
    const [cache = ''] = caches();
    const before = { bundle: modified('commands/serve.cjs'), cache: modified(`commands/${cache}`) };
    expect(await bundleCli(out)).toEqual([]);
    expect(ensureCodeCache(out)).toBe('up to date');
    expect(modified('commands/serve.cjs')).toBe(before.bundle);
    expect(modified(`commands/${cache}`)).toBe(before.cache);
  });

  it('makes the code cache again for a bundle that changed, and puts back a bundle that differs from the sources', async () => {
    appendFileSync(bundle(), '\n// changed by hand\n');
    expect(ensureCodeCache(out)).toBe('made');
    expect(await bundleCli(out)).toEqual([bundle()]);
    expect(ensureCodeCache(out)).toBe('made');
    expect(ensureCodeCache(out)).toBe('up to date');
  });
});
