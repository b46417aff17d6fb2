/**
 * Builds the demo page for the browser into a directory: the page, its
 * script bundled by esbuild, and MSW's worker script at the root, where the
 * page registers it. Nothing built here is kept in the repository.
 */
import { copyFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const demoDir = fileURLToPath(new URL('../../src/browser/demo/', import.meta.url));

/** Bundles the demo into `outDir` (which must exist) and lists what it wrote. */
export async function bundleDemo(outDir: string): Promise<string[]> {
  await build({
    entryPoints: [join(demoDir, 'demo.ts')],
    outfile: join(outDir, 'demo.js'),
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    sourcemap: true,
    // The app imports node:fs only lazily, to serve /docs assets; the page never asks for them.
    external: ['node:*'],
    logLevel: 'silent',
  });
  await copyFile(join(demoDir, 'index.html'), join(outDir, 'index.html'));
  const worker = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  await copyFile(worker, join(outDir, 'mockServiceWorker.js'));
  return ['index.html', 'demo.js', 'demo.js.map', 'mockServiceWorker.js'];
}
