/**
 * The one MSW request handler that puts the mock inside a page: requests to
 * the mock's paths under `baseUrl` go to the app's `fetch`, everything else
 * is left alone. It imports only `msw`, so Node tests can run it through
 * `setupServer` exactly as the browser runs it through `setupWorker`.
 */
import { type HttpHandler, http } from 'msw';

/** Anything with a fetch-shaped entry point: the Hono app of `createApp`. */
export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

export interface MockHandlerOptions {
  app: FetchApp;
  /** Origin, optionally with a path prefix, where the mock answers (e.g. `http://localhost:5173` or `https://api.test/voice`). */
  baseUrl: string;
  /** Called after every forwarded write that succeeded (any method but GET, HEAD and OPTIONS, status below 400). */
  onChange?: (request: Request, response: Response) => void | Promise<void>;
}

const MOCK_PATH = /^\/(?:api\/v1(?:\/.*)?|openapi\.json|__mock(?:\/.*)?)$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when a path (already stripped of the base prefix) belongs to the mock: `/api/v1/*`, `/openapi.json`, `/__mock/*`. */
export function isMockPath(pathname: string): boolean {
  return MOCK_PATH.test(pathname);
}

/**
 * Where a URL lands in the app: its path and query with the base prefix
 * removed, or undefined when the URL is not one of the mock's.
 */
export function appPathOf(url: string | URL, baseUrl: string): string | undefined {
  const target = new URL(url);
  const base = new URL(baseUrl);
  if (target.origin !== base.origin) return undefined;
  const prefix = base.pathname.replace(/\/+$/, '');
  if (prefix && target.pathname !== prefix && !target.pathname.startsWith(`${prefix}/`)) return undefined;
  const rest = target.pathname.slice(prefix.length) || '/';
  return isMockPath(rest) ? rest + target.search : undefined;
}

/** Builds the MSW handler that forwards the mock's requests to `app.fetch`. */
export function createMockHandler(options: MockHandlerOptions): HttpHandler {
  const { app, baseUrl, onChange } = options;
  return http.all(
    ({ request }) => appPathOf(request.url, baseUrl) !== undefined,
    async ({ request }) => {
      const forwarded = await toAppRequest(request, baseUrl);
      const response = await app.fetch(forwarded);
      // A refused write changes nothing; a successful one may have, and saving a little too often is harmless.
      if (onChange && !READ_METHODS.has(request.method) && response.status < 400) await onChange(request, response.clone());
      return response;
    },
  );
}

/** The request as the app expects it: same origin, path without the base prefix. */
async function toAppRequest(request: Request, baseUrl: string): Promise<Request> {
  const path = appPathOf(request.url, baseUrl) ?? '/';
  const url = new URL(path, new URL(baseUrl).origin);
  if (url.href === request.url) return request;
  // A body is copied as bytes: re-wrapping a stream would need `duplex`, which not every runtime supports.
  const body = READ_METHODS.has(request.method) ? undefined : await request.arrayBuffer();
  return new Request(url, { method: request.method, headers: request.headers, body });
}
