/**
 * The control API under /__mock/: tests and developers steer the mock without
 * restarting it. It never accepts an API token: when the mock runs with a
 * control token, every control request must carry it in `x-control-token`.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/auth.js';
import { problemResponse } from '../../http/problem.js';
import type { World } from '../../world.js';
import { registerProviderStateRoute } from '../provider-states.js';
import { registerCallRoutes } from './call-routes.js';
import { invalidControlRequest } from './define.js';
import { registerControlIndex } from './index-routes.js';
import { registerObserveRoutes } from './observe-routes.js';
import { registerStateRoutes } from './state-routes.js';

export const CONTROL_TOKEN_HEADER = 'x-control-token';

export function controlApi(world: World, controlToken?: string, inPage = false): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({
    // Queries and path parameters; bodies are validated by their route (define.ts).
    defaultHook: (result, c) => {
      if (result.success) return;
      // The input is read again only on failure, to tell a missing field from a wrong one.
      return invalidControlRequest(c, result.error.issues, result.target === 'param' ? c.req.param() : c.req.query());
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'controlToken', {
    type: 'apiKey',
    in: 'header',
    name: CONTROL_TOKEN_HEADER,
    description: 'Needed only when the mock runs with --control-token. API tokens are never accepted here.',
  });
  if (controlToken !== undefined) app.use('/__mock/*', requireControlToken(controlToken));
  else if (!inPage) app.use('/__mock/*', refuseWebPages());
  registerCallRoutes(app, world);
  registerStateRoutes(app, world);
  registerObserveRoutes(app, world);
  registerProviderStateRoute(app, world);
  registerControlIndex(app);
  return app;
}

/**
 * Without a control token, a web page must not steer the mock. A page of
 * another origin names itself in Origin (a bodiless POST, a reset, needs no
 * CORS preflight, so a page could send one blind). A page whose own name was
 * made to point at this machine (DNS rebinding) is of the same origin, so it
 * shows only in Host: the mock answers control requests addressed to
 * localhost or an IP address, the names a developer or a CI job uses.
 */
function refuseWebPages(): MiddlewareHandler<AppEnv> {
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

function requireControlToken(expected: string): MiddlewareHandler<AppEnv> {
  return async function checkControlToken(c, next) {
    if (c.req.header(CONTROL_TOKEN_HEADER) === expected) return next();
    return problemResponse(
      c,
      'unauthorized',
      `The control API needs the control token in the ${CONTROL_TOKEN_HEADER} header (the one given to --control-token); API tokens do not work here.`,
    );
  };
}
