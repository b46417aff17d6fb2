/**
 * `npm run build:code-cache`: compiles the CLI bundle without a cache, warms
 * it up like a start-up and writes the code V8 compiled. Run it with the same
 * node flags as `npm start`: V8 rejects a cache made under other flags.
 * The cache only saves time, so failing to make one warns and ends the build
 * normally; the command then compiles its bundle at every start.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { codeCachePath, loadBundle } from './compiled-bundle.js';

try {
  // A cache left from an earlier bundle would only be rejected; remove it before anything can fail.
  rmSync(codeCachePath, { force: true });
  const { exports, script } = loadBundle({ useCodeCache: false });
  await exports.warmUp();
  writeFileSync(codeCachePath, script.createCachedData());
} catch (error) {
  process.stderr.write(`build:code-cache: no code cache written (${error instanceof Error ? error.message : String(error)}); the command works without it, only starts slower\n`);
}
