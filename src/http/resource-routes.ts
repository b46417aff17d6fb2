/**
 * The five routes of one resource: the description built from the resource
 * (resource-openapi.ts) added with its handlers. Every route first checks
 * that the caller's organization is still the one the request began with;
 * creates and updates read their body before that.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Resource } from '../domain/resource.js';
import type { MockState } from '../state/mock-state.js';
import { addRoute } from './add-route.js';
import type { AppEnv, LargeBodyParser } from './app-env.js';
import { jsonBody } from './json-body.js';
import { type ResourceAnswer, resourceAnswers } from './resource-answers.js';
import { resourceComponents, resourceRoutes } from './resource-openapi.js';
import { sameOrganization } from './same-organization.js';

const JSON_TYPE = { 'content-type': 'application/json' };

/** `parseLarge`: the runtime's way to parse large bodies away from the event loop (AppOptions.parseLargeBody). */
export function registerResourceRoutes(app: OpenAPIHono<AppEnv>, def: Resource, mockState: MockState, parseLarge?: LargeBodyParser): void {
  for (const [name, schema] of resourceComponents(def)) app.openAPIRegistry.register(name, schema);
  const routes = resourceRoutes(def);
  const guards = [sameOrganization(mockState.organizations)];
  const createBody = jsonBody(def, 'create', parseLarge);
  const updateBody = jsonBody(def, 'update', parseLarge);
  const answers = resourceAnswers(def, mockState);
  const send = (c: Context, { status, json }: ResourceAnswer) => c.body(json, status, JSON_TYPE);

  addRoute(app, { route: routes.list, guards }, (c) => send(c, answers.list(c.get('org'))));
  addRoute(app, { route: routes.create, body: createBody, guards }, (c) => send(c, answers.create(c.get('org'), c.req.valid('json'))));
  addRoute(app, { route: routes.get, guards }, (c) => send(c, answers.get(c.get('org'), c.req.param('id'))));
  addRoute(app, { route: routes.update, body: updateBody, guards }, (c) =>
    send(c, answers.update(c.get('org'), c.req.param('id'), c.req.valid('json'))),
  );
  addRoute(app, { route: routes.remove, guards }, (c) => send(c, answers.remove(c.get('org'), c.req.param('id'))));
}
