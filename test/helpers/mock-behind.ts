/**
 * The mock in process behind a handler that sees each request the kit sends and may answer in the mock's place, or
 * change the request or the answer: how the kit's tests make targets that break a rule, carry writes out late, or
 * throttle. The target names the demo's two tokens.
 */
import type { Target } from '../../contracts/conformance/types.js';
import { createApp } from '../../src/http/app.js';
import { createMockState, type MockState } from '../../src/state/mock-state.js';

export type MockHandler = (req: Request, mock: (req: Request) => Promise<Response>, mockState: MockState) => Response | Promise<Response>;

export interface MockBehindOptions {
  /** How long the kit reads again for a write to show (`--settle-ms`). */
  settleMs: number;
  timeoutMs?: number;
  mockState?: MockState;
}

/**
 * The signal the kit gave each request. In a worker that had run other files first, a wait on the rebuilt Request's
 * own signal once never ended (the test waited out Vitest's 20 s): `kitSignal` gives the kit's.
 */
const signals = new WeakMap<Request, AbortSignal>();
export const kitSignal = (req: Request): AbortSignal => signals.get(req) ?? req.signal;

export function mockBehind(handler: MockHandler, options: MockBehindOptions): Target {
  const mockState = options.mockState ?? createMockState();
  const app = createApp({ mockState });
  // `fetch`, not `request`: once a server in this worker has loaded Hono's Node adapter, which replaces the global
  // Request, a clone is no longer `instanceof Request`, and `app.request` would take it for a URL.
  const mock = async (req: Request) => app.fetch(req.clone());
  return {
    baseUrl: 'http://mock.test',
    token: 'demo-token',
    token2: 'demo-token-2',
    settleMs: options.settleMs,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    fetch: (url, init) => {
      const req = new Request(url, init);
      if (init.signal) signals.set(req, init.signal);
      return handler(req, mock, mockState);
    },
  };
}
