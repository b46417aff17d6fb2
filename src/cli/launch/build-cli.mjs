#!/usr/bin/env node
/**
 * The second half of `npm run build` (the first is tsc, incremental): one
 * bundle per command (`dist/commands/<name>.cjs`, from each file of
 * src/cli/commands/), the launcher (CommonJS, like the bundles) that loads
 * only the bundle of the command that runs, and the start-up snapshot
 * `npm start` runs (`dist/start.blob`, of `dist/commands/start-snapshot.cjs`:
 * src/cli/launch/start-snapshot.ts). Each is made again only when out of
 * date: esbuild builds in memory and a file whose bytes did not change is
 * left alone (so its time stays too), and the snapshot is made again when
 * its bundle, the Node or the node flags it would run under changed. Plain
 * JavaScript: it runs before anything is compiled.
 *
 *   node src/cli/launch/build-cli.mjs [outdir]     (default dist)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../..', import.meta.url));

const common = { absWorkingDir: root, bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', write: false };

/** Each command's module by its name. */
export function commandEntries() {
  const entries = {};
  for (const file of readdirSync(join(root, 'src/cli/commands'))
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    entries[basename(file, '.ts')] = `src/cli/commands/${file}`;
  }
  return entries;
}

/** Threads the commands start, each a bundle of its own beside them: the one large bodies are parsed on (src/server/off-thread-json.ts). */
export const workerEntries = { 'json-parse-worker': 'src/server/json-parse-worker.ts' };

/**
 * The commands take src/domain/faker-on-first-use.ts for src/domain/faker.ts: faker runs when first used, not when
 * a command's bundle loads (a demo start never uses it). Only a CommonJS bundle can: its `require` is esbuild's.
 */
const fakerOnFirstUse = {
  name: 'faker-on-first-use',
  setup(build) {
    const domain = join(root, 'src/domain');
    build.onResolve({ filter: /\/faker\.js$/ }, ({ path, resolveDir }) =>
      resolve(resolveDir, path) === join(domain, 'faker.js') ? { path: join(domain, 'faker-on-first-use.ts') } : undefined,
    );
  },
};

/** The start-up snapshot's bundle, beside the commands' (it finds the launcher and their bundles from there). */
export const SNAPSHOT_BUNDLE = 'commands/start-snapshot.cjs';
/** The snapshot npm start runs (`node --snapshot-blob=dist/start.blob`), and what it was made from. */
export const SNAPSHOT_BLOB = 'start.blob';
const SNAPSHOT_STAMP = 'start.blob.stamp';

/**
 * Builtins the snapshot builder cannot hold (`node:http` fails in it) or has not verified (it warns): the
 * snapshot's bundle requires them on first use, through a stand-in whose properties are the module's.
 */
const LAZY_BUILTINS = [
  'node:http',
  'node:http2',
  'node:https',
  'node:dns/promises',
  'node:worker_threads',
  'node:module',
  'node:vm',
  'node:perf_hooks',
];
const LAZY_BUILTIN =
  'const __lazyBuiltin = (name) => { let loaded; return new Proxy({}, { get: (_, key) => (loaded ??= require(name))[key] }); };';

/** The snapshot's bundle with its `require` (or esbuild's `__require`) of each of LAZY_BUILTINS made lazy. */
function withLazyBuiltins(text) {
  let lazy = text;
  for (const name of LAZY_BUILTINS)
    lazy = lazy.replaceAll(new RegExp(`(?<![\\w$])(?:__)?require\\("${name}"\\)`, 'g'), `__lazyBuiltin("${name}")`);
  return lazy;
}

/** The files esbuild makes, in memory: the CommonJS bundles of the commands, their workers and the launcher, and the snapshot's bundle. */
async function cliOutputs(outdir) {
  // Loaded as CommonJS, a bundle still finds its files beside itself.
  const commonJs = {
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "'use strict'; const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    outExtension: { '.js': '.cjs' },
  };
  const bundle = await build({
    ...common,
    ...commonJs,
    entryPoints: { ...commandEntries(), ...workerEntries },
    format: 'cjs',
    // Its assets are read from the package at run time; Pact (for pact-verify) from the project that runs the command.
    external: ['swagger-ui-dist', '@pact-foundation/pact'],
    plugins: [fakerOnFirstUse],
    outdir: join(outdir, 'commands'),
  });
  // The launcher as CommonJS too: no ES module loader before help or --version answers.
  const launcher = await build({
    ...common,
    ...commonJs,
    entryPoints: { 'voice-config-mock': 'src/cli/launch/launcher.ts' },
    format: 'cjs',
    outdir,
  });
  // A script of its own scope (the snapshot builder runs a script, with `require` and `__filename` but no `module`).
  const snapshot = await build({
    ...common,
    ...commonJs,
    banner: { js: `${commonJs.banner.js} ${LAZY_BUILTIN}` },
    entryPoints: { 'start-snapshot': 'src/cli/launch/start-snapshot.ts' },
    format: 'iife',
    external: ['swagger-ui-dist'],
    plugins: [fakerOnFirstUse],
    outdir: join(outdir, 'commands'),
  });
  const snapshotFiles = snapshot.outputFiles.map((file) => ({ path: file.path, contents: Buffer.from(withLazyBuiltins(file.text)) }));
  return [...bundle.outputFiles, ...launcher.outputFiles, ...snapshotFiles];
}

const sameBytes = (path, contents) => {
  try {
    return readFileSync(path).equals(contents);
  } catch {
    return false;
  }
};

/** Writes the CLI's files that changed; returns the paths written. */
export async function bundleCli(outdir) {
  mkdirSync(join(outdir, 'commands'), { recursive: true });
  // Left by earlier builds: the ES module launcher, the V8 code caches and their writer. Nothing loads them now.
  for (const file of readdirSync(outdir))
    if (/^(voice-config-mock\.mjs|.*code-cache|write-code-cache\.mjs)$/.test(file)) rmSync(join(outdir, file), { force: true });
  for (const file of readdirSync(join(outdir, 'commands')))
    if (file.endsWith('.code-cache')) rmSync(join(outdir, 'commands', file), { force: true });
  const written = [];
  for (const { path, contents } of await cliOutputs(outdir)) {
    if (sameBytes(path, contents)) continue;
    writeFileSync(path, contents);
    written.push(path);
  }
  return written;
}

/** The words of `npm start` after `node`: its node flags, and the launcher it names. */
export function startCommandWords() {
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.start ?? '';
  return start.split(/\s+/).slice(1);
}

/** npm start's node flags other than the snapshot's own: the snapshot must be built under the same V8 flags. */
export function snapshotNodeFlags() {
  return startCommandWords().filter((word) => word.startsWith('--') && !word.startsWith('--snapshot-blob'));
}

/**
 * Makes `outdir`'s start-up snapshot unless the one there was made from its bundle, by this Node, under the node
 * flags npm start gives it and the NODE_OPTIONS of this build (V8 refuses a snapshot made under other V8 flags, and
 * npm runs the build as `prestart`, with the environment npm start then has). Returns what it did; throws when
 * Node cannot make it, so that npm start does not run from a snapshot that is missing or stale.
 */
export function ensureStartSnapshot(outdir) {
  const bundle = join(outdir, SNAPSHOT_BUNDLE);
  const blob = join(outdir, SNAPSHOT_BLOB);
  const { size, mtimeMs } = statSync(bundle);
  const flags = snapshotNodeFlags();
  const stamp = JSON.stringify({
    bundle: `${size}:${Math.round(mtimeMs)}`,
    node: process.version,
    flags,
    nodeOptions: process.env.NODE_OPTIONS ?? '',
    outdir,
  });
  const stampFile = join(outdir, SNAPSHOT_STAMP);
  if (existsSync(blob) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return 'up to date';
  rmSync(stampFile, { force: true });
  // Made beside it and renamed: a start meanwhile reads the old snapshot or the new one, never half of one.
  const made = `${blob}.${process.pid}.tmp`;
  const run = spawnSync(process.execPath, [...flags, `--snapshot-blob=${made}`, '--build-snapshot', bundle], { encoding: 'utf8' });
  // Node warns of a builtin it has not verified in a snapshot: such a module is one LAZY_BUILTINS should name.
  if (run.status !== 0 || /warning/i.test(run.stderr)) {
    rmSync(made, { force: true });
    throw new Error(
      `the start-up snapshot could not be made (node --build-snapshot ended with ${run.status ?? run.signal}): ${run.stderr.trim()}`,
    );
  }
  renameSync(made, blob);
  writeFileSync(stampFile, stamp);
  return 'made';
}

async function main() {
  const outdir = resolve(root, process.argv[2] ?? 'dist');
  const written = await bundleCli(outdir);
  const snapshot = ensureStartSnapshot(outdir);
  process.stderr.write(
    `build-cli: ${written.length > 0 ? `wrote ${written.length} changed files` : 'bundle up to date'}; start-up snapshot ${snapshot}\n`,
  );
}

// Run as a script (not imported by its test).
if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1])) {
  main().catch((error) => {
    process.stderr.write(`build-cli: ${error instanceof Error ? error.message : error}\n`);
    process.exitCode = 1;
  });
}
