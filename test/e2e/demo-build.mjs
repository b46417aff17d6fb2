/**
 * How the demo page is built for the browser, shared by the end-to-end test
 * and `node test/e2e/serve-demo.mjs`: the page, its script bundled by esbuild,
 * and MSW's worker script at the root, where the page registers it.
 * Plain JavaScript so Node 20 runs it without a TypeScript step.
 */
import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const demoDir = fileURLToPath(new URL('../../src/browser/demo/', import.meta.url));

/** esbuild options that bundle the demo script into `outDir/demo.js`. */
export function demoBuildOptions(outDir) {
  return {
    entryPoints: [join(demoDir, 'demo.ts')],
    outfile: join(outDir, 'demo.js'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    sourcemap: true,
    logLevel: 'silent',
  };
}

/** Copies MSW's worker script from the installed msw (so the versions match) to `outDir/mockServiceWorker.js`. */
export async function copyWorkerScript(outDir) {
  const worker = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  await copyFile(worker, join(outDir, 'mockServiceWorker.js'));
}

/** Copies the page and MSW's worker script into `outDir`. */
export async function copyDemoAssets(outDir) {
  await copyFile(join(demoDir, 'index.html'), join(outDir, 'index.html'));
  await copyWorkerScript(outDir);
}

/** Builds the whole demo into `outDir`, which must exist. */
export async function bundleDemo(outDir) {
  await build(demoBuildOptions(outDir));
  await copyDemoAssets(outDir);
}
