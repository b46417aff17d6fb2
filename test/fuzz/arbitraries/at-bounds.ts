/**
 * Valid bodies pushed to the edges their schema allows: strings at their
 * longest (multi-byte characters and JSON escapes among them), numbers at
 * their least and greatest, maps with extra keys that are everyday words
 * (`id`, `type`, `constructor`) or as long as a key may be. The limits are
 * read from the JSON Schema zod makes of each request schema, so a limit
 * added to a resource is fuzzed at its edge without touching this file.
 * A value a body holds as null stays null: filling it in could break a rule
 * across fields (a username without its password), which is not this
 * arbitrary's subject.
 */
import { z } from '@hono/zod-openapi';
import fc from 'fast-check';

/** The parts of a JSON Schema this file reads. */
interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
}

/** The request schema of a create or an update, as JSON Schema. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Words a map key is likely to be, and that code handling maps too often treats as its own. */
const everydayKeys = ['id', 'type', 'name', 'value', 'items', 'required', 'properties', 'length', 'constructor', 'toString', 'valueOf'];

/** One UTF-16 unit each: ASCII, two- and three-byte UTF-8, and characters JSON must escape. */
const characters = ['a', 'Z', '7', ' ', 'é', 'ß', '€', '中', '"', '\\', '<', '\n', '\t', '\u0000'];
const edgeCharacter = fc.constantFrom('a', 'Z', 'é', '€', '中', '"', '\\');

/** A string of exactly `length` units whose first and last are not white space (schemas may trim). */
const stringOfLength = (length: number): fc.Arbitrary<string> =>
  length <= 0
    ? fc.constant('')
    : fc
        .tuple(edgeCharacter, fc.array(fc.constantFrom(...characters), { minLength: length - 1, maxLength: length - 1 }), edgeCharacter)
        .map(([first, middle, last]) => (length === 1 ? first : [first, ...middle.slice(0, length - 2), last].join('')));

const fits = (key: string, names: JsonSchema | undefined): boolean =>
  names === undefined ||
  ((names.minLength === undefined || key.length >= names.minLength) &&
    (names.maxLength === undefined || key.length <= names.maxLength) &&
    (names.pattern === undefined || new RegExp(names.pattern).test(key)));

/** The longest key a map allows (64 units when nothing says), if a run of one letter fits its rules. */
function longestKey(names: JsonSchema | undefined): string | undefined {
  const key = 'k'.repeat(names?.maxLength ?? 64);
  return fits(key, names) ? key : undefined;
}

/** A plain text field: a string type with a length limit and neither a pattern nor a format. */
const isPlainText = (schema: JsonSchema): boolean =>
  schema.type === 'string' && schema.maxLength !== undefined && schema.pattern === undefined && schema.format === undefined;

/**
 * A value `schema` accepts, at its edges where it has any, shaped after
 * `base` (a valid value) where one is given.
 */
export function atBounds(schema: JsonSchema, base: unknown): fc.Arbitrary<unknown> {
  if (schema.anyOf) {
    // Stay on the branch the valid base value is on (null stays null).
    const branch = schema.anyOf.find((option) => isOfBranch(option, base));
    return branch ? atBounds(branch, base) : fc.constant(base);
  }
  if (isPlainText(schema)) return stringOfLength(schema.maxLength as number);
  if (schema.type === 'string' && schema.format === 'uri' && schema.maxLength !== undefined) {
    const start = 'https://example.com/';
    return fc.constant(`${start}${'p'.repeat(schema.maxLength - start.length)}`);
  }
  if ((schema.type === 'integer' || schema.type === 'number') && schema.minimum !== undefined && schema.maximum !== undefined) {
    return fc.constantFrom(schema.minimum, schema.maximum);
  }
  if (schema.type === 'object' && schema.properties) return objectAtBounds(schema.properties, schema.required ?? [], base);
  if (schema.type === 'object' && typeof schema.additionalProperties === 'object') {
    return mapAtBounds(schema.additionalProperties, schema.propertyNames, base);
  }
  return fc.constant(base);
}

/** An object's fields at their edges: the ones `base` has, and the required ones it lacks. */
function objectAtBounds(properties: Record<string, JsonSchema>, required: string[], base: unknown): fc.Arbitrary<unknown> {
  const given = typeof base === 'object' && base !== null ? (base as Record<string, unknown>) : {};
  const keys = Object.keys(properties).filter((key) => Object.hasOwn(given, key) || required.includes(key));
  const fields = keys.map((key) => atBounds(properties[key] as JsonSchema, given[key] ?? validValue(properties[key] as JsonSchema)));
  return fc.tuple(...fields).map((values) => ({ ...given, ...Object.fromEntries(keys.map((key, i) => [key, values[i]])) }));
}

/** A map with its own entries at their edges, plus everyday-word keys and a key at its longest. */
function mapAtBounds(values: JsonSchema, names: JsonSchema | undefined, base: unknown): fc.Arbitrary<unknown> {
  const given = typeof base === 'object' && base !== null ? (base as Record<string, unknown>) : {};
  const candidates = [...everydayKeys, longestKey(names)].filter((key): key is string => key !== undefined && fits(key, names));
  return fc.subarray(candidates, { minLength: 1, maxLength: 4 }).chain((added) => {
    const keys = [...Object.keys(given), ...added.filter((key) => !Object.hasOwn(given, key))];
    const entries = keys.map((key) => atBounds(values, Object.hasOwn(given, key) ? given[key] : validValue(values)));
    return fc.tuple(...entries).map((filled) => Object.fromEntries(keys.map((key, i) => [key, filled[i]])));
  });
}

/** Whether a valid `value` is on this branch of a union: its JSON type, and its pattern when it is a string. */
function isOfBranch(branch: JsonSchema, value: unknown): boolean {
  if (branch.anyOf) return branch.anyOf.some((option) => isOfBranch(option, value));
  if (value === null) return branch.type === 'null';
  if (Array.isArray(value)) return branch.type === 'array';
  if (typeof value === 'string')
    return branch.type === 'string' && (branch.pattern === undefined || new RegExp(branch.pattern).test(value));
  if (typeof value === 'number') return branch.type === 'number' || (branch.type === 'integer' && Number.isInteger(value));
  return branch.type === typeof value;
}

/** The plainest value a schema accepts, to fill a required field or a new map entry before it is pushed to its edges. */
function validValue(schema: JsonSchema): unknown {
  if (schema.anyOf?.[0]) return validValue(schema.anyOf[0]);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, validValue(schema.properties?.[key] ?? {})]));
    default:
      return null;
  }
}

/**
 * A valid body of `def` (`base`) with some of its fields pushed to their
 * edges: a create body against the create schema, an update body against
 * the update schema.
 */
export function bodyAtBounds(schema: z.ZodType, base: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const properties = jsonSchemaOf(schema).properties ?? {};
  const keys = Object.keys(base).filter((key) => properties[key] !== undefined);
  return fc
    .subarray(keys, { minLength: 1 })
    .chain((chosen) =>
      fc
        .tuple(...chosen.map((key) => atBounds(properties[key] as JsonSchema, base[key])))
        .map((values) => ({ ...base, ...Object.fromEntries(chosen.map((key, i) => [key, values[i]])) })),
    );
}
