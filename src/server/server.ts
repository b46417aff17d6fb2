/**
 * Serves the app on a port with Node's HTTP server: optionally with a state
 * file (loaded at start, saved after every change and at shutdown), and a
 * close that lets requests in flight finish.
 */
import { lookup } from 'node:dns/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { AppOptions } from '../http/app.js';
import { bodyLimitFor, DEFAULT_BODY_LIMIT } from '../http/body-limits.js';
import { checkedControlAccess } from '../http/control-token.js';
import { checkedDelay } from '../http/delay.js';
import { directRoutes } from '../http/direct-routes.js';
import { UNEXPECTED_FAILURE_DETAIL, UnsavedChange } from '../http/problem.js';
import { requestLoggerOf } from '../http/request-logger.js';
import { createMockState, type MockState } from '../state/mock-state.js';
import type { openStateFile } from '../state/persistence/open-state-file.js';
import { budgetCredentials, budgetedBodies, journalBusy } from './body-budget.js';
import { withDirectLane } from './direct-lane.js';
import { answerClientErrors, answerProblem, requiringHost } from './node-client-errors.js';
import { offThreadJson } from './off-thread-json.js';
import { OPTION_REMEDIES, publicBindRefusal } from './public-bind.js';
import { checkedBudget, checkedPort, DEFAULT_HOST, DEFAULT_PORT, requestTimeouts } from './start-options.js';

export interface ServerOptions extends AppOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: only this machine can reach the mock. */
  host?: string;
  /** Load the state from this file at start and save it there after every change. */
  stateFile?: string;
  /**
   * Answer the plain requests of the resource routes without Hono's adapter (default true; src/http/direct-routes.ts).
   * False sends every request through the app, as the browser entry and `app.request()` are served: the answers are the same.
   */
  directRoutes?: boolean;
  /**
   * Make the app, and load its framework, on the first request that needs it, not at the start (default false): the
   * direct routes answer meanwhile, and the start is about a fifth shorter. A program keeps the default, every
   * route ready when `startServer` resolves; the command line, which answers its first request sooner, defers it.
   */
  deferApp?: boolean;
  /** Take the state file's lock even when it was written on another host, boot or PID namespace, whose owner cannot be checked. */
  takeLock?: boolean;
  /**
   * How long `close()` waits for requests in flight before it cuts their
   * connections (default 10 s): a client that sent half a request would
   * otherwise hold the shutdown for as long as it stays connected.
   */
  closeGraceMs?: number;
  /**
   * How long a request may take to arrive whole, headers and body (default
   * 30 s); one still arriving then is cut with 408, so a slow upload cannot
   * hold a connection for minutes (Node's own default is 300 s).
   */
  requestTimeoutMs?: number;
  /**
   * Bytes of request bodies over 64 KiB read and parsed at once (default 32 MiB); a large body past it waits
   * for room, and answers 503 with Retry-After if none comes within 10 s (src/server/body-budget.ts).
   */
  bodyBudgetBytes?: number;
}

export const DEFAULT_CLOSE_GRACE_MS = 10_000;
export { DEFAULT_BODY_BUDGET_BYTES } from './body-budget.js';
export { DEFAULT_HOST, DEFAULT_PORT, DEFAULT_REQUEST_TIMEOUT_MS, hostHeaderOf } from './start-options.js';

export interface RunningServer {
  url: string;
  mockState: MockState;
  /** The state came from the state file (which existed), not from the seed and scenario. */
  stateLoaded: boolean;
  /** Stops accepting connections, lets requests in flight finish (within `closeGraceMs`), then saves the state file if there is one (rejects if that save fails). */
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const refusal = publicBindRefusal(
    options.host ?? DEFAULT_HOST,
    { enabled: options.control !== false, token: options.controlToken },
    OPTION_REMEDIES,
  );
  if (refusal) throw new Error(`startServer: ${refusal}`);
  // Checked before the state file is locked: a refused option must not leave the file held. (The app is made on
  // its first request, after the start: what it would refuse is checked here.)
  checkedControlAccess(options);
  if (options.delay !== undefined) checkedDelay(options.delay);
  const timeouts = requestTimeouts(options.requestTimeoutMs);
  checkedBudget(options.bodyBudgetBytes);
  const port = checkedPort(options.port ?? DEFAULT_PORT);
  const mockState = options.mockState ?? createMockState(options);
  // Locked, loaded and written (when new) before the port opens: a second mock on the file, or a path that cannot be written, stops the start.
  // Its modules (and node:crypto, node:fs/promises with them) load only for a start that has a file.
  const stateFile = options.stateFile
    ? await (await import('../state/persistence/open-state-file.js')).openStateFile(mockState, options.stateFile, {
        takeLock: options.takeLock === true,
      })
    : undefined;
  try {
    return await listenWith(options, mockState, stateFile, timeouts, port);
  } catch (error) {
    // Refused options, a port in use: the state file is let go, so the caller can try again on it.
    await stateFile?.close().catch(() => {});
    throw error;
  }
}

type OpenStateFile = Awaited<ReturnType<typeof openStateFile>>;

async function listenWith(
  options: ServerOptions,
  mockState: MockState,
  stateFile: OpenStateFile | undefined,
  timeouts: ReturnType<typeof requestTimeouts>,
  port: number,
): Promise<RunningServer> {
  const loaded = stateFile?.loaded ?? false;
  const own = options.afterWrite;
  const afterWrite = stateFile
    ? async () => {
        await own?.();
        await stateFile.committed().catch(answerUnsaved);
      }
    : own;
  const largeBodies = offThreadJson();
  const host = options.host ?? DEFAULT_HOST;
  const graceMs = options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;
  // One logger for the app and the direct routes: their lines go out in the order the answers do.
  const logger = options.requestLog && requestLoggerOf(options.requestLog);
  const makeApp = () =>
    import('./app-listener.js').then(({ appListener }) =>
      appListener(
        { ...options, ...(afterWrite ? { afterWrite } : {}), ...(logger ? { requestLog: logger } : {}) },
        mockState,
        largeBodies.parse,
        host,
      ),
    );
  const app = options.deferApp ? lazyApp(makeApp) : await makeApp();
  const maxSize = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
  const limitFor = (method: string, path: string) => bodyLimitFor(method, path, maxSize, options.control !== false);
  // A body waits for room at most half the time it has to arrive whole, so that it is still read in time once taken.
  const waitMs = Math.min(10_000, timeouts.requestTimeout / 2);
  const budgeted = budgetedBodies(app, {
    budgetBytes: checkedBudget(options.bodyBudgetBytes),
    limitFor,
    waitMs,
    // Only a request the app would read the body of takes room; a 503 for want of it is journaled as the app's answers are.
    mayUse: budgetCredentials(mockState.organizations, options.controlToken),
    onBusy: (request, waitedMs) => journalBusy(mockState, request, waitedMs),
  });
  // The plain requests of the resource routes skip Hono's adapter (src/http/direct-routes.ts); a configured delay
  // is a layer only the app has, so with one every request goes to the app.
  const delayed = options.delay !== undefined && checkedDelay(options.delay).maxMs > 0;
  const direct = options.directRoutes === false || delayed ? undefined : directRoutes(mockState, { afterWrite, bodyLimitBytes: maxSize });
  const served = direct ? withDirectLane(direct, budgeted, logger) : budgeted;
  const server = createServer({ requireHostHeader: false, ...timeouts }, requiringHost(served));
  const unspoken = connectionsThatSentNothing(server);
  answerClientErrors(server, limitFor);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const info = server.address() as AddressInfo;
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      // Deliveries run while a server serves the mock state (again, for a mock state whose server closed).
      const releaseOutbox = mockState.outbox.serve();
      // No webhook may deliver to this server's own control API (src/state/webhooks/own-listeners.ts).
      const releaseListener = mockState.listeners.add({ host: info.address, port: info.port }, lookupAll);
      let closing: Promise<void> | undefined;
      const close = async () => {
        // First: a call still being simulated would otherwise hold its request, and so the close, until its receivers answer.
        // (The outbox stops only when no other server serves this mock state.)
        const outboxStopped = releaseOutbox();
        releaseListener();
        await new Promise<void>((done, fail) => {
          // Connections that finish their request after this become idle later; close them as they do,
          // instead of waiting out their keep-alive time.
          const closeIdle = () => {
            server.closeIdleConnections();
            // Node counts a connection that has not begun a request as busy (its headers timer runs from the
            // connect): a browser's spare connection would hold the close for the whole grace.
            unspoken.destroy();
          };
          const sweep = setInterval(closeIdle, 50);
          // Node stops its own request timeouts once the server closes: past the grace, cut what is left.
          const deadline = setTimeout(() => server.closeAllConnections(), graceMs);
          server.close((error) => {
            clearInterval(sweep);
            clearTimeout(deadline);
            if (error) fail(error);
            else done();
          });
          closeIdle();
        });
        await outboxStopped;
        await largeBodies.close();
        await stateFile?.close();
      };
      resolve({
        url: `http://${shownHost}:${info.port}`,
        mockState,
        stateLoaded: loaded,
        // A second call (a signal during a test's own close, say) waits for the first instead of failing on a closed server.
        close: () => {
          closing ??= close();
          return closing;
        },
      });
    });
  });
}

/** A write the state file could not take: it was made in memory, and the answer (500) says it may not survive a restart. */
function answerUnsaved(error: Error): never {
  throw new UnsavedChange(error.message);
}

const lookupAll = async (hostname: string) => (await lookup(hostname, { all: true })).map(({ address }) => address);

/** The server's open connections, so that a close can end those on which the client has not sent a byte. */
function connectionsThatSentNothing(server: Server): { destroy(): void } {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    destroy() {
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    },
  };
}

/**
 * The app's listener, made on the first request that needs it (app-listener.ts says why); requests that come while
 * it is made wait for it. A failure to make it (a bug) answers 500 in the problem shape, and the next request tries again.
 */
function lazyApp(make: () => Promise<RequestListener>): RequestListener {
  let made: RequestListener | undefined;
  let making: Promise<RequestListener> | undefined;
  return (request, response) => {
    if (made) return made(request, response);
    making ??= make().then(
      (listener) => (made = listener),
      (error) => {
        making = undefined;
        throw error;
      },
    );
    making.then(
      (listener) => listener(request, response),
      (error) => {
        console.error('voice-config-mock: unexpected failure', error);
        answerProblem(response, 'internal', UNEXPECTED_FAILURE_DETAIL);
      },
    );
  };
}
