/**
 * Request bodies for creates and updates. The spec shows no create or update
 * payloads, so the kit sends what it is given (`--examples FILE`), else what
 * the target publishes in its OpenAPI document (`GET /openapi.json`, else
 * `/openapi.yaml`, or `--openapi`; JSON or YAML): the operation's example, else
 * a body built from its request schema (bodies.ts). Without either, the checks
 * that need a body are not judged. Document paths with and without a trailing
 * slash match each other.
 */

import { parse as parseYaml } from 'yaml';
import { isPlainObject } from '../matchers.js';
import { resourceFacts } from '../resources.js';
import type { Target } from '../types.js';
import { type BodySource, type BuiltBody, bodyFromSchema, type Reference } from './bodies.js';
import { isJsonType, isSuccess, send } from './http.js';
import { dig, exampleOf, resolved, serverPrefix } from './openapi-document.js';
import { withinTimeLimit } from './time-limit.js';

/** A path without its trailing slash (but "/" stays). */
export const withoutSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Request examples by collection path. */
export interface Examples {
  /** Why examples are missing, when they are. */
  readonly problem?: string;
  create(path: string): Record<string, unknown> | undefined;
  update(path: string): Record<string, unknown> | undefined;
  /** Where the body `create(path)` or `update(path)` gives came from; undefined when there is none. */
  source(path: string, kind: 'create' | 'update'): BodySource | undefined;
  /** Why there is no body for `path` when the document has the operation but no body could be built from it. */
  whyNone?(path: string, kind: 'create' | 'update'): string | undefined;
  /** Required members of the create body of `path` that name other records (filled in by creating.ts). */
  references?(path: string): Reference[];
  /** The query parameters the document declares for the list `GET path` (for paging); empty without a document. */
  listParams(path: string): QueryParam[];
  /**
   * The 2xx statuses the document declares for `POST path` (a creation's answer); empty when it declares none by
   * number (no document, no such operation, only `2XX` or `default`).
   */
  createStatuses?(path: string): number[];
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
  const given: GivenExamples = {};
  for (const [written, entry] of Object.entries(value)) {
    // "/api/v1/tools/" is the same collection as "/api/v1/tools".
    const path = withoutSlash(written);
    // A path the kit never sends to (a typo such as "/api/v1/tool") would leave its round trip skipped without a word.
    if (!known.includes(path)) throw new Error(`"${path}" is not a collection path the kit uses; those are ${known.join(', ')}`);
    if (!isPlainObject(entry)) throw new Error(`"${path}" must map to an object with "create" and/or "update"`);
    for (const [key, body] of Object.entries(entry)) {
      if (key !== 'create' && key !== 'update') throw new Error(`"${path}" has "${key}"; only "create" and "update" are read`);
      if (!isPlainObject(body)) throw new Error(`"${path}".${key} must be a JSON object (a request body)`);
    }
    given[path] = entry as GivenExamples[string];
  }
  return given;
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
  const byHand = (path: string, kind: 'create' | 'update') => given[withoutSlash(path)]?.[kind];
  return {
    ...(published.problem !== undefined ? { problem: published.problem } : {}),
    create: (path) => byHand(path, 'create') ?? published.create(path),
    update: (path) => byHand(path, 'update') ?? published.update(path),
    source: (path, kind) => (byHand(path, kind) !== undefined ? '--examples' : published.source(path, kind)),
    whyNone: (path, kind) => (byHand(path, kind) !== undefined ? undefined : published.whyNone?.(path, kind)),
    references: (path) => (byHand(path, 'create') !== undefined ? [] : (published.references?.(path) ?? [])),
    listParams: (path) => published.listParams(path),
    createStatuses: (path) => published.createStatuses?.(path) ?? [],
  };
}

/** An OpenAPI document's text, JSON or YAML (by content type, else by its first character). */
export function parseDocument(text: string, contentType: string | null = null): unknown {
  const looksJson = contentType !== null ? /json/i.test(contentType) : /^\s*[{[]/.test(text);
  if (looksJson) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      if (contentType !== null && /json/i.test(contentType)) throw error;
    }
  }
  return parseYaml(text, { maxAliasCount: 100 }) as unknown;
}

async function publishedExamples(target: Target, signal?: AbortSignal, openapi?: OpenApiSource): Promise<Examples> {
  if (openapi && 'document' in openapi) return documentExamples(openapi.document, `the OpenAPI document ${openapi.from}`, target.baseUrl);
  let where = openapi ? openapi.url : 'GET /openapi.json';
  try {
    let reply = openapi
      ? await fetchDocument(openapi.url, target.timeoutMs, signal)
      : await targetDocument(target, '/openapi.json', signal);
    if (!openapi && !isSuccess(reply.status)) {
      const yaml = await targetDocument(target, '/openapi.yaml', signal);
      if (isSuccess(yaml.status)) {
        reply = yaml;
        where = 'GET /openapi.yaml';
      }
    }
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

/** The target's own document at `path`, JSON or YAML. */
async function targetDocument(target: Target, path: string, signal?: AbortSignal): Promise<{ status: number; body: unknown }> {
  const { reply } = await send(target, { method: 'GET', path }, signal);
  if (!isSuccess(reply.status) || reply.json) return { status: reply.status, body: reply.body };
  return { status: reply.status, body: parseDocument(reply.text, reply.contentType) };
}

/** A document at another address than the target's (--openapi URL): fetched plainly, without the target's token or headers. */
async function fetchDocument(url: string, timeoutMs = 15_000, signal?: AbortSignal): Promise<{ status: number; body: unknown }> {
  const { status, text, contentType } = await withinTimeLimit(timeoutMs, signal, async (limited) => {
    const res = await fetch(url, { headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' }, signal: limited });
    return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') };
  });
  return { status, body: isSuccess(status) ? parseDocument(text, contentType) : text };
}

function examplesFrom(document: Record<string, unknown>, baseUrl: string): Examples {
  const paths = document.paths as Record<string, unknown>;
  const prefix = serverPrefix(document, baseUrl);
  // A document may also write whole paths whatever its server says: both readings are tried, the server's first.
  const keyOf = (path: string, matches: (key: string, path: string) => boolean) => {
    const relative = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : undefined;
    // A trailing slash on either side does not count: FastAPI writes collection routes "/api/v1/tools/".
    return [relative, path].flatMap((candidate) =>
      candidate === undefined ? [] : Object.keys(paths).filter((key) => matches(withoutSlash(key), withoutSlash(candidate))),
    )[0];
  };
  const built = new Map<string, BuiltBody>();
  const pick = (key: string | undefined, method: string, full: boolean): BuiltBody => {
    const operation = key === undefined ? undefined : dig(resolved(document, paths[key]), [method]);
    if (operation === undefined) return { problem: `the document has no ${method.toUpperCase()} operation for it` };
    const body = resolved(document, dig(operation, ['requestBody']));
    const content = resolved(document, dig(body, ['content']));
    if (!isPlainObject(content)) return { problem: `the document's ${method.toUpperCase()} ${key} takes no JSON body` };
    // Plain application/json first: an operation may also take json-patch (an array) or list a problem type.
    const types = Object.keys(content).filter(isJsonType);
    const ordered = [...types.filter((type) => /^application\/json\s*(;|$)/i.test(type)), ...types];
    const example = ordered.map((type) => exampleOf(document, resolved(document, content[type]))).find((found) => found !== undefined);
    if (example !== undefined) return { body: example, from: 'example' };
    const media = ordered[0] === undefined ? undefined : resolved(document, content[ordered[0]]);
    return bodyFromSchema(document, dig(media, ['schema']), `${method.toUpperCase()} ${key}`, full);
  };
  // Built once per operation: the same body each time (run-unique values are added by the caller).
  const bodyOf = (path: string, kind: 'create' | 'update'): BuiltBody => {
    const id = `${kind} ${withoutSlash(path)}`;
    const known = built.get(id);
    if (known !== undefined) return known;
    const made =
      kind === 'create'
        ? pick(
            keyOf(path, (key, candidate) => key === candidate),
            'post',
            false,
          )
        : // The id parameter may have any name: `/api/v1/tools/{id}` or `/api/v1/tools/{toolId}`.
          pick(
            keyOf(path, (key, candidate) => key.startsWith(`${candidate}/{`) && /^\{[^/}]+\}$/.test(key.slice(candidate.length + 1))),
            'patch',
            true,
          );
    built.set(id, made);
    return made;
  };
  return {
    create: (path) => bodyOf(path, 'create').body,
    update: (path) => bodyOf(path, 'update').body,
    source: (path, kind) => bodyOf(path, kind).from,
    whyNone: (path, kind) => bodyOf(path, kind).problem,
    references: (path) => bodyOf(path, 'create').references ?? [],
    createStatuses: (path) => {
      const key = keyOf(path, (candidate, wanted) => candidate === wanted);
      const responses =
        key === undefined
          ? undefined
          : resolved(document, dig(resolved(document, dig(resolved(document, paths[key]), ['post'])), ['responses']));
      if (!isPlainObject(responses)) return [];
      return Object.keys(responses)
        .filter((status) => /^2\d\d$/.test(status))
        .map(Number);
    },
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
  const [method, path = ''] = operation.split(' ');
  const collection = path.replace(/\/\{[^}]*\}$/, '');
  const why = examples.problem ?? examples.whyNone?.(collection, method === 'PATCH' ? 'update' : 'create');
  return `no request body for ${operation}: none given by --examples, and ${why ?? "the target's OpenAPI document shows none"}`;
}

export function noExamples(problem: string): Examples {
  return { problem, create: () => undefined, update: () => undefined, source: () => undefined, listParams: () => [] };
}
