/**
 * The control API under /__mock/: tests and developers steer the mock without
 * restarting it. It never accepts an API token: when the mock runs with a
 * control token, every control request must carry it in `x-control-token`.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { MockState } from '../../state/mock-state.js';
import type { AppEnv } from '../app-env.js';
import { healthRoute } from '../health.js';
import { problemResponse } from '../problem.js';
import { registerCallsAndOutboxRoutes } from './calls-and-outbox-routes.js';
import { registerFaultsAndClockRoutes } from './faults-and-clock-routes.js';
import { registerControlIndex } from './index-routes.js';
import { registerProviderStateRoute } from './provider-states.js';
import { registerResetTenantsAndStateRoutes } from './reset-tenants-and-state-routes.js';
import { registerTelephonyAndJournalRoutes } from './telephony-and-journal-routes.js';
import { refuseWebPages } from './web-pages.js';

export const CONTROL_TOKEN_HEADER = 'x-control-token';
/** The answer to a control request without the control token (also the example of a control 401 in the OpenAPI document). */
export const CONTROL_TOKEN_DETAIL = `The control API needs the control token in the ${CONTROL_TOKEN_HEADER} header (the one given to --control-token); API tokens do not work here.`;

export function controlApi(
  mockState: MockState,
  controlToken?: string,
  inPage = false,
  allowedOrigins: readonly string[] = [],
): OpenAPIHono<AppEnv> {
  // Each route validates its own input (define.ts, add-route.ts).
  const app = new OpenAPIHono<AppEnv>();
  app.openAPIRegistry.registerComponent('securitySchemes', 'controlToken', {
    type: 'apiKey',
    in: 'header',
    name: CONTROL_TOKEN_HEADER,
    description: 'Needed only when the mock runs with --control-token. API tokens are never accepted here.',
  });
  // The origin first: a page of another origin is refused whatever token a proxy added on its way.
  if (!inPage) app.use('/__mock/*', refuseWebPages({ tokenSet: controlToken !== undefined, allowedOrigins }));
  if (controlToken !== undefined) app.use('/__mock/*', requireControlToken(controlToken));
  registerCallsAndOutboxRoutes(app, mockState);
  registerResetTenantsAndStateRoutes(app, mockState);
  registerTelephonyAndJournalRoutes(app, mockState);
  registerFaultsAndClockRoutes(app, mockState);
  registerProviderStateRoute(app, mockState);
  // Served by the app before this API's guards (app.ts); documented here, so that the index lists it.
  app.openAPIRegistry.registerPath(healthRoute);
  registerControlIndex(app);
  return app;
}

function requireControlToken(expected: string): MiddlewareHandler<AppEnv> {
  return async function checkControlToken(c, next) {
    if (c.req.header(CONTROL_TOKEN_HEADER) === expected) return next();
    return problemResponse(c, 'unauthorized', CONTROL_TOKEN_DETAIL);
  };
}
