/**
 * How much the browser entry weighs in a page: `voice-config-mock/browser`
 * bundled and minified for the browser with msw, as a frontend's bundler
 * makes it. `npm run size:browser` prints it; docs/browser.md states it and
 * test/e2e/browser-bundle-size.test.ts keeps the two in step.
 * Plain JavaScript so Node 20 runs it without a TypeScript step.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const entry = fileURLToPath(new URL('../../src/browser/index.ts', import.meta.url));

/** The package a bundled input came from (`@scope/name` or `name`), or `voice-config-mock` for our own files. */
function packageOf(input) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match?.[1] ?? 'voice-config-mock';
}

/** Bytes of the minified bundle, gzipped (level 9), and per package, largest first. */
export async function measureBrowserBundle() {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].contents;
  const byPackage = new Map();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      byPackage.set(packageOf(input), (byPackage.get(packageOf(input)) ?? 0) + bytesInOutput);
    }
  }
  const packages = [...byPackage].map(([name, bytes]) => ({ name, bytes })).sort((a, b) => b.bytes - a.bytes);
  return { bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length, packages };
}

const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { bytes, gzipBytes, packages } = await measureBrowserBundle();
  console.log(`voice-config-mock/browser with msw, minified: ${kb(bytes)}, ${kb(gzipBytes)} gzipped`);
  console.log(
    `  largest parts (minified): ${packages
      .slice(0, 5)
      .map((part) => `${part.name} ${kb(part.bytes)}`)
      .join(', ')}`,
  );
}
