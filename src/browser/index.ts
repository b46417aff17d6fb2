/**
 * The mock inside a web page: the same app, world, tokens and control API as
 * the server, answered by Mock Service Worker instead of a port. Frontends
 * call `startBrowserMock()` before their first request and then use the
 * API exactly as they would use the server.
 */
import { setupWorker } from 'msw/browser';
import { createApp } from '../http/app.js';
import type { Scenario } from '../seed/scenario.js';
import type { Organization } from '../store/tenants.js';
import { createWorld, type World } from '../world.js';
import { createMockHandler } from './mock-handler.js';

export { appPathOf, createMockHandler, type FetchApp, isMockPath, type MockHandlerOptions } from './mock-handler.js';

export interface BrowserMockOptions {
  /** Picks the generated data, as `--seed` does for the server. Default 1. */
  seed?: number;
  /** A scenario or the name of one (`default`, `empty`), as `--scenario` does for the server. */
  scenario?: Scenario | string;
  /** Origin, optionally with a path prefix, whose mock paths are answered; default the page's origin. */
  baseUrl?: string;
  /** Where the page serves MSW's worker script; default `/mockServiceWorker.js`. */
  workerUrl?: string;
  /** Log each answered request in the console (MSW's log); default false. */
  log?: boolean;
}

export interface BrowserMock {
  /** The state the page talks to; the same object the control API changes. */
  readonly world: World;
  /** The resolved origin and prefix being answered. */
  readonly baseUrl: string;
  /** The organizations and their API tokens. */
  organizations(): Organization[];
  /** Stops answering; later requests go to the network. */
  stop(): void;
}

interface PageGlobals {
  location?: { href: string };
}

/** Starts the in-page mock; resolves once the service worker answers requests. */
export async function startBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const baseUrl = resolveBaseUrl(options.baseUrl);
  const world = createWorld({ seed: options.seed, scenario: options.scenario });
  const app = createApp({ world });
  const worker = setupWorker(createMockHandler({ app, baseUrl }));
  await worker.start({
    serviceWorker: { url: options.workerUrl ?? '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: !options.log,
  });
  return {
    world,
    baseUrl,
    organizations: () => world.tenants.list(),
    stop: () => worker.stop(),
  };
}

function resolveBaseUrl(baseUrl: string | undefined): string {
  const page = (globalThis as PageGlobals).location?.href;
  if (baseUrl === undefined && page === undefined) {
    throw new Error('startBrowserMock needs a baseUrl when it does not run in a page.');
  }
  return new URL(baseUrl ?? '/', page).href;
}
