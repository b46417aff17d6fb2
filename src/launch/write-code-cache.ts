/**
 * `npm run build:code-cache`: compiles the CLI bundle without a cache, warms
 * it up like a start-up and writes the code V8 compiled, for the node flags
 * this runs with (the build runs it once per flag set the command is started
 * with). The cache only saves time, so failing to make one warns and ends
 * the build normally; the command then compiles its bundle at every start.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { bundleStamp, codeCachePath, loadBundle } from './compiled-bundle.js';

try {
  // A cache left from an earlier bundle would only be refused; remove it before anything can fail.
  rmSync(codeCachePath(), { force: true });
  const { exports, script } = loadBundle({ useCodeCache: false });
  await exports.warmUp();
  writeFileSync(codeCachePath(), Buffer.concat([Buffer.from(`${bundleStamp()}\n`, 'latin1'), script.createCachedData()]));
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`build:code-cache: no code cache written (${reason}); the command works without it, only starts slower\n`);
}
