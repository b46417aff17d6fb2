/**
 * Turns zod's findings into one validation problem that lists every issue
 * with where it is, worded so a person can fix the request.
 */
import type { Hook, z } from '@hono/zod-openapi';
import type { Problem, Resource } from '../domain/resource.js';
import type { AppEnv } from './auth.js';
import { problemResponse } from './problem.js';

export function validationHook(def: Resource): Hook<unknown, AppEnv, string, unknown> {
  return (result, c) => {
    if (result.success) return;
    const problems = result.error.issues.flatMap((issue) => describeIssue(issue, def));
    const count = problems.length === 1 ? 'one problem' : `${problems.length} problems`;
    return problemResponse(c, 'validation', `The ${def.names.singular} in the request is not valid: ${count}, listed in errors.`, problems);
  };
}

function describeIssue(issue: z.core.$ZodIssue, def: Resource): Problem[] {
  const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const allowed = path.length === 0 ? ` Fields you can send: ${def.writableKeys.join(', ')}.` : '';
    return issue.keys.map((key) => ({ path: [...path, key], message: `Unknown field "${key}".${allowed}` }));
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) {
    return [{ path, message: `Missing required field (expected ${issue.expected}).` }];
  }
  return [{ path, message: issue.message }];
}
