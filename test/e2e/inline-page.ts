/**
 * A one-script page for browser tests: TypeScript source (importing
 * `voice-config-mock/browser`, resolved to the source) bundled for the
 * browser, with MSW's worker script beside it, served on 127.0.0.1.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { copyWorkerScript, demoBuildOptions } from './demo-build.mjs';
import { serveDirectory } from './static-server.js';

const browserEntry = fileURLToPath(new URL('../../src/browser/index.ts', import.meta.url));

export interface InlinePage {
  url: string;
  close(): Promise<void>;
}

/** Builds and serves a page whose only script is `source`. */
export async function serveInlinePage(source: string): Promise<InlinePage> {
  const dir = await mkdtemp(join(tmpdir(), 'voice-config-mock-page-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const { external, target } = demoBuildOptions(dir);
    await build({
      stdin: { contents: source, loader: 'ts', resolveDir: dir, sourcefile: 'page.ts' },
      outfile: join(dir, 'page.js'),
      bundle: true,
      platform: 'browser',
      format: 'esm',
      ...(external ? { external } : {}),
      ...(target ? { target } : {}),
      alias: { 'voice-config-mock/browser': browserEntry },
      logLevel: 'silent',
    });
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><link rel="icon" href="data:,"><script type="module" src="/page.js"></script>',
    );
    await copyWorkerScript(dir);
    const site = await serveDirectory(dir);
    return {
      url: `${site.url}/`,
      close: async () => {
        await site.close();
        await remove();
      },
    };
  } catch (error) {
    // A page that was not built or served is never returned, so no close() would remove its folder.
    await remove();
    throw error;
  }
}

/** Opens the page in a fresh context and collects its console lines (errors apart) until one starts with `last`. */
export async function consoleOf(browser: Browser, url: string, last: string): Promise<{ lines: string[]; errors: string[] }> {
  const page = await (await browser.newContext()).newPage();
  const lines: string[] = [];
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => (message.type() === 'error' ? errors : lines).push(message.text()));
  const finished = page.waitForEvent('console', { predicate: (message) => message.text().startsWith(last), timeout: 15_000 });
  await page.goto(url);
  await finished;
  await page.context().close();
  return { lines, errors };
}
