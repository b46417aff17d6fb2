/**
 * What the control API offers, read from its own OpenAPI registry so it
 * never drifts from the routes: `GET /__mock` (with or without the slash) lists every operation (the
 * start-up banner points there), and a known path asked with a method it
 * does not take answers 405 with `Allow` instead of "no route".
 * Registered after every other control route.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { methodNotAllowed } from '../problem.js';
import { controlRoute } from './define.js';
import { controlIndex } from './request-bodies.js';

interface ControlOperation {
  method: string;
  path: string;
  summary: string;
}

export function registerControlIndex(app: OpenAPIHono<AppEnv>): void {
  const { route } = controlRoute({
    method: 'get',
    // Documented without the trailing slash (linters refuse a path ending in one); the slash is answered too.
    path: '/__mock',
    operationId: 'listControlOperations',
    summary: 'Every control operation, with its method, path and summary',
    answer: controlIndex,
  });
  // In the OpenAPI document with the rest of the control API, and so in the list it serves.
  app.openAPIRegistry.registerPath(route);
  const operations: ControlOperation[] = app.openAPIRegistry.definitions.flatMap((definition) =>
    definition.type === 'route'
      ? [{ method: definition.route.method.toUpperCase(), path: definition.route.path, summary: definition.route.summary ?? '' }]
      : [],
  );
  const index = { name: 'voice-config-mock control API', openapi: '/openapi.json', docs: '/docs', operations };
  app.get('/__mock', (c) => c.json(index));
  app.get('/__mock/', (c) => c.json(index));

  const methodsByPath = new Map<string, string[]>();
  for (const { method, path } of operations) methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), method]);
  for (const [path, methods] of methodsByPath) {
    const allow = methods.join(', ');
    const honoPath = path.replaceAll(/{(.+?)}/g, ':$1');
    const refuse = (c: Context<AppEnv>) => methodNotAllowed(c, allow);
    app.all(honoPath, refuse);
    // The index answers without its trailing slash too.
    if (path === '/__mock') app.all('/__mock/', refuse);
  }
}
