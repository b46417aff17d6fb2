/**
 * Request examples from the target's own OpenAPI document (`GET /openapi.json`).
 * The spec shows no create or update payloads, so the kit never invents one:
 * it sends what the target publishes, and skips the check when it publishes none.
 */
import { isSuccess, send } from './http.js';
import { isPlainObject } from './matchers.js';
import type { Target } from './types.js';

/** Request examples by collection path. */
export interface Examples {
  /** Why examples are missing, when they are. */
  readonly problem?: string;
  create(path: string): Record<string, unknown> | undefined;
  update(path: string): Record<string, unknown> | undefined;
}

/** Reads the target's OpenAPI document once; never fails, a missing document just yields no examples. */
export async function loadExamples(target: Target, signal?: AbortSignal): Promise<Examples> {
  try {
    const { reply } = await send(target, { method: 'GET', path: '/openapi.json' }, signal);
    if (!isSuccess(reply.status) || !isPlainObject(reply.body) || !isPlainObject(reply.body.paths)) {
      return noExamples(`GET /openapi.json answered ${reply.status} without an OpenAPI document`);
    }
    return examplesFrom(reply.body.paths);
  } catch (error) {
    return noExamples(`GET /openapi.json failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function examplesFrom(paths: Record<string, unknown>): Examples {
  const pick = (path: string | undefined, method: string) => {
    const operation = path === undefined ? undefined : (paths[path] as Record<string, unknown> | undefined)?.[method];
    const content = dig(operation, ['requestBody', 'content', 'application/json']);
    const example = isPlainObject(content) ? content.example : undefined;
    return isPlainObject(example) ? example : undefined;
  };
  return {
    create: (path) => pick(path, 'post'),
    // The id parameter may have any name: `/api/v1/tools/{id}` or `/api/v1/tools/{toolId}`.
    update: (path) =>
      pick(
        Object.keys(paths).find((key) => key.startsWith(`${path}/{`) && /^\{[^/}]+\}$/.test(key.slice(path.length + 1))),
        'patch',
      ),
  };
}

function noExamples(problem: string): Examples {
  return { problem, create: () => undefined, update: () => undefined };
}

function dig(value: unknown, keys: string[]): unknown {
  let current = value;
  for (const key of keys) current = isPlainObject(current) ? current[key] : undefined;
  return current;
}
