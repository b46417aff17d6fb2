/**
 * What the OpenAPI document says of one resource's five routes, built from
 * the resource alone. Bodies are documented by reference to the resource's
 * input schemas and validated by the domain (with its rules, so every
 * problem comes back at once), not by the route: a body is read once, by
 * `jsonBody`. The handlers are in resource-routes.ts.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { withArticle } from '../domain/english.js';
import type { Resource } from '../domain/resource.js';
import { requestExamples } from '../state/seed/examples.js';
import { type ProblemKind, problemKinds, problemSchema } from './problem.js';

const idParam = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path', required: true }, format: 'uuid', description: 'Record id (UUID).' }),
});
const emptyObject = z.strictObject({}).openapi('EmptyObject', { description: 'An empty JSON object.' });

const problem = (kind: ProblemKind, description: string) => ({
  [problemKinds[kind].status]: { description, content: { 'application/problem+json': { schema: problemSchema } } },
});
const json = (schema: z.ZodType, description: string) => ({ description, content: { 'application/json': { schema } } });

/** The components the routes refer to by name (bodies), to register before the routes. */
export const resourceComponents = (def: Resource): [string, z.ZodType][] => [
  [`${def.names.type}Create`, def.createInput],
  [`${def.names.type}Update`, def.updateInput],
];

/** A resource's tag in the document, as the reference page shows it: its plural, capitalized ("SIP trunks", "Tools"). */
export const resourceTag = (def: Pick<Resource, 'names'>): string => `${def.names.plural[0]?.toUpperCase()}${def.names.plural.slice(1)}`;

export function resourceRoutes(def: Resource) {
  const { names } = def;
  const collection = `/api/v1/${def.path}` as const;
  const item = `${collection}/{id}` as const;
  const examples = requestExamples(def);
  const tags = [resourceTag(def)];
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
  const unknownOnDelete =
    def.deleteOfUnknown === 'forbidden' ? problem('forbidden', `The ${names.singular} does not exist in your organization.`) : missing;

  return {
    list: createRoute({
      method: 'get',
      path: collection,
      operationId: `list${names.types}`,
      tags,
      summary: `List ${names.plural}`,
      description: `All ${names.plural} of the caller's organization, newest first, as a plain JSON array.`,
      responses: { 200: json(z.array(def.record), `The ${names.plural}.`), ...auth },
    }),
    create: createRoute({
      method: 'post',
      path: collection,
      operationId: `create${names.type}`,
      tags,
      summary: `Create ${withArticle(names.singular)}`,
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
    }),
    get: createRoute({
      method: 'get',
      path: item,
      operationId: `get${names.type}`,
      tags,
      summary: `Get ${withArticle(names.singular)}`,
      request: { params: idParam },
      responses: { 200: json(def.record, `The ${names.singular}.`), ...auth, ...missing },
    }),
    update: createRoute({
      method: 'patch',
      path: item,
      operationId: `update${names.type}`,
      tags,
      summary: `Update ${withArticle(names.singular)}`,
      description: 'Changes only the fields sent; lists and maps are replaced whole.',
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
    }),
    remove: createRoute({
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
          content: { 'application/json': { schema: {}, example: {} } },
        },
      },
      responses: {
        200: json(emptyObject, 'Deleted; the body is an empty JSON object.'),
        ...auth,
        ...(def.refuseDelete ? problem('forbidden', def.refuseDelete.when) : {}),
        ...unknownOnDelete,
        ...providerFailure(def.effects?.deleted),
      },
    }),
  };
}
