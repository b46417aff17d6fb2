/**
 * `baseUrl` in a real page: the in-page mock answers another origin with a
 * path prefix (where nothing listens, so only the mock can answer), and
 * leaves the page's own origin alone.
 */
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll } from '../helpers/close-all.js';
import { explainSkip, hasChromium, launchChromium } from './chromium.js';
import { consoleOf, type InlinePage, serveInlinePage } from './inline-page.js';

explainSkip('browser baseUrl test');

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!hasChromium)('a base url with another origin and a prefix', () => {
  let site: InlinePage;
  let browser: Browser;
  let api = '';

  beforeAll(async () => {
    api = `http://127.0.0.1:${await closedPort()}/voice`;
    site = await serveInlinePage(`
      import { startBrowserMock } from 'voice-config-mock/browser';
      await startBrowserMock({ baseUrl: ${JSON.stringify(api)} });
      const res = await fetch(${JSON.stringify(`${api}/api/v1/schemas`)}, { headers: { authorization: 'Bearer demo-token' } });
      const schemas = await res.json();
      console.log('schemas', res.status, res.headers.get('content-type'), schemas.filter((s) => s.isLocked).length);
      const own = await fetch('/api/v1/schemas');
      console.log('own origin', own.status);
    `);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await closeAll(
      () => browser?.close(),
      () => site?.close(),
    );
  });

  it('answers the prefixed api of the other origin and passes the page origin through', async () => {
    const { lines, errors } = await consoleOf(browser, site.url, 'own origin');
    expect(lines[0]).toMatch(/^schemas 200 application\/json\S* 3$/);
    // The static server has no /api/v1: the page's own origin was not answered by the mock.
    expect(lines[1]).toBe('own origin 404');
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });
});
