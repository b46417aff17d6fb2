/**
 * Request examples for creates and updates. The spec shows no create or
 * update payloads, so the kit never invents one: it sends what it is given
 * (`--examples FILE`), else what the target publishes in its OpenAPI
 * document (`GET /openapi.json`), and skips the check when it has neither.
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

/** Examples given by hand: `{ "/api/v1/tools": { "create": {…}, "update": {…} } }`, either one optional. */
export type GivenExamples = Record<string, { create?: Record<string, unknown>; update?: Record<string, unknown> }>;

/**
 * Checks the shape of hand-given examples (the parsed JSON of `--examples`);
 * throws an Error saying what is wrong.
 */
export function givenExamples(value: unknown): GivenExamples {
  if (!isPlainObject(value)) throw new Error('the examples must be a JSON object keyed by collection path, such as "/api/v1/tools"');
  for (const [path, entry] of Object.entries(value)) {
    if (!/^\/api\/v1\/[a-z-]+$/.test(path)) throw new Error(`"${path}" is not a collection path such as "/api/v1/tools"`);
    if (!isPlainObject(entry)) throw new Error(`"${path}" must map to an object with "create" and/or "update"`);
    for (const [key, body] of Object.entries(entry)) {
      if (key !== 'create' && key !== 'update') throw new Error(`"${path}" has "${key}"; only "create" and "update" are read`);
      if (!isPlainObject(body)) throw new Error(`"${path}".${key} must be a JSON object (a request body)`);
    }
  }
  return value as GivenExamples;
}

/**
 * Hand-given examples first, then the target's OpenAPI document, read once.
 * Never fails: a missing document only leaves the paths without a given example uncovered.
 */
export async function loadExamples(target: Target, signal?: AbortSignal, given: GivenExamples = {}): Promise<Examples> {
  const published = await publishedExamples(target, signal);
  return {
    ...(published.problem !== undefined ? { problem: published.problem } : {}),
    create: (path) => given[path]?.create ?? published.create(path),
    update: (path) => given[path]?.update ?? published.update(path),
  };
}

async function publishedExamples(target: Target, signal?: AbortSignal): Promise<Examples> {
  try {
    const { reply } = await send(target, { method: 'GET', path: '/openapi.json' }, signal);
    if (!isSuccess(reply.status) || !isPlainObject(reply.body) || !isPlainObject(reply.body.paths)) {
      return noExamples(`GET /openapi.json answered ${reply.status} without an OpenAPI document`);
    }
    return examplesFrom(fullPaths(reply.body, target.baseUrl));
  } catch (error) {
    return noExamples(`GET /openapi.json failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The document's path items keyed by their whole path: a document whose
 * server is `/api/v1` (or `https://host/api/v1`) writes `/tools` for
 * `/api/v1/tools`. The first server's path counts, read relative to the base URL.
 */
function fullPaths(document: Record<string, unknown>, baseUrl: string): Record<string, unknown> {
  const paths = document.paths as Record<string, unknown>;
  const server = Array.isArray(document.servers) && isPlainObject(document.servers[0]) ? document.servers[0].url : undefined;
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const serverPath = typeof server === 'string' && URL.canParse(server, base.href) ? new URL(server, base).pathname : base.pathname;
  // Paths are relative to the base URL, which is where the kit's own paths start.
  const prefix = serverPath.startsWith(base.pathname) ? serverPath.slice(base.pathname.length - 1).replace(/\/$/, '') : '';
  return Object.fromEntries(Object.entries(paths).map(([path, item]) => [`${prefix}${path}`, item]));
}

function examplesFrom(paths: Record<string, unknown>): Examples {
  const pick = (path: string | undefined, method: string) => {
    const operation = path === undefined ? undefined : (paths[path] as Record<string, unknown> | undefined)?.[method];
    return exampleOf(dig(operation, ['requestBody', 'content', 'application/json']));
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

/** A media type's example, wherever OpenAPI lets it be written: `example`, the first of `examples`, or the schema's. */
function exampleOf(media: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(media)) return undefined;
  const named = isPlainObject(media.examples)
    ? Object.values(media.examples).find((entry) => isPlainObject(entry) && 'value' in entry)
    : undefined;
  const candidates = [media.example, dig(named, ['value']), dig(media.schema, ['example'])];
  return candidates.find(isPlainObject);
}

/** Why a check that needs an example for `operation` (e.g. "POST /api/v1/tools") cannot run. */
export function noExampleReason(examples: Examples, operation: string): string {
  return `no request example for ${operation}: none given by --examples, and ${examples.problem ?? "the target's OpenAPI document shows none"}`;
}

function noExamples(problem: string): Examples {
  return { problem, create: () => undefined, update: () => undefined };
}

function dig(value: unknown, keys: string[]): unknown {
  let current = value;
  for (const key of keys) current = isPlainObject(current) ? current[key] : undefined;
  return current;
}
