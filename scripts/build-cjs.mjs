#!/usr/bin/env node
/**
 * The package's CommonJS side, for `require()` and Jest's default set-up:
 * every module tsc wrote under dist/ (src, contracts, fixtures) transformed
 * by esbuild into CommonJS, one file for one file, under dist/cjs/, where a
 * package.json says `"type": "commonjs"`. So the entries' `require`
 * conditions (package.json `exports`) load the same modules as the `import`
 * ones, each once, and the declaration files copied beside them are read by
 * TypeScript as CommonJS ones (types for both, with no second compile).
 * A file whose bytes did not change is left alone. Runs after tsc.
 *
 *   node scripts/build-cjs.mjs
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const out = join(dist, 'cjs');
/** What the ES module side holds: compiled modules, their declarations, and the scenarios they import. */
const trees = ['src', 'contracts', 'fixtures'];

/**
 * `msw/browser` has no Node export (its `node` condition is null), so a CommonJS require of it at load would
 * fail the whole browser entry in Node, where its MSW handler (createMockHandler) is used in tests: it is
 * required when `startBrowserMock` first uses it, as an ES module import of it is only linked.
 */
const lazyMswBrowser = (code) =>
  code.replace(
    /var (\w+) = require\("msw\/browser"\);/,
    'var $1 = { get setupWorker() { return require("msw/browser").setupWorker; } };',
  );

/**
 * faker and json-schema-faker ship ES modules only: json-schema-faker has no `require` export at all, and faker's
 * ES modules load with Node's `require` but not in Jest's module runtime. The CommonJS side requires a CommonJS
 * bundle of each (of faker, the one module the mock loads, its English locale), made here.
 */
const VENDORED = { '@faker-js/faker/locale/en': 'faker-locale-en.js', 'json-schema-faker': 'json-schema-faker.js' };
const vendoredFile = (specifier) => join(out, 'vendor', VENDORED[specifier]);
const requiringVendored = (code, path) =>
  Object.keys(VENDORED).reduce(
    (text, specifier) => text.replaceAll(`require("${specifier}")`, `require(${JSON.stringify(`./${relative(dirname(path), vendoredFile(specifier))}`)})`),
    code,
  );

/** faker's types are an ES module's: a CommonJS declaration names them with `resolution-mode: import`. */
const fakerTypesAsImport = (text) =>
  text
    .replace(/^(import type .* from '@faker-js\/faker');$/gm, "$1 with { 'resolution-mode': 'import' };")
    .replaceAll('import("@faker-js/faker")', 'import("@faker-js/faker", { with: { "resolution-mode": "import" } })');

function* filesUnder(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/** Writes `text` at `path` unless it is there already; true when it wrote. */
function writeChanged(path, text) {
  try {
    if (readFileSync(path, 'utf8') === text) return false;
  } catch {
    // not there yet
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return true;
}

async function cjsOf(path) {
  const source = readFileSync(path, 'utf8').replace(/\n\/\/# sourceMappingURL=.*\n?$/, '\n');
  const usesMetaUrl = source.includes('import.meta.url');
  const { code } = await transform(source, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    loader: 'js',
    sourcefile: relative(dist, path),
    // import.meta.url of a module is its file's URL: the CommonJS file's own, found the same way.
    ...(usesMetaUrl
      ? {
          define: { 'import.meta.url': '__moduleUrl' },
          banner: "const __moduleUrl = require('node:url').pathToFileURL(__filename).href;",
        }
      : {}),
  });
  return lazyMswBrowser(code);
}

const jobs = [];
for (const tree of trees) {
  for (const path of filesUnder(join(dist, tree))) {
    const target = join(out, relative(dist, path));
    if (path.endsWith('.js')) jobs.push(cjsOf(path).then((code) => writeChanged(target, requiringVendored(code, target))));
    else if (path.endsWith('.d.ts')) jobs.push(Promise.resolve(writeChanged(target, fakerTypesAsImport(readFileSync(path, 'utf8')))));
    else if (path.endsWith('.json')) jobs.push(Promise.resolve(writeChanged(target, readFileSync(path, 'utf8'))));
  }
}
jobs.push(Promise.resolve(writeChanged(join(out, 'package.json'), '{ "type": "commonjs" }\n')));
for (const specifier of Object.keys(VENDORED)) {
  jobs.push(
    build({ stdin: { contents: `export * from ${JSON.stringify(specifier)};`, resolveDir: dist }, bundle: true, format: 'cjs', platform: 'node', target: 'node20', write: false, logLevel: 'warning' }).then(
      ({ outputFiles }) => writeChanged(vendoredFile(specifier), outputFiles[0]?.text ?? ''),
    ),
  );
}
const written = (await Promise.all(jobs)).filter(Boolean).length;
if (written > 0) process.stdout.write(`build-cjs: wrote ${written} changed files\n`);
