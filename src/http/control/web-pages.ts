/**
 * A web page must not steer the mock, token or not. A page of another origin
 * names itself in Origin (a bodiless POST, a reset, needs no CORS preflight,
 * so a page could send one blind), and a dev-server proxy that adds the
 * control token to what it forwards would lend that token to any page that
 * reaches it: so a control request whose Origin is not the mock's own (the
 * origin its Host names) is refused, whatever token it carries, unless that
 * origin was allowed (`--control-origin`). A page whose own name was made to
 * point at this machine (DNS rebinding) is of the same origin, so it shows
 * only in Host: the mock answers pages addressed to localhost or an IP
 * address, the names a developer or a CI job uses, and without a control
 * token it answers no other name at all.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { problemResponse } from '../problem.js';

/** What the guard refuses, for the OpenAPI document of every control operation. */
export const webPageRefusals = {
  403: 'The request names another origin in Origin than the mock its Host addresses (allowed only with --control-origin), whatever control token it carries; or, without a control token, it is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address.',
  // Over HTTP the server refuses such a Host for every request, token or not (src/server/node-client-errors.ts); in process this guard does.
  400: 'The Host header is not a host name.',
} as const;

/**
 * The origin a `--control-origin` value names (scheme, host and port, as browsers send it in Origin), or an error
 * message for one that is no web origin.
 */
export function controlOriginOf(value: string): { origin: string } | { error: string } {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url === undefined || !/^https?:$/.test(url.protocol) || url.origin === 'null')
    return { error: `must be a web origin such as http://localhost:5173 (got "${value.slice(0, 100)}")` };
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '')
    return { error: `must be an origin alone (scheme, host and port), such as ${url.origin} (got "${value.slice(0, 100)}")` };
  return { origin: url.origin };
}

export interface WebPageGuard {
  /** The mock runs with a control token: requests addressed by other names are taken (a container's service name), pages of other origins still are not. */
  tokenSet: boolean;
  /** Origins whose pages may use the control API besides the mock's own (`--control-origin`), as `controlOriginOf` gives them. */
  allowedOrigins?: readonly string[];
}

export function refuseWebPages({ tokenSet, allowedOrigins = [] }: WebPageGuard): MiddlewareHandler<AppEnv> {
  const allowed = new Set(allowedOrigins);
  return async function checkPage(c, next) {
    const origin = c.req.header('origin');
    if (origin !== undefined && allowed.has(origin)) return next();
    // The Host header, not the request's URL: a request target in absolute form (`GET http://127.0.0.1/…`) sets the URL's host whatever Host says.
    // In process (`app.request`) there is no Host header: the URL's host stands for it.
    const host = c.req.header('host') ?? (URL.canParse(c.req.url) ? new URL(c.req.url).host : undefined);
    const address = host !== undefined && URL.canParse(`http://${host}`) ? new URL(`http://${host}`) : undefined;
    // With a token, a client that is no web page (no Origin) may address the mock by any name.
    if (tokenSet && origin === undefined) return next();
    if (address === undefined) {
      return problemResponse(
        c,
        'bad-request',
        `The Host header (${host?.slice(0, 100) ?? 'none'}) is not a host name; address the control API as localhost or by the mock's IP address.`,
      );
    }
    const { hostname, origin: ownOrigin } = address;
    if (!isLocalName(hostname)) {
      return problemResponse(
        c,
        'forbidden',
        tokenSet
          ? `The control API answers web pages only when addressed to localhost or an IP address (this one was addressed to ${hostname}); allow the page's origin with --control-origin ${origin?.slice(0, 100)}.`
          : `Without --control-token, the control API answers only requests addressed to localhost or an IP address (this one was addressed to ${hostname}). Run the mock with --control-token to reach it by another name.`,
      );
    }
    if (origin === undefined || origin === ownOrigin) return next();
    return problemResponse(
      c,
      'forbidden',
      `The control API does not answer web pages of other origins (${origin.slice(0, 100)}), whatever token they send, unless the mock runs with --control-origin ${origin.slice(0, 100)}.`,
    );
  };
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** localhost (and its subdomains, which resolve to this machine) or an IP address (v6 ones come in brackets). */
function isLocalName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || IPV4.test(hostname) || hostname.startsWith('[');
}
