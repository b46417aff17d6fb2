/**
 * The five routes of one resource: the description built from the resource
 * (resource-openapi.ts) added with its handlers. Every route first checks
 * that the caller's organization is still the one the request began with;
 * creates and updates read their body before that.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Resource, StoredRecord } from '../domain/resource.js';
import type { MockState } from '../state/mock-state.js';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from '../state/operations.js';
import type { Organization } from '../state/organizations/registry.js';
import { addRoute } from './add-route.js';
import type { AppEnv, LargeBodyParser } from './app-env.js';
import { jsonBody } from './json-body.js';
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
  const scope = (org: Organization) => mockState.context(org.id);
  const asResponse = (record: StoredRecord) => def.toResponse(record, { fresh: false });

  addRoute(app, { route: routes.list, guards }, (c) => c.body(listRecords(scope(c.get('org')), def), 200, JSON_TYPE));
  addRoute(app, { route: routes.create, body: createBody, guards }, (c) =>
    c.json(def.toResponse(createRecord(scope(c.get('org')), def, c.req.valid('json')), { fresh: true }), 201),
  );
  addRoute(app, { route: routes.get, guards }, (c) => c.json(asResponse(getRecord(scope(c.get('org')), def, c.req.param('id'))), 200));
  addRoute(app, { route: routes.update, body: updateBody, guards }, (c) =>
    c.json(asResponse(updateRecord(scope(c.get('org')), def, c.req.param('id'), c.req.valid('json'))), 200),
  );
  addRoute(app, { route: routes.remove, guards }, (c) => {
    deleteRecord(scope(c.get('org')), def, c.req.param('id'));
    return c.json({}, 200);
  });
}
