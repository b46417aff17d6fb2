/**
 * The reference page works in a browser: headless Chromium loads /docs/ from
 * a live mock, with no console errors (the favicon included), within the
 * transfer budget; authorizes with demo-token through the Authorize dialog;
 * and tries the create of a SIP trunk with its example, which answers 201.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverForTests } from '../helpers/server.js';
import { explainSkip, hasChromium, launchChromium } from './chromium.js';

const BUDGET_BYTES = 700 * 1024;

explainSkip('The reference page in Chromium');

describe.skipIf(!hasChromium)('the reference page in Chromium', () => {
  const mock = serverForTests();
  let browser: Browser;
  let page: Page;
  const errors: string[] = [];
  const transferred = new Map<string, number>();

  beforeAll(async () => {
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('requestfinished', async (request) => {
      const type = request.resourceType();
      if (type === 'document' || type === 'script' || type === 'stylesheet') {
        transferred.set(request.url(), (await request.sizes()).responseBodySize);
      }
    });
    await page.goto(`${mock.url}/docs/`);
    await page.locator('.opblock').first().waitFor({ timeout: 30_000 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('loads with no errors, and its page, scripts and styles transfer under 700 KB', async () => {
    expect(errors).toEqual([]);
    expect([...transferred.keys()].map((url) => new URL(url).pathname)).toEqual(
      expect.arrayContaining(['/docs/', '/docs/assets/swagger-ui-bundle.js', '/docs/assets/swagger-ui.css']),
    );
    const total = [...transferred.values()].reduce((sum, bytes) => sum + bytes, 0);
    expect(total, JSON.stringify([...transferred])).toBeLessThan(BUDGET_BYTES);
  });

  it('authorizes with demo-token and creates a SIP trunk from its example (201)', async () => {
    const org = mock.server.mockState.tenants.byToken('demo-token')?.id ?? '';
    const trunksBefore = mock.server.mockState.store.count(org, 'sipTrunks');

    await page.locator('button.authorize').first().click();
    const bearer = page.locator('.auth-container').filter({ hasText: /bearer/i });
    await bearer.locator('input').first().fill('demo-token');
    await bearer.locator('button.authorize').click();
    await page.locator('.modal-ux button.btn-done').first().click();

    const create = page.locator('[id$="-createSipTrunk"]');
    await create.locator('.opblock-summary').click();
    await create.locator('button.try-out__btn').click();
    await create.locator('button.execute').click();
    const status = create.locator('.live-responses-table .response .response-col_status').first();
    await status.waitFor({ timeout: 15_000 });

    expect(((await status.textContent()) ?? '').trim()).toMatch(/^201/);
    expect(mock.server.mockState.store.count(org, 'sipTrunks')).toBe(trunksBefore + 1);
    expect(errors).toEqual([]);
  });
});
