/**
 * The demo page in headless Chromium: the mock runs inside the page through
 * MSW, and the page lists, creates and deletes assistants with it. Skips,
 * saying why, where no Chromium is installed; it never downloads a browser.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockState } from '../../src/state/mock-state.js';
import { closeAll } from '../helpers/close-all.js';
import { explainSkip, hasChromium, launchChromium } from './chromium.js';
import { bundleDemo } from './demo-build.mjs';
import { type StaticServer, serveDirectory } from './static-server.js';

const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));

explainSkip('browser end-to-end test');

describe.skipIf(!hasChromium)('the demo page in headless chromium', () => {
  let dir = '';
  let site: StaticServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'voice-config-mock-e2e-'));
    await bundleDemo(dir);
    site = await serveDirectory(dir);
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
  }, 60_000);

  afterAll(async () => {
    await closeAll(
      () => browser?.close(),
      () => site?.close(),
      () => dir && rm(dir, { recursive: true, force: true }),
    );
  });

  it('lists the seeded assistants of the first organization', async () => {
    await page.goto(`${site.url}/`);
    await waitUntilReady(page);
    expect(await page.textContent('#token')).toBe('demo-token');
    expect(await rowNames(page)).toEqual(seededAssistantNames(1));
  });

  it('answers fetch in the page from the in-page mock, not the network', async () => {
    const reply = await page.evaluate(async () => {
      const res = await fetch('/api/v1/schemas', { headers: { authorization: 'Bearer demo-token' } });
      return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as { isLocked: boolean }[] };
    });
    expect(reply.status).toBe(200);
    expect(reply.type).toMatch(/^application\/json/);
    expect(reply.body.filter((schema) => schema.isLocked)).toHaveLength(3);
    // The static server saw only the page's files: every API request was answered inside the page.
    expect([...new Set(site.requested)].sort()).toEqual(['/', '/demo.js', '/mockServiceWorker.js']);
  });

  it('creates an assistant through the form and shows it', async () => {
    const before = (await rowNames(page)).length;
    await page.fill('#name', 'Front desk (e2e)');
    await page.click('#create button[type="submit"]');
    await page.waitForSelector('#assistants li:has-text("Front desk (e2e)")');
    const names = await rowNames(page);
    expect(names).toHaveLength(before + 1);
    expect(names[0]).toBe('Front desk (e2e)');
    expect(await page.textContent('#message')).toBe('');
  });

  it('deletes the created assistant and it is gone', async () => {
    const before = await rowNames(page);
    await page.click('#assistants li:has-text("Front desk (e2e)") button');
    await page.waitForSelector('#assistants li:has-text("Front desk (e2e)")', { state: 'detached' });
    expect(await rowNames(page)).toEqual(before.filter((name) => name !== 'Front desk (e2e)'));
    expect(await rowNames(page)).toEqual(seededAssistantNames(1));
    await mkdir(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'browser-demo.png'), fullPage: true });
    expect(existsSync(join(artifacts, 'browser-demo.png'))).toBe(true);
  });

  it('keeps a created assistant across a reload with persist', async () => {
    await page.goto(`${site.url}/?persist`);
    await waitUntilReady(page);
    expect(await page.textContent('#status')).toContain('seed 1');
    await page.fill('#name', 'Survives reloads (e2e)');
    await page.click('#create button[type="submit"]');
    await page.waitForSelector('#assistants li:has-text("Survives reloads (e2e)")');
    await page.reload();
    await waitUntilReady(page);
    expect(await page.textContent('#status')).toContain('state restored from localStorage');
    expect(await rowNames(page)).toEqual(['Survives reloads (e2e)', ...seededAssistantNames(1)]);
  });

  it('starts from the seed again on a reload without persist', async () => {
    await page.goto(`${site.url}/`);
    await waitUntilReady(page);
    expect(await rowNames(page)).toEqual(seededAssistantNames(1));
  });

  it('answers the control api in the page and resets to the seed, saved with persist', async () => {
    await page.goto(`${site.url}/?persist`);
    await waitUntilReady(page);
    expect(await rowNames(page)).toContain('Survives reloads (e2e)');
    const tenants = await page.evaluate(async () => {
      const res = await fetch('/__mock/tenants');
      return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as { token: string }[] };
    });
    expect(tenants.status).toBe(200);
    expect(tenants.type).toMatch(/^application\/json/);
    expect(tenants.body.map((tenant) => tenant.token)).toEqual(['demo-token', 'demo-token-2']);
    await page.click('#reset');
    await page.waitForSelector('#assistants li:has-text("Survives reloads (e2e)")', { state: 'detached' });
    expect(await rowNames(page)).toEqual(seededAssistantNames(1));
    await page.reload();
    await waitUntilReady(page);
    expect(await rowNames(page)).toEqual(seededAssistantNames(1));
  });

  it('shows no errors in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});

async function waitUntilReady(page: Page): Promise<void> {
  await page.waitForSelector('body[data-state="ready"]', { timeout: 15_000 });
}

async function rowNames(page: Page): Promise<string[]> {
  return page.$$eval('#assistants li .name', (spans) => spans.map((span) => span.textContent ?? ''));
}

/** The names the server would list for demo-token with this seed, newest first. */
function seededAssistantNames(seed: number): string[] {
  const mockState = createMockState({ seed });
  const org = mockState.organizations.byToken('demo-token');
  if (!org) throw new Error('the default scenario has no demo-token');
  return mockState.store.list(org.id, 'assistants').map((record) => String(record.name));
}
