/**
 * In a page, the mock starts without faker and fetches it only when a request
 * needs data the build did not prepare. The page is code-split as Vite or
 * webpack split it (esbuild with `splitting`), so faker is a chunk of its own
 * and the page's resource timing shows whether it was fetched. Skips, saying
 * why, where no Chromium is installed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll } from '../helpers/close-all.js';
import { explainSkip, hasChromium, launchChromium } from './chromium.js';
import { copyWorkerScript } from './demo-build.mjs';
import { type StaticServer, serveDirectory } from './static-server.js';

const browserEntry = fileURLToPath(new URL('../../src/browser/index.ts', import.meta.url));

/** Each step logs `step <name> <statuses> <whether faker's chunk was fetched> <assistant ids>`. */
const pageSource = (fakerChunk: string) => `
import { startBrowserMock } from 'voice-config-mock/browser';
const fakerFetched = () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/${fakerChunk}'));
const auth = { authorization: 'Bearer demo-token' };
const assistantIds = async () => (await (await fetch('/api/v1/assistants', { headers: auth })).json()).map((a) => a.id).join(',');
const post = async (path, body) =>
  (await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body && JSON.stringify(body) })).status;
const step = async (name, ...statuses) => console.log('step', name, statuses.join('/') || '-', fakerFetched(), await assistantIds());

const mock = await startBrowserMock();
await step('start');
await step('reset', await post('/__mock/reset'));
const [first] = mock.organizations();
await step('reset-one', await post('/__mock/reset', { orgId: first.id }));
await step('tenant', await post('/__mock/tenants', { scenario: 'default' }));
const [assistant] = (await assistantIds()).split(',');
await step('call', await post('/__mock/calls', { orgId: first.id, assistantId: assistant }));
await step('reseed', await post('/__mock/reset', { seed: 2 }));
console.log('done');
`;

explainSkip('faker on demand in a page');

describe.skipIf(!hasChromium)('faker in a page', () => {
  let dir = '';
  let site: StaticServer;
  let browser: Browser;
  const steps = new Map<string, { statuses: string; fakerFetched: boolean; ids: string }>();
  const errors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'voice-config-mock-faker-'));
    const bundle = (fakerChunk: string, write: boolean) =>
      build({
        stdin: { contents: pageSource(fakerChunk), loader: 'ts', resolveDir: dir, sourcefile: 'page.ts' },
        outdir: dir,
        entryNames: 'page',
        bundle: true,
        splitting: true,
        platform: 'browser',
        format: 'esm',
        target: 'es2022',
        alias: { 'voice-config-mock/browser': browserEntry },
        metafile: true,
        write,
        logLevel: 'silent',
      });
    // The chunk's name carries a hash of its content, which the page's text does not change.
    const { metafile } = await bundle('', false);
    const chunk = Object.entries(metafile.outputs).find(([, output]) =>
      Object.keys(output.inputs).some((input) => input.includes('@faker-js')),
    );
    await bundle(chunk ? basename(chunk[0]) : 'no-faker-chunk.js', true);
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><link rel="icon" href="data:,"><script type="module" src="/page.js"></script>',
    );
    await copyWorkerScript(dir);
    site = await serveDirectory(dir);
    browser = await launchChromium();
    const page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      const [word, name, statuses, fetched, ids] = message.text().split(' ');
      if (message.type() === 'error') errors.push(message.text());
      else if (word === 'step' && name) steps.set(name, { statuses: statuses ?? '', fakerFetched: fetched === 'true', ids: ids ?? '' });
    });
    // The script's end, or the error that stopped it (then the tests show the steps it got through).
    const done = Promise.race([
      page.waitForEvent('console', { predicate: (message) => message.text() === 'done', timeout: 20_000 }),
      page.waitForEvent('pageerror', { timeout: 20_000 }),
    ]);
    await page.goto(`${site.url}/`);
    await done;
  }, 60_000);

  afterAll(async () => {
    await closeAll(
      () => browser?.close(),
      () => site?.close(),
      () => dir && rm(dir, { recursive: true, force: true }),
    );
  });

  it('starts, lists and resets to the written-down seed without fetching faker', () => {
    expect(errors).toEqual([]);
    expect(steps.get('start')).toMatchObject({ fakerFetched: false });
    expect(steps.get('start')?.ids.split(',')).toHaveLength(3);
    expect(steps.get('reset')).toEqual({ ...steps.get('start'), statuses: '200' });
    expect(steps.get('reset-one')).toEqual({ ...steps.get('start'), statuses: '200' });
  });

  it('fetches faker for a new tenant, a simulated call and another seed, and answers them', () => {
    expect(steps.get('tenant')).toMatchObject({ statuses: '201', fakerFetched: true });
    expect(steps.get('call')?.statuses).toMatch(/^20\d$/);
    expect(steps.get('reseed')?.statuses).toBe('200');
    expect(steps.get('reseed')?.ids).not.toBe(steps.get('start')?.ids);
  });
});
