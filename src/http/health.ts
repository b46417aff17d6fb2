/**
 * `GET /__mock/health`: 200 `{"status":"ok"}` once the mock serves, for CI
 * scripts and container checks that wait for it. It needs no token of any
 * kind (it is served before the control API's token check, and with the
 * control API off too) and shows nothing of the mock's data.
 */
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from './app-env.js';

export const HEALTH_PATH = '/__mock/health';

const healthy = z.strictObject({ status: z.literal('ok') }).openapi('Health');

/** Documented with the control API (its registry, so `GET /__mock` lists it too); served by `serveHealth`. */
export const healthRoute = createRoute({
  method: 'get',
  path: HEALTH_PATH,
  operationId: 'health',
  summary: 'Whether the mock serves (for a CI job or container to wait on); needs no token and shows no data',
  tags: ['Control'],
  security: [],
  responses: {
    200: { description: 'The mock serves.', content: { 'application/json': { schema: healthy } } },
    // The server's answer to a request it cannot read, before any route (src/server/node-client-errors.ts).
    400: {
      description: 'The request could not be read (a malformed request line or Host header).',
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    },
  },
});

/** Served on the app itself, before the control API's token check and web-page guard, and with the control API off. */
export function serveHealth(app: OpenAPIHono<AppEnv>): void {
  app.get(HEALTH_PATH, (c) => c.json({ status: 'ok' }));
}
