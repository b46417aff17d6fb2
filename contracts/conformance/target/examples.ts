/**
 * Request examples for creates and updates. The spec shows no create or
 * update payloads, so the kit never invents one: it sends what it is given
 * (`--examples FILE`), else what the target publishes in its OpenAPI
 * document (`GET /openapi.json`), and skips the check when it has neither.
 */

import { isPlainObject } from '../matchers.js';
import { resourceFacts } from '../resources.js';
import type { Target } from '../types.js';
import { isJsonType, isSuccess, send } from './http.js';
import { dig, exampleOf, resolved, serverPrefix } from './openapi-document.js';

/** Request examples by collection path. */
export interface Examples {
  /** Why examples are missing, when they are. */
  readonly problem?: string;
  create(path: string): Record<string, unknown> | undefined;
  update(path: string): Record<string, unknown> | undefined;
  /** The query parameters the document declares for the list `GET path` (for paging); empty without a document. */
  listParams(path: string): QueryParam[];
}

/** A query parameter a list declares: its name, and the lowest value its schema allows (a page number's start). */
export interface QueryParam {
  name: string;
  minimum?: number;
}

/** Examples given by hand: `{ "/api/v1/tools": { "create": {…}, "update": {…} } }`, either one optional. */
export type GivenExamples = Record<string, { create?: Record<string, unknown>; update?: Record<string, unknown> }>;

/**
 * Checks the shape of hand-given examples (the parsed JSON of `--examples`);
 * throws an Error saying what is wrong.
 */
export function givenExamples(value: unknown): GivenExamples {
  if (!isPlainObject(value)) throw new Error('the examples must be a JSON object keyed by collection path, such as "/api/v1/tools"');
  const known = resourceFacts.map((resource) => resource.path);
  for (const [path, entry] of Object.entries(value)) {
    // A path the kit never sends to (a typo such as "/api/v1/tool") would leave its round trip skipped without a word.
    if (!known.includes(path)) throw new Error(`"${path}" is not a collection path the kit uses; those are ${known.join(', ')}`);
    if (!isPlainObject(entry)) throw new Error(`"${path}" must map to an object with "create" and/or "update"`);
    for (const [key, body] of Object.entries(entry)) {
      if (key !== 'create' && key !== 'update') throw new Error(`"${path}" has "${key}"; only "create" and "update" are read`);
      if (!isPlainObject(body)) throw new Error(`"${path}".${key} must be a JSON object (a request body)`);
    }
  }
  return value as GivenExamples;
}

/** Where --openapi says the document is: a file read already, or a URL to fetch. */
export type OpenApiSource = { document: unknown; from: string } | { url: string };

/**
 * Hand-given examples first, then the OpenAPI document (--openapi, else the target's /openapi.json), read once.
 * Never fails: a missing document only leaves the paths without a given example uncovered.
 */
export async function loadExamples(
  target: Target,
  signal?: AbortSignal,
  given: GivenExamples = {},
  openapi?: OpenApiSource,
): Promise<Examples> {
  const published = await publishedExamples(target, signal, openapi);
  return {
    ...(published.problem !== undefined ? { problem: published.problem } : {}),
    create: (path) => given[path]?.create ?? published.create(path),
    update: (path) => given[path]?.update ?? published.update(path),
    listParams: (path) => published.listParams(path),
  };
}

async function publishedExamples(target: Target, signal?: AbortSignal, openapi?: OpenApiSource): Promise<Examples> {
  if (openapi && 'document' in openapi) return documentExamples(openapi.document, `the OpenAPI document ${openapi.from}`, target.baseUrl);
  const where = openapi ? openapi.url : 'GET /openapi.json';
  try {
    const reply = openapi
      ? await fetchDocument(openapi.url, target.timeoutMs, signal)
      : (await send(target, { method: 'GET', path: '/openapi.json' }, signal)).reply;
    if (!isSuccess(reply.status))
      return noExamples(
        `${where} answered ${reply.status} without an OpenAPI document${openapi ? '' : ' (give --openapi FILE|URL, or --examples)'}`,
      );
    return documentExamples(reply.body, where, target.baseUrl);
  } catch (error) {
    return noExamples(
      `${where} failed: ${error instanceof Error ? error.message : String(error)}${openapi ? '' : ' (give --openapi FILE|URL, or --examples)'}`,
    );
  }
}

function documentExamples(document: unknown, where: string, baseUrl: string): Examples {
  if (!isPlainObject(document) || !isPlainObject(document.paths)) return noExamples(`${where} is not an OpenAPI document (no "paths")`);
  return examplesFrom(document, baseUrl);
}

/** A document at another address than the target's (--openapi URL): fetched plainly, without the target's token or headers. */
async function fetchDocument(url: string, timeoutMs = 15_000, signal?: AbortSignal): Promise<{ status: number; body: unknown }> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown };
}

function examplesFrom(document: Record<string, unknown>, baseUrl: string): Examples {
  const paths = document.paths as Record<string, unknown>;
  const prefix = serverPrefix(document, baseUrl);
  // A document may also write whole paths whatever its server says: both readings are tried, the server's first.
  const keyOf = (path: string, matches: (key: string, path: string) => boolean) => {
    const relative = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
    return [relative, path].flatMap((candidate) =>
      candidate === undefined ? [] : Object.keys(paths).filter((key) => matches(key, candidate)),
    )[0];
  };
  const pick = (key: string | undefined, method: string) => {
    const operation = key === undefined ? undefined : dig(resolved(document, paths[key]), [method]);
    const body = resolved(document, dig(operation, ['requestBody']));
    const content = resolved(document, dig(body, ['content']));
    if (!isPlainObject(content)) return undefined;
    // Plain application/json first: an operation may also take json-patch (an array) or list a problem type.
    const types = Object.keys(content).filter(isJsonType);
    const ordered = [...types.filter((type) => /^application\/json\s*(;|$)/i.test(type)), ...types];
    return ordered.map((type) => exampleOf(document, resolved(document, content[type]))).find((example) => example !== undefined);
  };
  return {
    create: (path) =>
      pick(
        keyOf(path, (key, candidate) => key === candidate),
        'post',
      ),
    // The id parameter may have any name: `/api/v1/tools/{id}` or `/api/v1/tools/{toolId}`.
    update: (path) =>
      pick(
        keyOf(path, (key, candidate) => key.startsWith(`${candidate}/{`) && /^\{[^/}]+\}$/.test(key.slice(candidate.length + 1))),
        'patch',
      ),
    listParams: (path) => {
      const key = keyOf(path, (candidate, wanted) => candidate === wanted);
      if (key === undefined) return [];
      const item = resolved(document, paths[key]);
      const declared = [dig(item, ['parameters']), dig(resolved(document, dig(item, ['get'])), ['parameters'])];
      return declared.flatMap((list) =>
        (Array.isArray(list) ? list : []).flatMap((entry) => {
          const parameter = resolved(document, entry);
          if (!isPlainObject(parameter) || parameter.in !== 'query' || typeof parameter.name !== 'string') return [];
          const minimum = dig(resolved(document, parameter.schema), ['minimum']);
          return [{ name: parameter.name, ...(typeof minimum === 'number' ? { minimum } : {}) }];
        }),
      );
    },
  };
}

/** Why a check that needs an example for `operation` (e.g. "POST /api/v1/tools") cannot run. */
export function noExampleReason(examples: Examples, operation: string): string {
  return `no request example for ${operation}: none given by --examples, and ${examples.problem ?? "the target's OpenAPI document shows none"}`;
}

export function noExamples(problem: string): Examples {
  return { problem, create: () => undefined, update: () => undefined, listParams: () => [] };
}
