/**
 * What a page of another origin sees of the mock's refusals and errors, in
 * headless Chromium, with the blocks of docs/frontend.md run as written
 * (only the mock's address swapped for the test server's): the control
 * API's 403 to a page without a control token is readable (CORS headers on
 * the refusal, the preflight answered), and `Prefer: code=403` on a delete
 * the OpenAPI document lists 403 for answers that problem and deletes nothing.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_ID } from '../../src/http/openapi-examples.js';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { closeAll } from '../helpers/close-all.js';
import { readmeBlock } from '../helpers/readme.js';
import { explainSkip, hasChromium, launchChromium } from './chromium.js';
import { type StaticServer, serveDirectory } from './static-server.js';

const readRefusal = readmeBlock('js', "fetch('http://127.0.0.1:4010/__mock/reset', { method: 'POST' });", 'docs/frontend.md');
const deleteAssistant = readmeBlock('js', 'delete-assistant.js', 'docs/frontend.md');

explainSkip("The frontend guide's error pages");

describe.skipIf(!hasChromium)('frontend guide: refusals and errors a page of another origin reads', () => {
  let mock: RunningServer;
  let dir: string;
  let otherSite: StaticServer;
  let browser: Browser;

  beforeAll(async () => {
    mock = await startServer({ port: 0 });
    dir = await mkdtemp(join(tmpdir(), 'voice-config-mock-frontend-errors-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><link rel="icon" href="data:,"><title>your app</title>');
    otherSite = await serveDirectory(dir);
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await closeAll(
      () => browser?.close(),
      () => otherSite?.close(),
      () => mock?.close(),
      () => dir && rm(dir, { recursive: true, force: true }),
    );
  });

  /** A page of the other site, with the errors its console shows. */
  async function appPage(): Promise<{ tab: Page; consoleErrors: string[] }> {
    const tab = await (await browser.newContext()).newPage();
    const consoleErrors: string[] = [];
    tab.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await tab.goto(`${otherSite.url}/`);
    return { tab, consoleErrors };
  }

  it('shows the page the control API refusal and its reason, not a failed fetch, and still refuses it', async () => {
    expect(readRefusal).toBeDefined();
    const tenants = mock.mockState.organizations.list().length;
    await fetch(`${mock.url}/__mock/tenants`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const { tab, consoleErrors } = await appPage();
    const block = (readRefusal ?? '').replaceAll('http://127.0.0.1:4010', mock.url);
    const [status, detail] = (await tab.evaluate(`(async () => { ${block}; return [res.status, problem.detail]; })()`)) as [number, string];
    // A JSON body makes the browser send a preflight first: it is answered, and the request is refused.
    const preflighted = (await tab.evaluate(
      `fetch('${mock.url}/__mock/tenants', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
        .then(async (res) => [res.status, (await res.json()).title])`,
    )) as [number, string];
    await tab.context().close();

    expect(status).toBe(403);
    expect(detail).toBe(
      `The control API does not answer web pages of other origins (${otherSite.url}), whatever token they send, unless the mock runs with --control-origin ${otherSite.url}.`,
    );
    expect(preflighted).toEqual([403, 'Forbidden Error']);
    expect(consoleErrors.filter((text) => /CORS|Failed to fetch/i.test(text))).toEqual([]);
    // Nothing was reset, and no tenant was made: the extra one made before is still there.
    expect(mock.mockState.organizations.list()).toHaveLength(tenants + 1);
  });

  it('answers the documented 403 of a delete asked for with Prefer, and the assistant is still there', async () => {
    expect(deleteAssistant).toBeDefined();
    const document = (await (await fetch(`${mock.url}/openapi.json`)).json()) as Record<string, any>;
    const documented = document.paths['/api/v1/assistants/{id}'].delete.responses['403'];
    const [example] = Object.values<{ value: { title: string; detail: string } }>(documented.content['application/problem+json'].examples);
    const org = mock.mockState.organizations.byToken('demo-token')?.id ?? '';
    const [assistant] = mock.mockState.store.list(org, 'assistants') as { id: string }[];
    const { tab } = await appPage();
    const script = (deleteAssistant ?? '').replaceAll('http://127.0.0.1:4010', mock.url).replace('export async function', 'async function');
    const shown = await tab.evaluate(`(async () => { ${script}; return deleteAssistant('${assistant?.id}', { prefer: 'code=403' }); })()`);
    await tab.context().close();

    // The documented example, about the assistant asked for.
    const detail = example?.value.detail.replaceAll(EXAMPLE_ID, assistant?.id ?? '');
    expect(detail).toContain(assistant?.id);
    expect(shown).toBe(`Could not delete: ${example?.value.title}. ${detail}`);
    expect(mock.mockState.store.list(org, 'assistants').map((record) => record.id)).toContain(assistant?.id);
  });
});
