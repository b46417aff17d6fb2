/**
 * How much the browser entry weighs in a page: `voice-config-mock/browser`
 * bundled and minified for the browser with msw, as a frontend's bundler
 * makes it, code-split the way Vite, Rollup and webpack split a dynamic
 * `import()`. What a page loads at start is the entry chunk; faker is a
 * chunk of its own, fetched only when a page needs data the build did not
 * prepare. `npm run size:browser` prints both; `npm run build` prints the
 * first line (`--brief`); docs/browser.md states them and
 * test/e2e/browser-bundle-size.test.ts keeps the two in step.
 * Plain JavaScript so Node 20 runs it without a TypeScript step.
 */
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const entry = fileURLToPath(new URL('../src/browser/index.ts', import.meta.url));

/** The package a bundled input came from (`@scope/name` or `name`), or `voice-config-mock` for our own files. */
function packageOf(input) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match?.[1] ?? 'voice-config-mock';
}

/** Minified bytes per package in one output, largest first. */
function packagesOf(output) {
  const byPackage = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
  }
  return [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/**
 * What a page loads at start (the entry chunk and the chunks it imports) and
 * each chunk loaded later: bytes minified, gzipped (level 9; the start's
 * files gzipped as one, a slight underestimate), and per package, largest first.
 */
export async function measureBrowserBundle() {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    splitting: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    outdir: tmpdir(),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = Object.entries(result.metafile.outputs).map(([path, meta]) => ({
    path: resolve(path),
    meta,
    file: result.outputFiles.find((file) => file.path === resolve(path)),
  }));
  const entryOutput = outputs.find(({ meta }) => meta.entryPoint !== undefined && resolve(meta.entryPoint) === entry);
  if (!entryOutput) throw new Error('esbuild wrote no entry chunk');
  // A page loads the entry and what it imports statically; chunks behind a dynamic import() wait until asked for.
  const atStart = new Set([entryOutput.path]);
  for (const path of atStart) {
    const { meta } = outputs.find((output) => output.path === path);
    for (const imported of meta.imports) if (imported.kind === 'import-statement') atStart.add(resolve(imported.path));
  }
  const measure = (group) => {
    const contents = Buffer.concat(group.map(({ file }) => file.contents));
    const inputs = Object.assign({}, ...group.map(({ meta }) => meta.inputs));
    return { bytes: contents.length, gzipBytes: gzipSync(contents, { level: 9 }).length, packages: packagesOf({ inputs }) };
  };
  const later = outputs.filter(({ path }) => !atStart.has(path)).map((output) => measure([output]));
  return { ...measure(outputs.filter(({ path }) => atStart.has(path))), later };
}

const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;
const largest = (packages) =>
  packages
    .slice(0, 5)
    .map((part) => `${part.name} ${kb(part.bytes)}`)
    .join(', ');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bytes, gzipBytes, packages, later } = await measureBrowserBundle();
  console.log(`voice-config-mock/browser with msw, loaded at start, minified: ${kb(bytes)}, ${kb(gzipBytes)} gzipped`);
  if (process.argv.includes('--brief')) process.exit(0);
  console.log(`  largest parts (minified): ${largest(packages)}`);
  for (const chunk of later) {
    console.log(`  loaded on demand: ${kb(chunk.bytes)}, ${kb(chunk.gzipBytes)} gzipped (${largest(chunk.packages)})`);
  }
}
