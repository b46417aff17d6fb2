/**
 * Turns a request body into fields the store may hold, or the problems in
 * it. Field rules (zod) and the resource's own rules (references, rules
 * across fields) are reported together, so a client fixes a body in one
 * round trip instead of discovering problems one at a time. Problems are
 * collected into a bounded list (src/domain/problem-list.ts): a body of a
 * megabyte of unknown keys costs a count, not a message per key.
 */
import type { z } from '@hono/zod-openapi';
import { MAX_LISTED_PROBLEMS, type Problem, ProblemList, shortText } from './problem-list.js';

type Fields = Record<string, unknown>;

export interface Parsed {
  /** The fields that parsed (with their defaults); the failed ones are absent. */
  value: Fields;
  problems: ProblemList;
}

/** Parses a body with a strict object schema; on failure, still returns the fields that are valid on their own. */
export function parseFields(schema: z.ZodObject, body: Fields): Parsed {
  const elsewhere = (body as { [PARSED_ELSEWHERE]?: { schema: z.ZodObject; parsed: Parsed } })[PARSED_ELSEWHERE];
  if (elsewhere?.schema === schema) return elsewhere.parsed;
  const shape = schema.shape as Record<string, z.ZodType>;
  const problems = new ProblemList();
  const { known, unknown } = withoutUnknownKeys(body, shape);
  const whole = schema.safeParse(known);
  const value: Fields = whole.success ? (whole.data as Fields) : {};
  if (!whole.success) {
    // A field with a problem of its own fails alone too: not parsed twice (a map of 50,000 entries costs a count each time).
    const failed = new Set(whole.error.issues.map((issue) => issue.path[0]));
    for (const [key, field] of Object.entries(shape)) {
      if (failed.has(key)) continue;
      const one = field.safeParse(known[key]);
      if (one.success && one.data !== undefined) value[key] = one.data;
    }
    addIssues(problems, whole.error.issues, known);
  }
  // After the field problems, so that those (which rules below may cover) are the ones listed.
  // The allowed fields are named in the first one only, and spelled out only when there is one (not on every valid body).
  problems.addMany(unknown.count, (index) => {
    const key = unknown.first[index] as string;
    const allowed = index === 0 ? ` Fields you can send: ${Object.keys(shape).join(', ')}.` : '';
    return { path: [key], message: `Unknown field "${shortText(key)}".${allowed}` };
  });
  return { value, problems };
}

/**
 * The body without keys the schema does not know, and those keys: counted
 * here in one pass that keeps at most the bound of them, rather than by
 * zod, which would hand back every one. The allowed fields are named once.
 */
function withoutUnknownKeys(body: Fields, shape: Record<string, z.ZodType>) {
  // Object.keys is native; counting the known keys present (a handful) gives the unknown count without a loop over all.
  const keys = Object.keys(body);
  const knownPresent = Object.keys(shape).filter((key) => Object.hasOwn(body, key));
  const leftOut = (body as { [LEFT_OUT_UNKNOWN_KEYS]?: number })[LEFT_OUT_UNKNOWN_KEYS] ?? 0;
  const unknown = { first: [] as string[], count: keys.length - knownPresent.length + leftOut };
  if (unknown.count === 0) return { known: body, unknown };
  for (let index = 0; index < keys.length && unknown.first.length < MAX_LISTED_PROBLEMS; index += 1) {
    const key = keys[index] as string;
    if (!Object.hasOwn(shape, key)) unknown.first.push(key);
  }
  return { known: Object.fromEntries(knownPresent.map((key) => [key, body[key]])), unknown };
}

/**
 * A body may stand for a larger one whose further unknown keys were counted and
 * left out (`leaveOutUnknownKeys`): their number, under this key, counts as
 * unknown keys of the body.
 */
export const LEFT_OUT_UNKNOWN_KEYS: unique symbol = Symbol('unknown keys left out');

/**
 * A body that parseFields judges exactly as it would `body`, with at most
 * MAX_LISTED_PROBLEMS keys that no schema of its resource reads (`readable`:
 * every key any create or update schema has, and the ignorable ones): the
 * first of them, in order, are kept (they are the ones an answer lists), the
 * rest only counted (`leftOut`, set as LEFT_OUT_UNKNOWN_KEYS; a copy to
 * another thread loses it, and is given it again there). A body
 * of 120,000 unknown keys becomes a handful, which is cheap to hand from a
 * worker thread to the main one.
 */
export function leaveOutUnknownKeys(body: Fields, readable: ReadonlySet<string>): { body: Fields; leftOut: number } {
  const keys = Object.keys(body);
  if (keys.length <= readable.size + MAX_LISTED_PROBLEMS) return { body, leftOut: 0 };
  const kept: Fields = {};
  let unknownKept = 0;
  let leftOut = 0;
  for (const key of keys) {
    if (readable.has(key) || unknownKept < MAX_LISTED_PROBLEMS) {
      // defineProperty, not assignment: no key, not even one named "__proto__", reaches a prototype.
      Object.defineProperty(kept, key, { value: body[key], enumerable: true, writable: true, configurable: true });
      if (!readable.has(key)) unknownKept += 1;
    } else leftOut += 1;
  }
  Object.defineProperty(kept, LEFT_OUT_UNKNOWN_KEYS, { value: leftOut });
  return { body: kept, leftOut };
}

/**
 * A body parsed already, with parseFields on another thread (a large body,
 * src/server/off-thread-json.ts): the body that stands for it holds only its
 * variant key, which picks the same schema again, and parseFields hands back
 * what was found for that schema.
 */
export const PARSED_ELSEWHERE: unique symbol = Symbol('fields parsed elsewhere');

/** The stand-in for a body whose fields `parsed` holds, as parsed with the schema `schemaFor` picks for the stand-in. */
export function parsedElsewhere(standIn: Fields, schemaFor: (body: Fields) => z.ZodObject, parsed: Parsed): Fields {
  Object.defineProperty(standIn, PARSED_ELSEWHERE, { value: { schema: schemaFor(standIn), parsed } });
  return standIn;
}

/** What a resource drops from bodies before validation: `ignorableKeys` are the only keys `ignoresInBody` can be true of. */
export interface IgnoredKeys {
  ignorableKeys: readonly string[];
  ignoresInBody(key: string, value: unknown): boolean;
}

/**
 * The body without the keys the resource ignores. Only the few ignorable keys are looked up: a body of 100,000 keys
 * costs no more than one of ten. Dropped from the body itself, which was just parsed and is no one else's: a copy
 * costs as much as the body has keys (a body of 120,000 short unknown keys holds `id` too).
 */
export function withoutIgnoredKeys(body: Fields, { ignorableKeys, ignoresInBody }: IgnoredKeys): Fields {
  for (const key of ignorableKeys) if (Object.hasOwn(body, key) && ignoresInBody(key, body[key])) delete body[key];
  return body;
}

/** Adds rule problems, except those about a place a listed field problem already covers (one message per mistake). */
export function mergeProblems(fieldProblems: ProblemList, ruleProblems: Problem[]): ProblemList {
  const covered = fieldProblems.problems.map(({ path }) => path.join('\u0000'));
  // Whole keys only: a problem at required/1 covers required/1/… but not required/12.
  const isCovered = (path: Problem['path']) => {
    const key = path.join('\u0000');
    return covered.some((prefix) => key === prefix || key.startsWith(`${prefix}\u0000`));
  };
  for (const problem of ruleProblems) if (!isCovered(problem.path)) fieldProblems.add(problem);
  return fieldProblems;
}

/** zod's findings about `body` as problems a person can act on, at most the bound of them described. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], body: unknown): ProblemList {
  const problems = new ProblemList();
  addIssues(problems, issues, body as Fields);
  return problems;
}

function addIssues(problems: ProblemList, issues: readonly z.core.$ZodIssue[], body: Fields): void {
  for (const issue of issues) {
    const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const { keys } = issue;
      problems.addMany(keys.length, (index) => ({
        path: [...path, keys[index] as string],
        message: `Unknown field "${shortText(keys[index] as string)}".`,
      }));
    } else if (problems.full) {
      problems.more += 1;
    } else {
      problems.add(describeIssue(issue, path, body));
    }
  }
}

function describeIssue(issue: z.core.$ZodIssue, path: (string | number)[], body: Fields): Problem {
  // zod leaves `issue.input` out of issues, so presence is read from the body: a wrong type is not a missing field.
  // A field with its own message for this (a function tool's url) keeps it.
  if (issue.code === 'invalid_type' && valueAt(body, path) === undefined && issue.message.startsWith('Invalid input')) {
    return { path, message: missingFieldMessage(issue.expected) };
  }
  // zod's own word for a value no form of a union takes says nothing: name what each form wants.
  if (issue.code === 'invalid_union' && issue.message === 'Invalid input' && issue.errors.length > 0) {
    return { path, message: unionMessage(issue.errors) };
  }
  return { path, message: issue.message };
}

/** What each form of a union wants: the types, when the value has none of them, else each form's own complaint. */
function unionMessage(branches: readonly (readonly z.core.$ZodIssue[])[]): string {
  const first = branches.map((issues) => issues[0]).filter((issue) => issue !== undefined);
  if (first.every((issue) => issue.code === 'invalid_type' && issue.path.length === 0)) {
    const types = [...new Set(first.map((issue) => (issue as z.core.$ZodIssueInvalidType).expected))];
    return `Expected ${types.length > 1 ? `${types.slice(0, -1).join(', ')} or ${types.at(-1)}` : types[0]}.`;
  }
  return `Takes none of its forms: ${[...new Set(first.map(({ message }) => message))].join('; or ')}.`;
}

/** What a required field that is absent is told: the type it takes. */
export const missingFieldMessage = (expected: string): string => `Missing required field (expected ${expected}).`;

/** The value at `path` inside the body, or undefined where the path leaves it. */
function valueAt(body: unknown, path: readonly (string | number)[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
