/**
 * The mock as a Hono app. Tests call `app.request()` in-process; the CLI
 * serves the same app on a port. Order of the layers: CORS, then (for the
 * API) authentication, body size limit and the routes; errors of every kind
 * leave through the one problem renderer.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { resources } from '../domain/resources/index.js';
import { createMockState, type MockState, type MockStateOptions } from '../state/mock-state.js';
import type { AppEnv, BodyBytes, LargeBodyParser } from './app-env.js';
import { bearerAuth } from './auth.js';
import { BODY_LIMITS, DEFAULT_BODY_LIMIT } from './body-limits.js';
import { controlApi } from './control/control-api.js';
import { checkedControlAccess } from './control-token.js';
import { checkedDelay, delayAnswers, type ResponseDelay } from './delay.js';
import { type AssetReader, type Compressor, registerDocsPage } from './docs-page.js';
import { faultInjection } from './fault-injection.js';
import { serveHealth } from './health.js';
import { journalRecorder } from './journal-recorder.js';
import { registerOpenApi } from './openapi.js';
import { preferredAnswers } from './prefer.js';
import { methodNotAllowed, type ProblemKind, problemOfError, problemResponse, UNEXPECTED_FAILURE_DETAIL } from './problem.js';
import { type RequestLogger, type RequestLogOptions, requestLog } from './request-log.js';
import { registerResourceRoutes } from './resource-routes.js';
import { sizeLimit } from './size-limit.js';

export { bodyLimitFor, DEFAULT_BODY_LIMIT, STATE_BODY_LIMIT } from './body-limits.js';
export { controlTokenRefusal } from './control-token.js';

function limitBodies(app: OpenAPIHono<AppEnv>, maxSize: number, control: boolean, bodyBytes: BodyBytes | undefined): void {
  for (const entry of BODY_LIMITS.filter((candidate) => candidate.control === control)) {
    app.on([...entry.methods], entry.path, sizeLimit(entry.limit(maxSize), bodyBytes));
  }
}

export interface AppOptions extends MockStateOptions {
  /** The state to serve; by default a new mock state from `seed` and `scenario`. */
  mockState?: MockState;
  /** Largest accepted request body in bytes (default 1 MiB). */
  bodyLimitBytes?: number;
  /** Serve the control API under /__mock/ (default true). */
  control?: boolean;
  /** When set, the control API needs this token in the x-control-token header. */
  controlToken?: string;
  /**
   * Origins (`http://localhost:5173`) whose web pages may use the control API besides the mock's own; a page of any
   * other origin is refused with 403, whatever control token it carries (`--control-origin`).
   */
  controlOrigins?: readonly string[];
  /** The app runs inside a web page (the browser entry): no other page can reach it, so the control API takes any origin. */
  inPage?: boolean;
  /** Reads the /docs page's assets; the server passes the Node reader (src/server/docs-assets-node.ts). */
  docsAssets?: AssetReader;
  /** Compresses /openapi.json like those assets (brotli, gzip); the server passes Node's. Without it the document is sent as it is. */
  compress?: Compressor;
  /**
   * Called after each request that may have changed the state (any method but GET, HEAD and OPTIONS, answered below 400),
   * before its answer leaves: the answer waits for a promise it returns (the state file puts the change on disk first).
   */
  afterWrite?: () => unknown;
  /** The runtime's quicker way to a body's bytes (the server passes Node's, src/server/buffered-body.ts); without it bodies are read through the Request. */
  bodyBytes?: BodyBytes;
  /** The runtime's way to parse large bodies away from the event loop (the server passes Node's, src/server/off-thread-json.ts); without it they are parsed on it, each in a turn of its own. */
  parseLargeBody?: LargeBodyParser;
  /**
   * Print a line per request (src/http/request-log.ts): the options, or a logger the server shares with its other ways
   * of answering (src/http/request-logger.ts). Without it the app has no logging layer at all.
   */
  requestLog?: RequestLogOptions | RequestLogger;
  /** Every `/api/v1` answer waits this long (drawn uniformly from minMs to maxMs per request) unless the request sends `Prefer: delay=`. */
  delay?: ResponseDelay;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApp(options: AppOptions = {}): OpenAPIHono<AppEnv> {
  const controlOrigins = checkedControlAccess(options);
  const mockState = options.mockState ?? createMockState(options);
  const maxSize = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT;
  const app = new OpenAPIHono<AppEnv>();
  // Outermost: its milliseconds cover every layer, and it sees the final answer.
  if (options.requestLog) app.use('*', requestLog(options.requestLog));
  const allowBrowsers = cors({
    origin: '*',
    exposeHeaders: ['WWW-Authenticate', 'Allow', 'Preference-Applied'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Control-Token', 'Prefer'],
  });
  // The control API names the page's own origin, never `*`: its guard (control/web-pages.ts) refuses every page of
  // an origin not allowed, token or not, before anything runs, so the header only lets that page read why.
  const allowControlPages = cors({
    origin: (origin) => origin,
    exposeHeaders: ['WWW-Authenticate', 'Allow'],
    allowHeaders: ['Content-Type', 'X-Control-Token'],
  });
  // Browsers send Origin on every cross-origin request; other clients skip the CORS work,
  // which touches response headers and so costs most of the throughput of a list.
  app.use('*', function corsForBrowsers(c, next) {
    if (c.req.header('origin') === undefined) return next();
    return c.req.path.startsWith('/__mock') ? allowControlPages(c, next) : allowBrowsers(c, next);
  });
  const { afterWrite } = options;
  // A journal of size 0 (--journal-size 0) records nothing: its recorder is left off the path altogether.
  // Outside the note of writes: the journal records the answer the client got, a 500 for a write that could not be saved included.
  if (mockState.journal.limit > 0) app.use('/api/v1/*', journalRecorder(mockState.journal, mockState.now));
  if (afterWrite) {
    // Saving a little too often is harmless; missing a change is not, so every successful write counts, control API included.
    // Inside CORS, so that a 500 for a write that could not be saved carries CORS headers as any answer does.
    app.use('*', async function noteWrites(c, next) {
      await next();
      if (!READS.has(c.req.method) && c.res.status < 400) await afterWrite();
    });
  }

  if (options.delay && checkedDelay(options.delay).maxMs > 0) app.use('/api/v1/*', delayAnswers(options.delay));
  app.use('/api/v1/*', bearerAuth(mockState.organizations));
  // Prefer: code=<status> answers from the document registered below, read on the first request that asks.
  let document: (() => object) | undefined;
  app.use(
    '/api/v1/*',
    preferredAnswers(() => document?.() ?? {}),
  );
  app.use('/api/v1/*', faultInjection(mockState.faults));
  limitBodies(app, maxSize, false, options.bodyBytes);

  for (const def of resources) {
    const api = new OpenAPIHono<AppEnv>();
    registerResourceRoutes(api, def, mockState, options.parseLargeBody);
    app.route('/', api);
    answerOtherMethods(app, `/api/v1/${def.path}`, 'GET, POST');
    answerOtherMethods(app, `/api/v1/${def.path}/:id`, 'GET, PATCH, DELETE');
  }
  // Before the control API's token check and guards, and served with the control API off too.
  serveHealth(app);
  // Control bodies are read like API bodies: JSON only, within the size limit.
  if (options.control !== false) {
    limitBodies(app, maxSize, true, options.bodyBytes);
    app.route('/', controlApi(mockState, options.controlToken, options.inPage, controlOrigins));
  }
  document = registerOpenApi(app, options.compress);
  registerDocsPage(app, options.docsAssets);
  app.get('/', (c) => c.json({ name: 'voice-config-mock', api: '/api/v1', openapi: '/openapi.json', docs: '/docs' }));

  app.notFound((c) => {
    // The path as Hono read it, not `new URL(c.req.url)`: that throws on a Host header that is no host name (`Host: 256.1.1.1`).
    const pathname = c.req.path;
    const where =
      options.control !== false && pathname.startsWith('/__mock')
        ? 'GET /__mock/ lists the control API.'
        : 'The API is under /api/v1; /openapi.json lists every operation.';
    return problemResponse(c, 'not-found', `No route matches ${c.req.method} ${pathname}. ${where}`);
  });
  app.onError((error, c) => {
    const problem = problemOfError(error);
    if (problem) return problemResponse(c, problem.kind, problem.detail, problem.found);
    // An HTTPException that carries its own answer (already in the problem shape) gives it.
    if (error instanceof HTTPException && error.res) return error.res;
    if (error instanceof HTTPException && error.status < 500) {
      return problemResponse(c, kindOfStatus(error.status), error.message || 'The request could not be read.');
    }
    if (isClientAbort(error)) {
      return problemResponse(c, 'body-incomplete', 'The connection closed before the whole body arrived.');
    }
    console.error('voice-config-mock: unexpected failure', error);
    return problemResponse(c, 'internal', UNEXPECTED_FAILURE_DETAIL);
  });
  return app;
}

function answerOtherMethods(app: OpenAPIHono<AppEnv>, path: string, allow: string): void {
  app.all(path, (c) => methodNotAllowed(c, allow));
}

function kindOfStatus(status: number): ProblemKind {
  if (status === 413) return 'payload-too-large';
  if (status === 415) return 'unsupported-media-type';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not-found';
  return 'malformed-json';
}

/** Node's error for a request whose client went away while its body was read. */
function isClientAbort(error: Error): boolean {
  return (error as NodeJS.ErrnoException).code === 'ECONNRESET' || error.message === 'aborted';
}
