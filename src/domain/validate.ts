/**
 * Turns a request body into fields the store may hold, or a list of every
 * problem in it. Field rules (zod) and the resource's own rules (references,
 * rules across fields) are reported together, so a client fixes a body in
 * one round trip instead of discovering problems one at a time.
 */
import type { z } from '@hono/zod-openapi';
import type { Problem } from './resource.js';

type Fields = Record<string, unknown>;

export interface Parsed {
  /** The fields that parsed (with their defaults); the failed ones are absent. */
  value: Fields;
  problems: Problem[];
}

/** Parses a body with an object schema; on failure, still returns the fields that are valid on their own. */
export function parseFields(schema: z.ZodObject, body: Fields): Parsed {
  const whole = schema.safeParse(body);
  if (whole.success) return { value: whole.data as Fields, problems: [] };
  const value: Fields = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const one = field.safeParse(body[key]);
    if (one.success && one.data !== undefined) value[key] = one.data;
  }
  const allowed = Object.keys(schema.shape).join(', ');
  return { value, problems: whole.error.issues.flatMap((issue) => describeIssue(issue, allowed, body)) };
}

/** Drops rule problems about a place a field problem already covers (one message per mistake). */
export function mergeProblems(fieldProblems: Problem[], ruleProblems: Problem[]): Problem[] {
  const covered = fieldProblems.map(({ path }) => path.join('\u0000'));
  const isCovered = (path: Problem['path']) => covered.some((prefix) => path.join('\u0000').startsWith(prefix));
  return [...fieldProblems, ...ruleProblems.filter(({ path }) => !isCovered(path))];
}

/** zod's findings about `body` as problems a person can act on. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], body: unknown, allowedTopLevel = ''): Problem[] {
  return issues.flatMap((issue) => describeIssue(issue, allowedTopLevel, body as Fields));
}

function describeIssue(issue: z.core.$ZodIssue, allowedTopLevel: string, body: Fields): Problem[] {
  const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const hint = path.length === 0 && allowedTopLevel ? ` Fields you can send: ${allowedTopLevel}.` : '';
    return issue.keys.map((key) => ({ path: [...path, key], message: `Unknown field "${key}".${hint}` }));
  }
  // zod leaves `issue.input` out of issues, so presence is read from the body: a wrong type is not a missing field.
  // A field with its own message for this (a function tool's url) keeps it.
  if (issue.code === 'invalid_type' && valueAt(body, path) === undefined && issue.message.startsWith('Invalid input')) {
    return [{ path, message: `Missing required field (expected ${issue.expected}).` }];
  }
  return [{ path, message: issue.message }];
}

/** The value at `path` inside the body, or undefined where the path leaves it. */
function valueAt(body: unknown, path: readonly (string | number)[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}
