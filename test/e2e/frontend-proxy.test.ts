/**
 * The frontend guide's Vite proxy runs as written: its vite.config.js and
 * mock-control.js are taken from docs/frontend.md (only the mock's address
 * is swapped for the test server's), a Vite dev server serves a page that
 * uses them, and headless Chromium shows the page reading the API and
 * resetting the mock through the proxy, while a page of another origin
 * still cannot reset it through the same proxy. The guide's direct calls
 * from another origin (the API; the control API with a control token) run
 * in a page of another origin too.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { closeAll } from '../helpers/close-all.js';
import { readmeBlock } from '../helpers/readme.js';
import { explainSkip, hasChromium, launchChromium } from './chromium.js';
import { type StaticServer, serveDirectory } from './static-server.js';

const viteConfig = readmeBlock('js', 'vite.config.js', 'docs/frontend.md');
const mockControl = readmeBlock('js', 'mock-control.js', 'docs/frontend.md');
const crossOriginApi = readmeBlock('ts', "fetch('http://127.0.0.1:4010/api/v1/assistants'", 'docs/frontend.md');
const crossOriginControl = readmeBlock('ts', "'x-control-token': 'dev-secret'", 'docs/frontend.md');

const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/voice-config-mock-vite/', import.meta.url));

const page = `<!doctype html><link rel="icon" href="data:,">
<script type="module">
import { listAssistants, resetMock } from '/mock-control.js';
const assistants = await listAssistants();
console.log('assistants ' + assistants.length);
const { organizations } = await resetMock();
console.log('reset ' + organizations.map((org) => org.token).join(', '));
</script>`;

explainSkip("The frontend guide's Vite proxy");

/** The guide's Vite project (its config, proxy and page) in `dir`, served by Vite's dev server against the mock at `mockUrl`. */
async function startDevServer(dir: string, mockUrl: string): Promise<{ vite: ViteDevServer; url: string }> {
  await writeFile(join(dir, 'vite.config.js'), (viteConfig ?? '').replaceAll('http://127.0.0.1:4010', mockUrl));
  await writeFile(join(dir, 'mock-control.js'), mockControl ?? '');
  await writeFile(join(dir, 'index.html'), page);
  const vite = await createServer({
    root: dir,
    configFile: join(dir, 'vite.config.js'),
    server: { host: '127.0.0.1', port: 0 },
    logLevel: 'silent',
    clearScreen: false,
    optimizeDeps: { noDiscovery: true },
  });
  await vite.listen();
  return { vite, url: (vite.resolvedUrls?.local[0] ?? '').replace(/\/$/, '') };
}

describe.skipIf(!hasChromium)('frontend guide: the Vite proxy', () => {
  let mock: RunningServer;
  let dir: string;
  let vite: ViteDevServer;
  let viteUrl: string;
  let otherSite: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    mock = await startServer({ port: 0 });
    // Inside the project, so that the config's `import 'vite'` resolves as it does in a frontend's checkout.
    await mkdir(cacheDir, { recursive: true });
    dir = await mkdtemp(join(cacheDir, 'frontend-'));
    ({ vite, url: viteUrl } = await startDevServer(dir, mock.url));
    await writeFile(join(dir, 'other.html'), '<!doctype html><link rel="icon" href="data:,"><title>another site</title>');
    otherSite = await serveDirectory(dir);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await closeAll(
      () => browser?.close(),
      () => otherSite?.close(),
      () => vite?.close(),
      () => mock?.close(),
      () => dir && rm(dir, { recursive: true, force: true }),
    );
  });

  it('lets the dev server page read the API and reset the mock through the proxy', async () => {
    expect(viteConfig).toContain('server');
    expect(mockControl).toContain('resetMock');
    const extra = mock.mockState.organizations.list().length;
    await fetch(`${mock.url}/__mock/tenants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(mock.mockState.organizations.list()).toHaveLength(extra + 1);
    const seeded = mock.mockState.store.list(mock.mockState.organizations.byToken('demo-token')?.id ?? '', 'assistants').length;

    const tab = await (await browser.newContext()).newPage();
    const lines: string[] = [];
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    tab.on('console', (message) => (message.type() === 'error' ? errors : lines).push(message.text()));
    // The page's last line, or its first uncaught error (a refused reset throws), whichever comes first.
    const done = Promise.race([
      tab.waitForEvent('console', { predicate: (message) => message.text().startsWith('reset'), timeout: 20_000 }),
      tab.waitForEvent('pageerror', { timeout: 20_000 }),
    ]);
    await tab.goto(`${viteUrl}/`);
    await done;
    await tab.context().close();

    expect(errors).toEqual([]);
    expect(lines.filter((line) => /^(assistants|reset) /.test(line))).toEqual([`assistants ${seeded}`, 'reset demo-token, demo-token-2']);
    // The reset went through: the extra organization is gone.
    expect(mock.mockState.organizations.list()).toHaveLength(extra);
  });

  it('still refuses a reset sent through the proxy by a page of another origin', async () => {
    await fetch(`${mock.url}/__mock/tenants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const before = mock.mockState.organizations.list().length;

    const tab = await (await browser.newContext()).newPage();
    await tab.goto(`${otherSite.url}/other.html`);
    // A bodiless POST needs no preflight, so the request is sent; only the mock's refusal keeps it from resetting.
    const sent = await tab.evaluate(async (url) => {
      await fetch(`${url}/__mock/reset`, { method: 'POST', mode: 'no-cors' });
      return true;
    }, viteUrl);
    await tab.context().close();

    expect(sent).toBe(true);
    // Still there: the proxy passed the other page's Origin on, and the mock refused it.
    expect(mock.mockState.organizations.list()).toHaveLength(before);
  });

  it('adds the control token the guide sets (MOCK_CONTROL_TOKEN) to what it forwards to a mock that needs one', async () => {
    const guarded = await startServer({ port: 0, controlToken: 'dev-secret' });
    const tokenDir = await mkdtemp(join(cacheDir, 'frontend-token-'));
    let tokenVite: ViteDevServer | undefined;
    process.env.MOCK_CONTROL_TOKEN = 'dev-secret';
    try {
      const started = await startDevServer(tokenDir, guarded.url);
      tokenVite = started.vite;
      const { url } = started;
      const tab = await (await browser.newContext()).newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      const done = Promise.race([
        tab.waitForEvent('console', { predicate: (message) => message.text().startsWith('reset'), timeout: 20_000 }),
        tab.waitForEvent('pageerror', { timeout: 20_000 }),
      ]);
      await tab.goto(`${url}/`);
      const last = await done;
      await tab.context().close();

      expect(errors).toEqual([]);
      expect('text' in last ? last.text() : '').toBe('reset demo-token, demo-token-2');
      // Without the header the same mock refuses: the proxy, not the page, sent the token.
      expect((await fetch(`${guarded.url}/__mock/reset`, { method: 'POST' })).status).toBe(401);

      // A page of another site, sending through the same proxy (which adds the token to all it forwards):
      // it can neither read the state (tokens, webhook secrets, trunk passwords) nor reset.
      await fetch(`${guarded.url}/__mock/tenants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-control-token': 'dev-secret' },
        body: '{}',
      });
      const before = guarded.mockState.organizations.list().length;
      const other = await (await browser.newContext()).newPage();
      await other.goto(`${otherSite.url}/other.html`);
      const seen = await other.evaluate(async (viteUrl) => {
        const read = async (init?: RequestInit) => {
          try {
            const res = await fetch(`${viteUrl}/__mock/state`, init);
            return `${res.status} ${await res.text()}`;
          } catch (error) {
            return `unreadable ${(error as Error).name}`;
          }
        };
        const reset = async (init: RequestInit) => {
          try {
            const res = await fetch(`${viteUrl}/__mock/reset`, { method: 'POST', ...init });
            return `${res.status} ${await res.text()}`;
          } catch (error) {
            return `unreadable ${(error as Error).name}`;
          }
        };
        return [
          await read(),
          await read({ mode: 'no-cors' }),
          await reset({ mode: 'no-cors' }),
          await reset({ headers: { 'content-type': 'application/json' }, body: '{}' }),
        ];
      }, url);
      await other.context().close();
      // What the page could read is a refusal at most: no token, no secret, no record.
      for (const text of seen) {
        expect(text).not.toMatch(/demo-token|whsec_|organizations|password/);
        expect(text).toMatch(/^(403 |0 $|unreadable )/);
      }
      // The refusal is readable, and says how to allow an origin.
      expect(seen[0]).toMatch(/^403 .*--control-origin/);
      expect(guarded.mockState.organizations.list()).toHaveLength(before);

      // The app's own page still steers the mock through the proxy.
      const own = await (await browser.newContext()).newPage();
      await own.goto(`${url}/`);
      const ownRead = await own.evaluate(async () => {
        const res = await fetch('/__mock/state');
        return { status: res.status, tokens: ((await res.json()) as { organizations: { token: string }[] }).organizations.length };
      });
      await own.context().close();
      expect(ownRead.status).toBe(200);
      expect(ownRead.tokens).toBeGreaterThanOrEqual(2);
    } finally {
      delete process.env.MOCK_CONTROL_TOKEN;
      await tokenVite?.close();
      await guarded.close();
      await rm(tokenDir, { recursive: true, force: true });
    }
  });

  it('lets a page of another origin call the API, and the control API with the control token', async () => {
    expect(crossOriginApi).toContain('demo-token');
    expect(crossOriginControl).toContain('/__mock/reset');
    // The other site is the app's origin here: the control API takes it only once --control-origin names it.
    const guarded = await startServer({ port: 0, controlToken: 'dev-secret', controlOrigins: [otherSite.url] });
    try {
      await fetch(`${guarded.url}/__mock/tenants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-control-token': 'dev-secret' },
        body: '{}',
      });
      const tenantsBefore = guarded.mockState.organizations.list().length;
      const tab = await (await browser.newContext()).newPage();
      await tab.goto(`${otherSite.url}/other.html`);
      // Each block runs as the page's own script would; the API block keeps its answer in `res`.
      const inPage = (block: string, result: string) =>
        tab.evaluate(`(async () => { ${block.replaceAll('http://127.0.0.1:4010', guarded.url)}; return ${result}; })()`);

      const apiStatus = await inPage(crossOriginApi ?? '', 'res.status');
      // The control block does not keep its answer: the reset shows in the mock (a refusal would reject the fetch).
      const controlRun = await inPage(crossOriginControl ?? '', "'sent'");
      await tab.context().close();

      expect(apiStatus).toBe(200);
      expect(controlRun).toBe('sent');
      expect(tenantsBefore).toBe(3);
      expect(guarded.mockState.organizations.list()).toHaveLength(2);
    } finally {
      await guarded.close();
    }
  });
});
