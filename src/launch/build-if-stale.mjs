#!/usr/bin/env node
/**
 * `npm start`'s prestart: builds only when something the build reads changed
 * since the last build began, so restarting the mock does not pay a build
 * (about 3.5 s) each time, and `npm install && npm start` builds once.
 * Plain JavaScript: it runs before anything is compiled.
 *
 *   node src/launch/build-if-stale.mjs            build if stale, else say so
 *   node src/launch/build-if-stale.mjs --began    (prebuild) note that a build begins
 *   node src/launch/build-if-stale.mjs --done     (postbuild) the build that began is complete
 *
 * The stamp is the time a build *began*: a file saved while a build runs is
 * newer than the stamp, so the next start builds again. A build that fails
 * never reaches --done and leaves no stamp, so the next start builds again too.
 * The stamp also names the Node that built (the code caches are for its V8),
 * and a build whose outputs are gone counts as none.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the build reads: sources, fixtures, the kit, and what decides the dependencies and the compiler's settings. */
export const BUILD_INPUTS = [
  'src',
  'fixtures',
  'contracts/conformance',
  'contracts/pact',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];
/** What `npm start` runs and what it loads; a build that lost one is no build. */
export const BUILD_OUTPUTS = ['dist/voice-config-mock.mjs', 'dist/voice-config-mock.cjs', 'dist/src/index.js'];
const STAMP = 'dist/.build-stamp';
const NODE = `Node ${process.version} (${process.arch})`;
const PENDING = 'dist/.build-stamp.pending';
/** Files the build leaves out (tsconfig.build.json's exclude): editing a test needs no build. */
const NOT_BUILT = /\.test\.ts$/;

/**
 * The first file under `path` changed after `time`, or else a folder changed
 * after it (a deleted file shows only as its folder's change, so adding or
 * deleting a test still counts); undefined when nothing is newer or `path`
 * does not exist.
 */
function changedAfter(path, time) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return undefined;
  }
  if (stats.isDirectory()) {
    for (const entry of readdirSync(path)) {
      const changed = changedAfter(join(path, entry), time);
      if (changed) return changed;
    }
  } else if (NOT_BUILT.test(path)) {
    return undefined;
  }
  // Equal counts as changed: on a coarse clock a file saved as the build began has the same time.
  return stats.mtimeMs >= time ? path : undefined;
}

/** Why `root` needs a build, or undefined when its dist/ is up to date. */
export function staleReason(root) {
  let builtAt;
  let builtBy;
  try {
    builtAt = statSync(join(root, STAMP)).mtimeMs;
    builtBy = readFileSync(join(root, STAMP), 'utf8');
  } catch {
    return 'no complete build yet';
  }
  // The code caches hold code for one version of V8: another Node would refuse them and start slower.
  if (builtBy !== NODE) return `built by ${builtBy || 'an unknown Node'}, this is ${NODE}`;
  const missing = BUILD_OUTPUTS.find((output) => !existsSync(join(root, output)));
  if (missing) return `${missing} is missing`;
  for (const input of BUILD_INPUTS) {
    const changed = changedAfter(join(root, input), builtAt);
    if (changed) return `${relative(root, changed)} changed since the last build`;
  }
  return undefined;
}

export function noteBuildBegan(root) {
  mkdirSync(join(root, 'dist'), { recursive: true });
  rmSync(join(root, STAMP), { force: true });
  writeFileSync(join(root, PENDING), NODE);
}

/**
 * Two builds of one checkout at once share the pending stamp: the first to
 * finish takes it, and the other finds none. That one's build still succeeded,
 * so a missing pending stamp is no error (the next start may build again).
 */
export function noteBuildDone(root) {
  if (existsSync(join(root, PENDING))) renameSync(join(root, PENDING), join(root, STAMP));
}

function main() {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const [flag] = process.argv.slice(2);
  if (flag === '--began') return noteBuildBegan(root);
  if (flag === '--done') return noteBuildDone(root);
  const reason = staleReason(root);
  if (!reason) {
    process.stderr.write('voice-config-mock: dist/ is up to date, no build needed (npm run build forces one)\n');
    return;
  }
  process.stderr.write(`voice-config-mock: building (${reason})\n`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.error) process.stderr.write(`voice-config-mock: could not run npm run build (${result.error.message})\n`);
  process.exitCode = result.status ?? 1;
}

// Run as a script (not imported by its test).
if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1])) main();
