/**
 * The reference page works in a browser: headless Chromium loads /docs/ from
 * a live mock, with no console errors (the favicon included), within the
 * transfer budget; comes authorized with demo-token; tries the create of a
 * SIP trunk with its example, which answers 201, and the create of a tool
 * twice with its example, which answers 201 both times (names are unique).
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

  /** Opens an operation, tries it out with its pre-filled example, and answers the status of each Execute. */
  async function execute(operationId: string, times: number): Promise<string[]> {
    const operation = page.locator(`[id$="-${operationId}"]`);
    await operation.locator('.opblock-summary').click();
    await operation.locator('button.try-out__btn').click();
    const statuses: string[] = [];
    for (let run = 0; run < times; run++) {
      // Swagger UI shows one live answer: wait for it to be gone before the next Execute.
      const answered = operation.locator('.live-responses-table .response .response-col_status').first();
      if (run > 0) await operation.locator('button.btn-clear').click();
      await operation.locator('button.execute').click();
      await answered.waitFor({ timeout: 15_000 });
      statuses.push(((await answered.textContent()) ?? '').trim().slice(0, 3));
    }
    return statuses;
  }

  it('comes authorized with demo-token, and creates a SIP trunk from its example (201)', async () => {
    const org = mock.server.mockState.organizations.byToken('demo-token')?.id ?? '';
    const trunksBefore = mock.server.mockState.store.count(org, 'sipTrunks');
    await page.locator('button.authorize.locked').first().waitFor({ timeout: 10_000 });

    expect(await execute('createSipTrunk', 1)).toEqual(['201']);
    expect(mock.server.mockState.store.count(org, 'sipTrunks')).toBe(trunksBefore + 1);
    expect(errors).toEqual([]);
  });

  it('creates a tool from its example on every Execute, not a 409 for the second (tool names are unique)', async () => {
    const org = mock.server.mockState.organizations.byToken('demo-token')?.id ?? '';
    const toolsBefore = mock.server.mockState.store.count(org, 'tools');
    expect(await execute('createTool', 2)).toEqual(['201', '201']);
    expect(mock.server.mockState.store.count(org, 'tools')).toBe(toolsBefore + 2);
  });

  it('groups the SIP trunk operations under a readable name', async () => {
    expect(await page.locator('.opblock-tag', { hasText: 'SIP trunks' }).count()).toBeGreaterThan(0);
    expect(await page.locator('.opblock-tag', { hasText: 'SipTrunks' }).count()).toBe(0);
  });
});
