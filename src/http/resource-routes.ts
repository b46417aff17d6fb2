/**
 * The five routes of one resource, each declared once with createRoute.
 * Bodies are documented by reference to the resource's input schemas and
 * validated by the domain (with its rules, so every problem comes back at
 * once), not by the route: a body is read once, by `jsonBody`.
 */
import { createRoute, type OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import type { Context, Handler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { withArticle } from '../domain/english.js';
import type { Resource, StoredRecord } from '../domain/resource.js';
import type { World } from '../state/mock-state.js';
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord } from '../state/operations.js';
import { requestExamples } from '../state/seed/examples.js';
import type { Organization } from '../state/tenants.js';
import { type AppEnv, challenge } from './auth.js';
import { jsonBody } from './json-body.js';
import { type ProblemKind, problemKinds, problemResponse, problemSchema } from './problem.js';

const idParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path', required: true }, format: 'uuid', description: 'Record id (UUID).' }),
});
const emptyObject = z.strictObject({}).openapi('EmptyObject', { description: 'An empty JSON object.' });

const problem = (kind: ProblemKind, description: string) => ({
  [problemKinds[kind].status]: { description, content: { 'application/problem+json': { schema: problemSchema } } },
});

/**
 * Documents a route and mounts its handler directly: ids are plain strings and
 * bodies are validated by the domain, so the route needs none of the
 * per-request validators zod-openapi would add (they cost a tenth of a get).
 */
function serve(app: OpenAPIHono<AppEnv>, route: RouteConfig, handler: Handler<AppEnv>): void {
  const { middleware, ...documented } = route;
  app.openAPIRegistry.registerPath(documented);
  const path = route.path.replaceAll(/\/{(.+?)}/g, '/:$1');
  app.on([route.method.toUpperCase()], [path], ...((middleware ?? []) as MiddlewareHandler<AppEnv>[]), handler);
}

export function registerResourceRoutes(app: OpenAPIHono<AppEnv>, def: Resource, world: World): void {
  const { path, names } = def;
  const collection = `/api/v1/${path}`;
  const item = `${collection}/{id}`;
  const examples = requestExamples(def);
  const tags = [names.types];
  const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });
  app.openAPIRegistry.register(`${names.type}Create`, def.createInput);
  app.openAPIRegistry.register(`${names.type}Update`, def.updateInput);
  const body = (component: string, example: unknown, description: string) => ({
    required: true,
    description,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${component}` }, example } },
  });
  const badBody = {
    ...problem('validation', 'The body is not valid; `errors` lists every problem with its location.'),
    ...problem('payload-too-large', 'The body is larger than the limit (1 MiB).'),
    ...problem('unsupported-media-type', 'The body is not sent as application/json.'),
  };
  const auth = problem('unauthorized', 'The bearer token is missing, malformed or unknown.');
  const missing = problem('not-found', `No ${names.singular} with this id in your organization.`);
  // Effects reach the telephony provider (EffectDeps), which fails when a telephony fault is injected.
  const providerFailure = (effect: unknown) =>
    effect ? problem('telephony-failed', 'The telephony provider failed (a telephony fault is injected); nothing was changed.') : {};
  const conflict = def.unique?.length ? problem('conflict', `Another ${names.singular} already uses this ${def.unique.join(', ')}.`) : {};
  const ctx = (c: Context<AppEnv>) => {
    const org = c.get('org');
    // The token was checked when the headers came; a body can arrive after its organization was removed
    // (DELETE /__mock/tenants/{id}) or replaced by a reset or snapshot of it, and nothing may be written for
    // an organization that is not the one the request began with.
    const now = world.tenants.byId(org.id);
    if (now !== org) {
      if (now?.token === org.token) {
        const detail =
          'Your organization was reset or replaced through the control API while the request was under way; nothing was changed. Send it again.';
        throw new HTTPException(409, { res: problemResponse(c, 'conflict', detail) });
      }
      const detail = 'The organization of this token was removed while the request was under way; nothing was changed.';
      // A 401 like any other: the problem shape and the bearer challenge (the token names no organization now).
      throw new HTTPException(401, { res: problemResponse(c, 'unauthorized', detail, undefined, challenge('invalid_token')) });
    }
    return world.context(org.id);
  };
  const show = (record: StoredRecord, fresh = false) => def.present(record, { fresh });

  const list = createRoute({
    method: 'get',
    path: collection,
    operationId: `list${names.types}`,
    tags,
    summary: `List ${names.plural}`,
    description: `All ${names.plural} of the caller's organization, newest first, as a plain JSON array.`,
    responses: { 200: json(z.array(def.record), `The ${names.plural}.`), ...auth },
  });
  // Lists are read far more often than written: each organization's serialized list is kept until
  // the store's revision of it moves. Keyed by the organization object, so a removed one is forgotten.
  const lists = new WeakMap<Organization, { revision: number; body: string }>();
  serve(app, list, (c) => {
    const org = c.get('org');
    const revision = world.store.revision(org.id, def.kind);
    let cached = lists.get(org);
    if (cached?.revision !== revision) {
      cached = { revision, body: JSON.stringify(listRecords(ctx(c), def).map((record) => show(record))) };
      lists.set(org, cached);
    }
    return c.body(cached.body, 200, { 'content-type': 'application/json' });
  });

  const create = createRoute({
    method: 'post',
    path: collection,
    operationId: `create${names.type}`,
    tags,
    summary: `Create ${withArticle(names.singular)}`,
    middleware: [jsonBody(def)] as const,
    request: {
      body: body(
        `${names.type}Create`,
        examples.create,
        `The new ${names.singular}. Server-owned fields (${def.serverOwnedKeys.join(', ')}) are ignored.`,
      ),
    },
    responses: {
      201: json(def.record, `The created ${names.singular}.`),
      ...badBody,
      ...auth,
      // Both answers are 409: the state of the organization, not the body, refuses the create.
      ...problem(
        'conflict',
        `${def.unique?.length ? `Another ${names.singular} already uses this ${def.unique.join(', ')} (Conflict), or the` : 'The'} organization holds the most ${names.plural} it may (Record Limit Reached).`,
      ),
      ...providerFailure(def.effects?.created),
    },
  });
  serve(app, create, (c) => c.json(show(createRecord(ctx(c), def, c.get('body')), true), 201));

  const get = createRoute({
    method: 'get',
    path: item,
    operationId: `get${names.type}`,
    tags,
    summary: `Get ${withArticle(names.singular)}`,
    request: { params: idParam },
    responses: { 200: json(def.record, `The ${names.singular}.`), ...auth, ...missing },
  });
  serve(app, get, (c) => c.json(show(getRecord(ctx(c), def, c.req.param('id') ?? '')), 200));

  const update = createRoute({
    method: 'patch',
    path: item,
    operationId: `update${names.type}`,
    tags,
    summary: `Update ${withArticle(names.singular)}`,
    description: 'Changes only the fields sent; lists and maps are replaced whole.',
    middleware: [jsonBody(def)] as const,
    request: { params: idParam, body: body(`${names.type}Update`, examples.update, 'The fields to change.') },
    responses: {
      200: json(def.record, `The updated ${names.singular}.`),
      ...badBody,
      ...auth,
      ...missing,
      ...conflict,
      ...(def.refuseUpdate ? problem('forbidden', def.refuseUpdate.when) : {}),
      ...providerFailure(def.effects?.updated),
    },
  });
  serve(app, update, (c) => c.json(show(updateRecord(ctx(c), def, c.req.param('id') ?? '', c.get('body'))), 200));

  const unknownOnDelete =
    def.deleteOfUnknown === 'forbidden' ? problem('forbidden', `The ${names.singular} does not exist in your organization.`) : missing;
  const remove = createRoute({
    method: 'delete',
    path: item,
    operationId: `delete${names.type}`,
    tags,
    summary: `Delete ${withArticle(names.singular)}`,
    request: {
      params: idParam,
      // Documented, not validated: the spec's example sends {} with a JSON content type; no body is fine too.
      body: {
        required: false,
        description: "Send `{}` (the spec's example) or nothing; the mock does not read this body, so any other is ignored too.",
        content: { 'application/json': { schema: { type: 'object', maxProperties: 0 }, example: {} } },
      },
    },
    responses: {
      200: json(emptyObject, 'Deleted; the body is an empty JSON object.'),
      ...auth,
      ...(def.refuseDelete ? problem('forbidden', def.refuseDelete.when) : {}),
      ...unknownOnDelete,
      ...providerFailure(def.effects?.deleted),
    },
  });
  serve(app, remove, (c) => {
    deleteRecord(ctx(c), def, c.req.param('id') ?? '');
    return c.json({}, 200);
  });
}
