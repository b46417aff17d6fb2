/**
 * What zod-to-openapi cannot write from the routes alone, added to the
 * generated document: each error response's named examples (of its own
 * status), the rules an operation's schemas cannot state (in its
 * description), request schemas that require only what a create needs,
 * the API's bearer scheme listed before the control API's, the 500 of a
 * write the state file could not take, and unions without a discriminator.
 */
import type { Resource } from '../domain/resource.js';
import { resources } from '../domain/resources/index.js';
import { type ExampleScope, type Examples, genericExamples, ruleExamples, rulesBeyondSchema } from './openapi-examples.js';
import { preferDescription } from './prefer.js';
import { problemBody, unsavedDetail } from './problem.js';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
/** The methods after whose success the server saves the state file (src/http/app.ts `afterWrite`). */
const WRITES = new Set(['put', 'post', 'delete', 'patch']);

/**
 * Any write, API or control, run with `--state-file`: the change was made in
 * memory, but the file could not take it (disk full, folder removed).
 */
function unsaved(): Json {
  return {
    description: `Only with a state file (\`--state-file\`): the change was made, but could not be saved; it is lost when the mock stops unless a later save succeeds.`,
    content: {
      'application/problem+json': {
        schema: { $ref: '#/components/schemas/Problem' },
        examples: {
          notSaved: {
            summary: 'The state file could not be written',
            value: problemBody('internal', unsavedDetail('ENOSPC: no space left on device, write')),
          },
        },
      },
    },
  };
}

/**
 * A union is a plain `oneOf`: each variant fixes its key with `const`, which
 * is all a validator needs to pick one, and openapi-typescript types the
 * union from the same consts. A `discriminator` would add nothing, and stop
 * Ajv-based tools: PactFlow's swagger-mock-validator refuses its `mapping`,
 * and without one it requires the key in response schemas, whose `required`
 * it drops (a pact may read fewer fields than a response has).
 */
function dropDiscriminators(schemas: Json | undefined): void {
  for (const schema of Object.values<Json>(schemas ?? {})) delete schema.discriminator;
}

export function finishDocument<D extends object>(document: D): D {
  const doc = document as Json;
  const specific: Record<string, Record<string, Examples>> = Object.assign({}, ...resources.map((def) => ruleExamples(def as Resource)));
  const operations = Object.entries<Json>(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] as Json }] : [])),
  );
  for (const { path, method, operation } of operations) {
    const scope: ExampleScope = path.startsWith('/__mock') ? { control: true } : { control: false, def: resourceOf(operation) };
    for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
      const problem = response.content?.['application/problem+json'];
      if (problem) problem.examples = examplesFor(status, specific[operation.operationId]?.[status], scope);
    }
    if (WRITES.has(method)) operation.responses[500] = unsaved();
    describeRules(operation);
    if (path.startsWith('/api/v1/')) describePreference(operation);
  }
  dropDiscriminators(doc.components?.schemas);
  for (const [name, schema] of Object.entries<Json>(doc.components?.schemas ?? {})) {
    if (/(Create|Update)$/.test(name)) moveDefaultsIntoDescriptions(schema);
  }
  const { bearerAuth, ...others } = doc.components?.securitySchemes ?? {};
  // Swagger's Authorize dialog lists schemes in this order: the API's first.
  if (bearerAuth) doc.components.securitySchemes = { bearerAuth, ...others };
  return document;
}

/**
 * The mock's `Prefer` header (src/http/prefer.ts) with the error statuses this operation documents, as an `x-`
 * extension: a parameter would put a header the real service does not have into every generated client and
 * every fuzzer's requests.
 */
function describePreference(operation: Json): void {
  const errors = Object.keys(operation.responses ?? {}).filter((status) => Number(status) >= 400);
  if (errors.length === 0) return;
  operation['x-mock-prefer'] = { codes: errors.map(Number), description: preferDescription(errors) };
}

/** The operation's own examples first, then the generic ones of kinds they do not show (each of this status). */
function examplesFor(status: string, own: Examples = {}, scope: ExampleScope = { control: false }): Examples {
  const shown = new Set(Object.values(own).map(({ value }) => value.type));
  const generic = Object.entries(genericExamples(status, scope)).filter(([, { value }]) => !shown.has(value.type));
  return { ...own, ...Object.fromEntries(generic) };
}

/** The resource whose body a create or update of the API reads (its 400 shows that resource's answer). */
function resourceOf(operation: Json): Resource | undefined {
  const match = /^(create|update)(.+)$/.exec(String(operation.operationId));
  return match ? (resources.find((candidate) => candidate.names.type === match[2]) as Resource | undefined) : undefined;
}

/** Appends the rules beyond the schemas to a resource operation's description. */
function describeRules(operation: Json): void {
  const match = /^(create|update|delete)(.+)$/.exec(String(operation.operationId));
  const def = match && resources.find((candidate) => candidate.names.type === match[2]);
  if (!match || !def) return;
  const rules = rulesBeyondSchema(def as Resource, match[1] as 'create' | 'update' | 'delete');
  if (rules.length === 0) return;
  const list = rules.map((rule) => `- ${rule}`).join('\n');
  const intro = 'Rules the schema cannot state (each refusal has a named example below):';
  operation.description = [operation.description, `${intro}\n${list}`].filter(Boolean).join('\n\n');
}

/**
 * A `default` in a request schema makes openapi-typescript (7.x, by default)
 * type the field as required; the default is a fact about the server, so it
 * moves into the description, and a create needs only what it needs.
 */
function moveDefaultsIntoDescriptions(schema: unknown, isPropertyMap = false): void {
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Json;
  // In a `properties` map, `default` would be a field's name, not a keyword.
  if (!isPropertyMap && Object.hasOwn(node, 'default')) {
    const said = `Default: \`${JSON.stringify(node.default)}\`.`;
    node.description = node.description ? `${node.description} ${said}` : said;
    delete node.default;
  }
  for (const [key, value] of Object.entries(node)) moveDefaultsIntoDescriptions(value, !isPropertyMap && key === 'properties');
}
