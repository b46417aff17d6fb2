/**
 * The browser example of docs/browser.md runs as written: the block is taken from the
 * page, bundled with `voice-config-mock/browser` pointing at the source,
 * and run in a page in headless Chromium.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockState } from '../../src/state/mock-state.js';
import { closeAll } from '../helpers/close-all.js';
import { readmeBlock } from '../helpers/readme.js';
import { explainSkip, hasChromium, launchChromium } from './chromium.js';
import { consoleOf, type InlinePage, serveInlinePage } from './inline-page.js';

const example = readmeBlock('ts', "from 'voice-config-mock/browser'", 'docs/browser.md');

explainSkip("README's browser example");

describe.skipIf(!hasChromium)('readme browser example', () => {
  let site: InlinePage;
  let browser: Browser;

  beforeAll(async () => {
    site = await serveInlinePage(example ?? '');
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await closeAll(
      () => browser?.close(),
      () => site?.close(),
    );
  });

  it('prints the seeded assistants and the tenants, with no errors', async () => {
    expect(example).toBeDefined();
    const { lines, errors } = await consoleOf(browser, site.url, 'tenants:');
    const mockState = createMockState({ seed: 1 });
    const count = mockState.store.list(mockState.organizations.byToken('demo-token')?.id ?? '', 'assistants').length;
    expect(lines).toEqual([`200 ${count} assistants`, 'tenants: demo-token, demo-token-2']);
    expect(errors).toEqual([]);
  });
});
