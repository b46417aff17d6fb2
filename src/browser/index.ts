/**
 * The mock inside a web page: the same app, mock state, tokens and control API as
 * the server, answered by Mock Service Worker instead of a port. Frontends
 * call `startBrowserMock()` before their first request and then use the
 * API exactly as they would use the server.
 */
import { setupWorker } from 'msw/browser';
import { loadFaker } from '../domain/faker.js';
import { createApp } from '../http/app.js';
import { checkedSeed, createMockState, DEFAULT_SEED, type MockState, resolveScenario } from '../state/mock-state.js';
import type { Organization } from '../state/organizations/registry.js';
import type { Scenario } from '../state/seed/scenario.js';
import { seedIsRecorded } from '../state/seed/seed.js';
import { withFakerOnDemand } from './faker-on-demand.js';
import { createMockHandler } from './mock-handler.js';
import { createPersistence, type KeyValueStorage, type Persistence } from './persist.js';

export { type ControlClient, type ControlClientOptions, ControlError, createControlClient } from '../client/control-client.js';
export { appPathOf, createMockHandler, type FetchApp, isMockPath, type MockHandlerOptions } from './mock-handler.js';
export { createPersistence, DEFAULT_PERSIST_KEY, type KeyValueStorage, type Persistence } from './persist.js';

export interface BrowserMockOptions {
  /** Picks the generated data, as `--seed` does for the server. Default 1. */
  seed?: number;
  /** A scenario or the name of one (`default`, `empty`), as `--scenario` does for the server. */
  scenario?: Scenario | string;
  /** Origin, optionally with a path prefix, whose mock paths are answered; default the page's origin. */
  baseUrl?: string;
  /** Where the page serves MSW's worker script; default `/mockServiceWorker.js`. */
  workerUrl?: string;
  /** Serve the control API under /__mock/ (default true), as the server does. */
  control?: boolean;
  /** When set, control requests need this token in the x-control-token header, as with `--control-token`. */
  controlToken?: string;
  /** Log each answered request in the console (MSW's log); default false. */
  log?: boolean;
  /**
   * Keep the state across reloads: saved after every change, restored at start.
   * `true` uses `localStorage` under `voice-config-mock/state`; pass `{ key }` to
   * keep several mocks apart, or `{ storage: sessionStorage }` for one tab only.
   */
  persist?: boolean | { key?: string; storage?: KeyValueStorage };
}

export interface BrowserMock {
  /** The state the page talks to; the same object the control API changes. */
  readonly mockState: MockState;
  /** The resolved origin and prefix being answered. */
  readonly baseUrl: string;
  /** The organizations and their API tokens. */
  organizations(): Organization[];
  /** True when the state was restored from storage instead of seeded. */
  readonly restored: boolean;
  /** Deletes the saved state (with `persist`); the next start begins from the seed, unless a write saves it again first. */
  forgetSavedState(): void;
  /** Stops answering (later requests go to the network) and delivering webhooks. */
  stop(): void;
}

interface PageGlobals {
  location?: { href: string };
  localStorage?: KeyValueStorage;
}

/** Starts the in-page mock; resolves once the service worker answers requests. */
export async function startBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  const baseUrl = resolveBaseUrl(options.baseUrl);
  // Only the default scenario at the default seed was written down; other data is drawn from faker, fetched first.
  if (!seedIsRecorded(resolveScenario(options.scenario ?? 'default'), checkedSeed(options.seed ?? DEFAULT_SEED))) await loadFaker();
  const mockState = createMockState({ seed: options.seed, scenario: options.scenario });
  const persistence = persistenceOf(options.persist);
  const restored = persistence?.restore(mockState) ?? false;
  const app = createApp({ mockState, control: options.control, controlToken: options.controlToken, inPage: true });
  const onChange = persistence && (() => persistence.save(mockState));
  const worker = setupWorker(createMockHandler({ app: withFakerOnDemand(app, mockState), baseUrl, ...(onChange ? { onChange } : {}) }));
  await worker.start({
    serviceWorker: { url: options.workerUrl ?? '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: !options.log,
  });
  return {
    mockState,
    baseUrl,
    organizations: () => mockState.organizations.list(),
    restored,
    forgetSavedState: () => persistence?.forget(),
    stop: () => {
      worker.stop();
      // No retries from a page whose mock has stopped answering.
      void mockState.outbox.stop();
    },
  };
}

function persistenceOf(persist: BrowserMockOptions['persist']): Persistence | undefined {
  if (!persist) return undefined;
  const { key, storage } = persist === true ? {} : persist;
  const chosen = storage ?? (globalThis as PageGlobals).localStorage;
  if (!chosen) throw new Error('startBrowserMock: persist needs localStorage, or a storage passed as persist.storage.');
  return createPersistence(chosen, key);
}

function resolveBaseUrl(baseUrl: string | undefined): string {
  const page = (globalThis as PageGlobals).location?.href;
  if (baseUrl === undefined && page === undefined) {
    throw new Error('startBrowserMock needs a baseUrl when it does not run in a page.');
  }
  return new URL(baseUrl ?? '/', page).href;
}
