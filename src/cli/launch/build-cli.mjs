#!/usr/bin/env node
/**
 * The second half of `npm run build` (the first is tsc, incremental): one
 * bundle per command (`dist/commands/<name>.cjs`, from each file of
 * src/cli/commands/, `serve` with its warm-up), the launcher (CommonJS, like
 * the bundles) that loads only the bundle of the command that runs, and the
 * V8 code cache of `serve`. Each is made again only when out of date: esbuild builds in memory
 * and a file whose bytes did not change is left alone (so its time stays
 * too), and the code cache, which names the bundle it was made from, is made
 * again only when that is not the bundle on disk. One cache, for the node
 * flags of `npm start`. Plain JavaScript: it runs before anything is compiled.
 *
 *   node src/cli/launch/build-cli.mjs [outdir]     (default dist)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../..', import.meta.url));

const common = { absWorkingDir: root, bundle: true, platform: 'node', target: 'node20', logLevel: 'warning', write: false };

/** Each command's module by its name; `serve` is bundled from its entry with the warm-up the code cache is made after. */
export function commandEntries() {
  const entries = {};
  for (const file of readdirSync(join(root, 'src/cli/commands'))
    .filter((name) => name.endsWith('.ts'))
    .sort()) {
    const name = basename(file, '.ts');
    entries[name] = name === 'serve' ? 'src/cli/launch/bundle-entry.ts' : `src/cli/commands/${file}`;
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

/** The files esbuild makes, in memory: the CommonJS bundles of the commands, their workers and the launcher, and the ES module cache writer. */
async function cliOutputs(outdir) {
  const bundle = await build({
    ...common,
    entryPoints: { ...commandEntries(), ...workerEntries },
    format: 'cjs',
    // Loaded as CommonJS (a V8 code cache needs a script), the bundle still finds its files beside itself.
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "'use strict'; const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    // Its assets are read from the package at run time; Pact (for pact-verify) from the project that runs the command.
    external: ['swagger-ui-dist', '@pact-foundation/pact'],
    plugins: [fakerOnFirstUse],
    outdir: join(outdir, 'commands'),
    outExtension: { '.js': '.cjs' },
  });
  // The launcher as CommonJS too: no ES module loader before help or --version answers.
  const launcher = await build({
    ...common,
    entryPoints: { 'voice-config-mock': 'src/cli/launch/launcher.ts' },
    format: 'cjs',
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "'use strict'; const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    outExtension: { '.js': '.cjs' },
    outdir,
  });
  const cacheWriter = await build({
    ...common,
    entryPoints: { 'write-code-cache': 'src/cli/launch/write-code-cache.ts' },
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    outdir,
  });
  return [...bundle.outputFiles, ...launcher.outputFiles, ...cacheWriter.outputFiles];
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
  // Left by earlier builds: the ES module launcher, and the caches of the one bundle of every command. Nothing loads them now.
  for (const file of readdirSync(outdir))
    if (/^voice-config-mock\.(mjs|.*code-cache)$/.test(file)) rmSync(join(outdir, file), { force: true });
  const written = [];
  for (const { path, contents } of await cliOutputs(outdir)) {
    if (sameBytes(path, contents)) continue;
    writeFileSync(path, contents);
    written.push(path);
  }
  return written;
}

/** The node flags `npm start` gives the command: V8 takes a code cache only under the flags it was made with. */
export function startNodeFlags() {
  const start = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts?.start ?? '';
  return start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/**
 * Runs the cache writer of `outdir` under npm start's node flags; it makes the cache only when there is none for
 * the bundle on disk. Other flags (the installed command has none) find no cache and compile as usual.
 */
export function ensureCodeCache(outdir) {
  const run = spawnSync(process.execPath, [...startNodeFlags(), join(outdir, 'write-code-cache.mjs')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`write-code-cache.mjs ended with ${run.status ?? run.signal}: ${run.stderr}`);
  return run.stdout.trim();
}

async function main() {
  const outdir = resolve(root, process.argv[2] ?? 'dist');
  const written = await bundleCli(outdir);
  const cache = ensureCodeCache(outdir);
  process.stderr.write(
    `build-cli: ${written.length > 0 ? `wrote ${written.length} changed files` : 'bundle up to date'}; code cache ${cache}\n`,
  );
}

// Run as a script (not imported by its test).
if (process.argv[1] && realpathSync(fileURLToPath(import.meta.url)) === realpathSync(process.argv[1])) {
  main().catch((error) => {
    process.stderr.write(`build-cli: ${error instanceof Error ? error.message : error}\n`);
    process.exitCode = 1;
  });
}
