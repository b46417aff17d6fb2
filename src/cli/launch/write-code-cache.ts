/**
 * The build's last step (src/cli/launch/build-cli.mjs): unless the code cache was
 * made from the bundle on disk, compiles the `serve` command's bundle without
 * a cache, warms it up like a start-up and writes the code V8 compiled, for
 * the node flags this runs with. Prints what it did. The cache only saves
 * time, so failing to make one warns and ends the build normally; the
 * command then compiles its bundle at every start. The other commands run
 * rarely and briefly: they get no cache.
 */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { bundleStamp, codeCachePath, loadBundle, readCodeCache } from './compiled-bundle.js';

const CACHED = 'serve';

try {
  // Caches for other node flags are left from older builds: no start looks for them.
  const dir = dirname(codeCachePath(CACHED));
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.code-cache') && file !== basename(codeCachePath(CACHED))) rmSync(join(dir, file), { force: true });
  }
  if (readCodeCache(CACHED) instanceof Buffer) {
    process.stdout.write('up to date\n');
  } else {
    // A cache left from an earlier bundle would only be refused; remove it before anything can fail.
    rmSync(codeCachePath(CACHED), { force: true });
    const { exports, script } = loadBundle(CACHED, { useCodeCache: false });
    await exports.warmUp?.();
    writeFileSync(codeCachePath(CACHED), Buffer.concat([Buffer.from(`${bundleStamp(CACHED)}\n`, 'latin1'), script.createCachedData()]));
    process.stdout.write('made\n');
  }
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`build: no code cache written (${reason}); the command works without it, only starts slower\n`);
  process.stdout.write('not made\n');
}
