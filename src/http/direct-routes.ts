/**
 * The API's resource routes (list, get, create, update, delete) for the
 * plain request, answered without the framework: on Node, Hono's adapter
 * builds a web Request and Response around every request, which costs a
 * write more than the mock's own work does (docs/BENCHMARKS.md, "Where a
 * write's time goes").
 *
 * `route` takes a request only when nothing in it needs a layer this path
 * does not have, and leaves every other to the app (which answers it as it
 * answers all): a path of a resource and an id of plain characters, no
 * query, a method the route has, no Origin (CORS), no Prefer, no duplicated
 * header, a Host the adapter reads as it is, a body with a Content-Length
 * no larger than the body limit and LARGE_BODY_CHARS, no http fault set and
 * no configured delay. Declining is always safe: the app is the reference.
 *
 * Each step is the app's own function, in the app's order and at the
 * app's moment: the bearer token when the headers come (auth.ts; `route`
 * reads it), the body's checks (json-body.ts), the organization
 * still being the one the request began with (same-organization.ts), the
 * route's work (resource-answers.ts), errors as problems (problem.ts), the
 * write's commit (`afterWrite`), then the journal. test/direct-lane.test.ts
 * sends the same requests both ways and compares the answers and journals.
 */

import type { Resource } from '../domain/resource.js';
import { resources } from '../domain/resources/index.js';
import { MAX_RECORD_DEPTH, parseUntrustedJson } from '../domain/untrusted-json.js';
import type { MockState } from '../state/mock-state.js';
import type { Organization } from '../state/organizations/registry.js';
import { type BearerRefusal, bearerOrganization, challenge, isRefusal } from './auth.js';
import { type BodyFields, parsedBodyFields, unparsedBodyRefusal } from './json-body.js';
import { LARGE_BODY_CHARS } from './large-bodies.js';
import { type FoundProblems, type ProblemKind, problemAnswer, problemOfError, UNEXPECTED_FAILURE_DETAIL } from './problem.js';
import { type ResourceAnswers, resourceAnswers } from './resource-answers.js';
import { organizationChange } from './same-organization.js';

/** A request as this path reads it: its method, its target as sent, and its headers by lower-case name. */
export interface PlainRequest {
  method: string;
  url: string;
  header(name: string): string | undefined;
}

/** A request this path takes: the route and, for a create or update, that it reads a body. */
export interface DirectRoute {
  def: Resource;
  answers: ResourceAnswers;
  operation: 'list' | 'get' | 'create' | 'update' | 'remove';
  /** The path as sent (here also as decoded: it holds no escapes). */
  path: string;
  id: string;
  /** The organization the token named when the headers came, as the app's authentication reads it then, or why it named none. */
  caller: Organization | BearerRefusal;
  /** A create or update by a known caller: its answer waits for the body (a refused one is answered at once, as the app does). */
  needsBody: boolean;
}

/** A body as it came: its text, and whether its bytes were UTF-8 (the text then has replacement characters, for the journal). */
export interface BodyText {
  text: string;
  utf8: boolean;
}

/** The answer, and what the request log reads of it. */
export interface DirectAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  org: Organization | undefined;
  /** The problem's title, for an answer in the problem shape. */
  problemTitle: string | undefined;
}

export interface DirectRoutesOptions {
  /** The app's `afterWrite`: a write's answer waits for it, and a throw is answered as the app would. */
  afterWrite?: () => unknown;
  /** The body limit of the API (AppOptions.bodyLimitBytes). */
  bodyLimitBytes: number;
}

export interface DirectRoutes {
  /**
   * The route of a request this path answers, or undefined: the app answers it. Reads only the request line and
   * headers, and is called when they come: the caller is judged then, as the app judges it.
   */
  route(request: PlainRequest): DirectRoute | undefined;
  /** The answer to a request `route` took, with its body's text for a create or update; journaled as the app journals. */
  answer(route: DirectRoute, request: PlainRequest, body: BodyText | undefined, startedMs: number): DirectAnswer | Promise<DirectAnswer>;
}

const TARGET = /^\/api\/v1\/([a-z][a-z-]*)(?:\/([A-Za-z0-9_-]+))?$/;
/** The Hosts @hono/node-server takes as they are; it checks a name with another port through a URL, as `plainHost` does. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;
const NAME_AND_PORT = /^([a-z0-9._-]+):\d{1,5}$/;

/** Whether the app's adapter would take this Host (any other, upper case or IPv6 say, goes to the app, which answers it). */
function plainHost(host: string): boolean {
  if (PLAIN_HOST.test(host)) return true;
  const name = NAME_AND_PORT.exec(host)?.[1];
  if (name === undefined || !URL.canParse(`http://${host}/`)) return false;
  return new URL(`http://${host}/`).hostname === name;
}
const PLAIN_LENGTH = /^\d{1,9}$/;
const JSON_TYPE = { 'content-type': 'application/json' };
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function operationOf(method: string, id: string | undefined): DirectRoute['operation'] | undefined {
  if (id === undefined) return method === 'GET' ? 'list' : method === 'POST' ? 'create' : undefined;
  return method === 'GET' ? 'get' : method === 'PATCH' ? 'update' : method === 'DELETE' ? 'remove' : undefined;
}

/** The direct routes of the mock state's resources; the server leaves them out where the app has a layer for every request (a configured delay). */
export function directRoutes(mockState: MockState, options: DirectRoutesOptions): DirectRoutes {
  // The resources the app routes, as it routed them when it was made (one registered later is a 404 there too).
  const byPath = new Map(resources.map((def) => [def.path, { def, answers: resourceAnswers(def, mockState) }]));
  const largestBody = Math.min(options.bodyLimitBytes, LARGE_BODY_CHARS);
  const { organizations, journal, faults } = mockState;
  // Clients send the same Host on every request: the last one judged is kept.
  let lastHost = '';
  let lastHostPlain = false;

  function route(request: PlainRequest): DirectRoute | undefined {
    const match = TARGET.exec(request.url);
    const served = match && byPath.get(match[1] as string);
    if (!served) return undefined;
    const { method } = request;
    const id = match[2];
    const operation = operationOf(method, id);
    if (!operation) return undefined;
    const host = request.header('host');
    if (host === undefined) return undefined;
    if (host !== lastHost) {
      lastHost = host;
      lastHostPlain = plainHost(host);
    }
    if (!lastHostPlain) return undefined;
    if (request.header('origin') !== undefined || request.header('prefer') !== undefined) return undefined;
    if (faults.has('http')) return undefined;
    const readsBody = operation === 'create' || operation === 'update';
    if (readsBody) {
      const length = request.header('content-length');
      if (length === undefined || !PLAIN_LENGTH.test(length) || Number(length) > largestBody) return undefined;
      if (request.header('transfer-encoding') !== undefined) return undefined;
    }
    // Now, not once the body is in: a reset or removal of the organization while it arrives is then seen as the
    // app sees it (same-organization.ts), not as a token of another organization or of none.
    const caller = bearerOrganization(organizations, request.header('authorization'));
    const needsBody = readsBody && !isRefusal(caller);
    return { def: served.def, answers: served.answers, operation, path: request.url, id: id ?? '', caller, needsBody };
  }

  /** Journals the answer as the app's recorder does, after the write's commit (which may turn it into a 500). */
  function journaled(request: PlainRequest, route: DirectRoute, done: Answered, startedMs: number): DirectAnswer {
    if (journal.limit > 0) {
      journal.record({
        timeMs: mockState.now().getTime(),
        method: request.method,
        path: route.path,
        query: '',
        orgId: done.answer.org?.id ?? null,
        status: done.answer.status,
        durationMs: Math.round((performance.now() - startedMs) * 100) / 100,
        bodyText: done.bodyText,
        bodyChecked: done.bodyChecked,
      });
    }
    return done.answer;
  }

  // Synchronous unless a write waits for its commit: a promise per request is most of what a read would add.
  function answer(
    route: DirectRoute,
    request: PlainRequest,
    body: BodyText | undefined,
    startedMs: number,
  ): DirectAnswer | Promise<DirectAnswer> {
    const done = answerOf(route, request, body);
    const { afterWrite } = options;
    if (!done.wrote || !afterWrite) return journaled(request, route, done, startedMs);
    return (async () => {
      try {
        await afterWrite();
      } catch (error) {
        done.answer = problemOfThrown(done.answer.org, error);
      }
      return journaled(request, route, done, startedMs);
    })();
  }

  function answerOf(route: DirectRoute, request: PlainRequest, body: BodyText | undefined): Answered {
    const done: Answered = { answer: NO_ANSWER, bodyText: undefined, bodyChecked: false, wrote: false };
    const found = route.caller;
    if (isRefusal(found)) {
      done.answer = problem(undefined, 'unauthorized', found.detail, undefined, challenge(found.error));
      return done;
    }
    const org = found;
    let fields: BodyFields = {};
    if (route.needsBody) {
      const { text, utf8 } = body ?? { text: '', utf8: true };
      done.bodyText = text;
      const refusal = unparsedBodyRefusal(request.header('content-type'), text, utf8);
      if (refusal) {
        done.answer = problem(org, refusal.kind, refusal.detail);
        return done;
      }
      const read = parsedBodyFields(parseUntrustedJson(text, MAX_RECORD_DEPTH), route.def);
      if (!read.ok) {
        done.answer = problem(org, read.kind, read.detail);
        return done;
      }
      done.bodyChecked = true;
      fields = read.fields;
    }
    const change = organizationChange(organizations, org);
    if (change) {
      done.answer = problem(org, change.kind, change.detail, undefined, change.headers);
      return done;
    }
    try {
      const { answers, id } = route;
      const { status, json } =
        route.operation === 'list'
          ? answers.list(org)
          : route.operation === 'get'
            ? answers.get(org, id)
            : route.operation === 'create'
              ? answers.create(org, fields)
              : route.operation === 'update'
                ? answers.update(org, id, fields)
                : answers.remove(org, id);
      done.answer = { status, headers: JSON_TYPE, body: json, org, problemTitle: undefined };
      done.wrote = !READS.has(request.method);
    } catch (error) {
      done.answer = problemOfThrown(org, error);
    }
    return done;
  }

  return { route, answer };
}

/** An answer on its way: what the journal needs of it besides, and whether it changed the state (its commit is awaited). */
interface Answered {
  answer: DirectAnswer;
  bodyText: string | undefined;
  bodyChecked: boolean;
  wrote: boolean;
}

const NO_ANSWER: DirectAnswer = { status: 500, headers: {}, body: '', org: undefined, problemTitle: undefined };

/** What the app's error handler answers to an error a route or a commit threw. */
function problemOfThrown(org: Organization | undefined, error: unknown): DirectAnswer {
  const known = problemOfError(error);
  if (known) return problem(org, known.kind, known.detail, known.found);
  console.error('voice-config-mock: unexpected failure', error);
  return problem(org, 'internal', UNEXPECTED_FAILURE_DETAIL);
}

function problem(
  org: Organization | undefined,
  kind: ProblemKind,
  detail: string,
  found?: FoundProblems,
  headers?: Record<string, string>,
): DirectAnswer {
  const answer = problemAnswer(kind, detail, found, headers);
  return { status: answer.status, headers: answer.headers, body: answer.text, org, problemTitle: answer.title };
}
