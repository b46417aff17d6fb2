/**
 * Building a create or update body for a resource from the target's OpenAPI
 * document when the document shows no example for the operation: the request
 * schema is sampled with json-schema-faker (see docs/conformance.md for why
 * that library), which reads per-property `example`/`examples` first and meets
 * the schema's constraints (`required`, `enum`/`const`, `format`, `pattern`,
 * lengths, bounds, `minItems`/`uniqueItems`, nested objects, local `$ref`,
 * `oneOf`/`anyOf`). A create carries the required members and the optional
 * ones that show an example; an update carries every member it may (an update
 * that changes nothing proves nothing). Members that name another record
 * (`assistantId`, `toolIds`, a description saying it is the id of another
 * resource) and members the document marks `readOnly` are left out when
 * optional; a required one is listed in `references`, and the kit creates the
 * record it names first (creating.ts) and deletes it afterwards. One that names
 * no collection the kit knows leaves the body unbuilt (the reason says so, and
 * `--examples` fills it in).
 */
import { generateSync } from 'json-schema-faker';
import { isPlainObject } from '../matchers.js';
import { dig, resolved } from './openapi-document.js';

/** Where a request body came from, as a check's evidence says. */
export type BodySource = 'example' | 'property examples' | 'generated from schema' | '--examples';

/** A required member that names another record: filled with the id of a record the kit creates first. */
export interface Reference {
  member: string;
  /** The collection of the record it names. */
  path: string;
  /** An array of ids (`toolIds`), else one id. */
  many: boolean;
}

export interface BuiltBody {
  body?: Record<string, unknown>;
  from?: BodySource;
  /** Required members the body still needs, each the id of another record. */
  references?: Reference[];
  /** Why no body could be built. */
  problem?: string;
}

/** A member that names another record, by its name or its description. */
export function namesAnotherRecord(name: string, schema: unknown): boolean {
  if (/^id$/i.test(name)) return false;
  if (/(Id|_id|Ids|_ids|ID|IDs)$/.test(name)) return true;
  const description = dig(schema, ['description']);
  return typeof description === 'string' && /\b(id|ids|identifier)s? of (an?|the|another) /i.test(description);
}

const COLLECTION_OF: Record<string, string> = {
  assistant: '/api/v1/assistants',
  tool: '/api/v1/tools',
  siptrunk: '/api/v1/sip-trunks',
  trunk: '/api/v1/sip-trunks',
  schema: '/api/v1/schemas',
  structuredoutput: '/api/v1/schemas',
  structuredoutputschema: '/api/v1/schemas',
  webhook: '/api/v1/webhooks',
};

/** The collection a reference member names (`assistantId` → assistants, `toolIds` → tools); undefined when none the kit knows. */
export function referencedCollection(name: string): Reference | undefined {
  const match = /^(.+?)(_?ids?|Ids?|IDs?)$/.exec(name);
  if (!match) return undefined;
  const stem = (match[1] ?? '').replace(/[_-]/g, '').toLowerCase();
  const path = COLLECTION_OF[stem];
  return path === undefined ? undefined : { member: name, path, many: /s$/i.test(match[2] ?? '') };
}

/** A fixed seed per operation, so a run sends the same body each time it builds one (run-unique values are added later). */
function seedOf(text: string): number {
  let hash = 7;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 2_147_483_647;
  return hash;
}

/** The most schemas one search for an object shape reads: a document of unions referring to each other ends it. */
const MOST_SCHEMAS_READ = 10_000;

/** One search for an object shape: the schemas on the way down (a schema is not read again inside itself), and how many it read. */
interface Walk {
  within: Set<unknown>;
  read: number;
}

/**
 * The object schema of `schema` after local `$ref`s and a top `allOf` of object parts are read; of a choice of shapes
 * (`oneOf`/`anyOf`: a tool of one of several types), the first the kit can read. Unions that refer to themselves or
 * to each other are read within bounds (`Walk`).
 */
function objectSchema(
  document: Record<string, unknown>,
  schema: unknown,
  walk: Walk = { within: new Set(), read: 0 },
): Record<string, unknown> | undefined {
  const found = resolved(document, schema);
  if (!isPlainObject(found) || walk.within.has(found) || walk.read >= MOST_SCHEMAS_READ) return undefined;
  walk.read += 1;
  walk.within.add(found);
  try {
    return objectShape(document, found, walk);
  } finally {
    walk.within.delete(found);
  }
}

function objectShape(document: Record<string, unknown>, found: Record<string, unknown>, walk: Walk): Record<string, unknown> | undefined {
  const choices = Array.isArray(found.oneOf) ? found.oneOf : Array.isArray(found.anyOf) ? found.anyOf : undefined;
  if (choices !== undefined && !isPlainObject(found.properties)) {
    for (const choice of choices) {
      const shape = objectSchema(document, choice, walk);
      if (isPlainObject(shape?.properties)) return tagged(found.discriminator, choice, shape);
    }
    return undefined;
  }
  if (!Array.isArray(found.allOf)) return found;
  const parts = found.allOf.map((part) => objectSchema(document, part, walk)).filter(isPlainObject);
  return {
    type: 'object',
    properties: Object.assign({}, ...parts.map((part) => (isPlainObject(part.properties) ? part.properties : {}))),
    required: parts.flatMap((part) => (Array.isArray(part.required) ? part.required : [])),
  };
}

/**
 * The shape chosen from a union with a `discriminator`, its property set to the value that names that shape: the key
 * the discriminator's `mapping` gives its `$ref`, else the name of the schema it refers to (OpenAPI's rule). The
 * property's own schema may be a plain string, which sampling would fill with any text.
 */
function tagged(discriminator: unknown, choice: unknown, shape: Record<string, unknown>): Record<string, unknown> {
  const property = dig(discriminator, ['propertyName']);
  const ref = dig(choice, ['$ref']);
  if (typeof property !== 'string' || typeof ref !== 'string') return shape;
  const mapping = dig(discriminator, ['mapping']);
  const mapped = isPlainObject(mapping) ? Object.entries(mapping).find(([, target]) => target === ref)?.[0] : undefined;
  const tag = mapped ?? ref.slice(ref.lastIndexOf('/') + 1);
  const required = Array.isArray(shape.required) ? shape.required : [];
  return {
    ...shape,
    properties: { ...(shape.properties as Record<string, unknown>), [property]: { const: tag } },
    required: required.includes(property) ? required : [...required, property],
  };
}

/**
 * A body for `operation` (for the report, e.g. "POST /api/v1/tools") from its request `schema`, read in `document`.
 * `full`: every member it may carry (an update), else the required ones and those with an example (a create).
 */
export function bodyFromSchema(document: Record<string, unknown>, schema: unknown, operation: string, full: boolean): BuiltBody {
  const object = objectSchema(document, schema);
  if (object === undefined || !isPlainObject(object.properties))
    return { problem: `the request schema of ${operation} is not an object schema the kit can read` };
  const properties = object.properties as Record<string, unknown>;
  const required = new Set(
    (Array.isArray(object.required) ? object.required : []).filter((name): name is string => typeof name === 'string'),
  );
  const named = [...required].filter((name) => namesAnotherRecord(name, resolved(document, properties[name])));
  const references = named.flatMap((name) => referencedCollection(name) ?? []);
  const unknown = named.filter((name) => referencedCollection(name) === undefined);
  if (unknown.length > 0)
    return {
      problem: `${operation} requires ${unknown.join(', ')}, which name records of a kind the kit does not know; give a body with --examples`,
    };
  const chosen = Object.keys(properties).filter((name) => {
    const property = resolved(document, properties[name]);
    if (namesAnotherRecord(name, property) || dig(property, ['readOnly']) === true) return false;
    return required.has(name) || full || hasExample(property);
  });
  if (chosen.length === 0 && references.length === 0)
    return { problem: `the request schema of ${operation} has no member the kit can fill in` };
  const root = {
    type: 'object',
    properties: Object.fromEntries(chosen.map((name) => [name, properties[name]])),
    required: chosen,
    additionalProperties: false,
    components: document.components,
    definitions: document.definitions,
    $defs: document.$defs,
  };
  let body: unknown;
  try {
    body = generateSync(
      root as never,
      {
        seed: seedOf(operation),
        useExamplesValue: true,
        useDefaultValue: false,
        alwaysFakeOptionals: true,
        fillProperties: false,
        maxDefaultItems: 2,
        failOnInvalidTypes: false,
      } as never,
    );
  } catch (error) {
    return {
      problem: `the request schema of ${operation} could not be sampled: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (!isPlainObject(body)) return { problem: `the request schema of ${operation} did not give a JSON object` };
  const fromExamples = chosen.every((name) => exampled(document, properties[name], 0));
  return {
    body,
    from: fromExamples ? 'property examples' : 'generated from schema',
    ...(references.length > 0 ? { references } : {}),
  };
}

/** Whether every value of `schema` the kit fills in comes from an example: its own, or its required members'. */
function exampled(document: Record<string, unknown>, schema: unknown, depth: number): boolean {
  const found = resolved(document, schema);
  if (hasExample(schema) || hasExample(found)) return true;
  if (!isPlainObject(found) || !isPlainObject(found.properties) || depth > 4) return false;
  const properties = found.properties;
  const required = (Array.isArray(found.required) ? found.required : []).filter((name): name is string => typeof name === 'string');
  return required.length > 0 && required.every((name) => exampled(document, properties[name], depth + 1));
}

function hasExample(schema: unknown): boolean {
  return isPlainObject(schema) && (schema.example !== undefined || (Array.isArray(schema.examples) && schema.examples.length > 0));
}

/** The problem an answer states, in one line: RFC 9457 `errors`, FastAPI's `detail[].loc`/`msg`, `{"error": {...}}`, or the raw body. */
export function problemOf(body: unknown, text = ''): string {
  const located = (entry: unknown): string | undefined => {
    if (!isPlainObject(entry)) return typeof entry === 'string' ? entry : undefined;
    const where = Array.isArray(entry.loc) ? entry.loc.join('.') : (entry.pointer ?? entry.field ?? entry.param ?? entry.name);
    const what = entry.msg ?? entry.message ?? entry.detail;
    return [where, what].filter((part) => typeof part === 'string' && part !== '').join(': ') || undefined;
  };
  if (isPlainObject(body)) {
    const listed = [body.errors, body.detail, dig(body, ['error', 'errors'])].find(Array.isArray) as unknown[] | undefined;
    if (listed !== undefined) {
      const lines = listed
        .slice(0, 5)
        .map(located)
        .filter((line): line is string => line !== undefined);
      if (lines.length > 0) return lines.join('; ');
    }
    const error = isPlainObject(body.error) ? body.error : body;
    const parts = [error.title, error.detail, error.message, error.param].filter((part) => typeof part === 'string');
    if (parts.length > 0) return parts.join(': ');
  }
  const raw = text !== '' ? text : (JSON.stringify(body) ?? '');
  return raw.length > 300 ? `${raw.slice(0, 300)}…` : raw;
}

/** Why the checks after a refused body built by the kit are not judged; undefined when the body was given or published whole, or not refused as invalid. */
export function generatedBodyRefused(
  from: BodySource | undefined,
  operation: string,
  reply: { status: number; body: unknown; text?: string },
): string | undefined {
  if ((from !== 'generated from schema' && from !== 'property examples') || (reply.status !== 400 && reply.status !== 422))
    return undefined;
  return `${operation} refused the body the kit built from the document's schema (${from}) with ${reply.status}: ${problemOf(reply.body, reply.text)}; give a valid body with --examples`;
}
