/** Control routes that change state: /__mock/reset, /__mock/tenants, /__mock/state (snapshots) and /__mock/records (injected records). */
import { type OpenAPIHono, z } from '@hono/zod-openapi';
import { resourceByKind } from '../../domain/resources/index.js';
import { MAX_RECORD_DEPTH } from '../../domain/untrusted-json.js';
import type { MockState } from '../../state/mock-state.js';
import { createTenant, injectRecord, removeTenant, requireOrganization, resetOrganization } from '../../state/organizations/operations.js';
import { checkState, exportState, importCheckedState, MAX_SNAPSHOT_DEPTH, stateSchema } from '../../state/snapshot/snapshot.js';
import { overBoundsInText } from '../../state/snapshot/snapshot-scan.js';
import { addRoute } from '../add-route.js';
import type { AppEnv } from '../app-env.js';
import { controlRoute } from './define.js';
import {
  anyRecord,
  doneAnswer,
  idParam,
  organizationsAnswer,
  orgQuery,
  recordBody,
  resetBody,
  tenant,
  tenantBody,
} from './request-bodies.js';

/** An organization as the answers show it (`tenant`), without what it was seeded from. */
const identity = ({ id, name, token }: Tenant): Tenant => ({ id, name, token });
type Tenant = z.infer<typeof tenant>;

const routes = {
  reset: controlRoute({
    method: 'post',
    path: '/__mock/reset',
    operationId: 'resetMock',
    summary: 'Back to the scenario',
    body: resetBody,
    missing: 'No organization with this orgId.',
    // A whole reset clears the faults first; one organization's seeds its trunks under them.
    provisions: 'a seeded SIP trunk of the organization (a reset with orgId only)',
    answer: organizationsAnswer,
  }),
  listTenants: controlRoute({
    method: 'get',
    path: '/__mock/tenants',
    operationId: 'listTenants',
    summary: 'Organizations and their tokens',
    answer: z.array(tenant),
  }),
  createTenant: controlRoute({
    method: 'post',
    path: '/__mock/tenants',
    operationId: 'createTenant',
    summary: 'A new organization with its own token',
    body: tenantBody,
    status: 201,
    provisions: "a SIP trunk of the scenario's seed",
    answer: tenant,
  }),
  removeTenant: controlRoute({
    method: 'delete',
    path: '/__mock/tenants/{id}',
    operationId: 'deleteTenant',
    summary: 'Remove an organization and all its records',
    request: { params: idParam('Organization') },
    missing: 'No organization with this id.',
    answer: doneAnswer,
  }),
  getState: controlRoute({
    method: 'get',
    path: '/__mock/state',
    operationId: 'exportState',
    summary: 'The whole state, or one organization’s',
    request: { query: orgQuery },
    missing: 'No organization with this orgId.',
    answer: stateSchema,
  }),
  putState: controlRoute({
    method: 'put',
    path: '/__mock/state',
    operationId: 'importState',
    summary: 'Replace the state (or one organization’s) with a snapshot',
    body: stateSchema,
    check: checkState,
    precheck: overBoundsInText,
    request: { query: orgQuery },
    bodyDepth: MAX_SNAPSHOT_DEPTH,
    answer: organizationsAnswer,
    conflict:
      'The snapshot holds an organization twice, gives one token to two organizations, or gives a token another organization (one that stays) already holds.',
  }),
  inject: controlRoute({
    method: 'post',
    path: '/__mock/records',
    operationId: 'injectRecord',
    summary: 'Add a record with a fixed id, flags or timestamps',
    body: recordBody,
    status: 201,
    missing: 'No organization with this orgId.',
    conflict:
      'The organization already has a record of this kind with this id, another record already uses a value that must be unique, the organization holds the most records of this kind it may, or (a SIP trunk) another organization holds this id at the telephony provider.',
    provisions: 'the SIP trunk (kind sipTrunks)',
    // A record may nest as deep as through the API, under its envelope.
    bodyDepth: MAX_RECORD_DEPTH + 1,
    answer: anyRecord,
  }),
};

export function registerResetTenantsAndStateRoutes(app: OpenAPIHono<AppEnv>, mockState: MockState): void {
  const organizations = () => ({ organizations: mockState.organizations.list().map(identity) });
  addRoute(app, routes.reset, (c) => {
    const { orgId, ...options } = c.req.valid('json');
    if (orgId) return c.json({ organizations: [identity(resetOrganization(mockState, orgId, options))] }, 200);
    mockState.reset(options);
    return c.json(organizations(), 200);
  });
  addRoute(app, routes.listTenants, (c) => c.json(mockState.organizations.list().map(identity), 200));
  addRoute(app, routes.createTenant, (c) => c.json(identity(createTenant(mockState, c.req.valid('json'))), 201));
  addRoute(app, routes.removeTenant, (c) => {
    removeTenant(mockState, c.req.param('id'));
    return c.json({}, 200);
  });
  addRoute(app, routes.getState, (c) => {
    const { orgId } = c.req.valid('query');
    // One organization's snapshot is of one that exists, as a reset of one is: an empty answer would pass for it.
    if (orgId !== undefined) requireOrganization(mockState, orgId);
    return c.json(exportState(mockState, orgId), 200);
  });
  addRoute(app, routes.putState, (c) => {
    importCheckedState(mockState, c.req.valid('json'), c.req.valid('query').orgId);
    return c.json(organizations(), 200);
  });
  addRoute(app, routes.inject, (c) => {
    const { orgId, kind, record } = c.req.valid('json');
    return c.json(resourceByKind[kind].toResponse(injectRecord(mockState, orgId, kind, record), { fresh: true }), 201);
  });
}
