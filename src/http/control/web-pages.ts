/**
 * Without a control token, a web page must not steer the mock. A page of
 * another origin names itself in Origin (a bodiless POST, a reset, needs no
 * CORS preflight, so a page could send one blind). A page whose own name was
 * made to point at this machine (DNS rebinding) is of the same origin, so it
 * shows only in Host: the mock answers control requests addressed to
 * localhost or an IP address, the names a developer or a CI job uses.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { problemResponse } from '../problem.js';

/** What the guard refuses, for the OpenAPI document of every control operation. */
export const webPageRefusals = {
  403: 'Only when the mock runs without a control token: the request names another origin in Origin, or is addressed (Host) to a name other than localhost, a subdomain of localhost or an IP address.',
  // Over HTTP the server refuses such a Host for every request, token or not (src/server/node-client-errors.ts); in process this guard does.
  400: 'The Host header is not a host name.',
} as const;

export function refuseWebPages(): MiddlewareHandler<AppEnv> {
  return async function checkPage(c, next) {
    // The Host header, not the request's URL: a request target in absolute form (`GET http://127.0.0.1/…`) sets the URL's host whatever Host says.
    // In process (`app.request`) there is no Host header: the URL's host stands for it.
    const host = c.req.header('host') ?? (URL.canParse(c.req.url) ? new URL(c.req.url).host : undefined);
    const address = host !== undefined && URL.canParse(`http://${host}`) ? new URL(`http://${host}`) : undefined;
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
        `Without --control-token, the control API answers only requests addressed to localhost or an IP address (this one was addressed to ${hostname}). Run the mock with --control-token to reach it by another name.`,
      );
    }
    const origin = c.req.header('origin');
    if (origin === undefined || origin === ownOrigin) return next();
    return problemResponse(
      c,
      'forbidden',
      `The control API does not answer web pages of other origins (${origin}) unless the mock runs with --control-token.`,
    );
  };
}

const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** localhost (and its subdomains, which resolve to this machine) or an IP address (v6 ones come in brackets). */
function isLocalName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || IPV4.test(hostname) || hostname.startsWith('[');
}
