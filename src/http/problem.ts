/**
 * Every error the mock answers has one shape: RFC 9457 problem details
 * (`application/problem+json`), rendered from the one table below. The
 * titles of 403 and 404 are the names the spec gives those errors.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DomainError } from '../domain/errors.js';
import { MAX_LISTED_PROBLEMS, shortText } from '../domain/problem-list.js';
import type { Problem } from '../domain/resource.js';
import { TelephonyFailure } from '../domain/telephony.js';

export const problemKinds = {
  validation: { status: 400, title: 'Validation Error' },
  'malformed-json': { status: 400, title: 'Malformed JSON' },
  // The client closed the connection mid-body: nobody reads this answer, but the journal shows what happened.
  'body-incomplete': { status: 400, title: 'Incomplete Body' },
  unauthorized: { status: 401, title: 'Unauthorized' },
  forbidden: { status: 403, title: 'Forbidden Error' },
  'not-found': { status: 404, title: 'Not Found Error' },
  'method-not-allowed': { status: 405, title: 'Method Not Allowed' },
  conflict: { status: 409, title: 'Conflict' },
  // 409, not 5xx or 429: the state of the organization refuses the create, and deleting records resolves it.
  'record-limit': { status: 409, title: 'Record Limit Reached' },
  'payload-too-large': { status: 413, title: 'Payload Too Large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported Media Type' },
  // Refused by Node's HTTP parser before the app sees the request (src/server/node-client-errors.ts).
  'bad-request': { status: 400, title: 'Bad Request' },
  'request-timeout': { status: 408, title: 'Request Timeout' },
  'expectation-failed': { status: 417, title: 'Expectation Failed' },
  'headers-too-large': { status: 431, title: 'Request Header Fields Too Large' },
  internal: { status: 500, title: 'Internal Server Error' },
  // Too many large bodies at once (src/server/body-budget.ts): the request was not read; Retry-After says when to send it again.
  unavailable: { status: 503, title: 'Service Unavailable' },
  // The fake telephony provider failed (an injected fault): the operation as a whole did not happen.
  'telephony-failed': { status: 502, title: 'Telephony Provider Error' },
} as const;

/** What a write answers (500) when the state file could not take it: the change was made in memory only. */
export const unsavedDetail = (reason: string): string =>
  `The change was made, but could not be saved: ${reason}. It is lost when the mock stops unless a later save succeeds.`;

/** Thrown by a runtime's `afterWrite` when the change it was to keep could not be kept (the state file refused it). */
export class UnsavedChange extends Error {
  constructor(reason: string) {
    super(unsavedDetail(reason));
    this.name = 'UnsavedChange';
  }
}

/** The problem an error thrown by a route stands for, or undefined for one no route throws on purpose (a bug: 500). */
export function problemOfError(error: unknown): { kind: ProblemKind; detail: string; found?: FoundProblems } | undefined {
  if (error instanceof DomainError) return { kind: error.kind, detail: error.message, found: error };
  if (error instanceof TelephonyFailure) return { kind: 'telephony-failed', detail: error.message };
  if (error instanceof UnsavedChange) return { kind: 'internal', detail: error.message };
  return undefined;
}

/** The answer to an error no route throws on purpose. */
export const UNEXPECTED_FAILURE_DETAIL =
  'The mock failed unexpectedly while handling this request; this is a bug in the mock, please report it.';

/** An answer forced by an injected fault: the status the fault names, in the one problem shape. */
export function injectedProblem(c: Context, status: number, faultId: string): Response {
  const body: ProblemBody = {
    type: 'urn:voice-config-mock:problem:injected-fault',
    title: 'Injected Fault',
    status,
    detail: `Fault ${faultId}, set through the control API (/__mock/faults), answers ${status} here; DELETE /__mock/faults/${faultId} removes it.`,
  };
  c.set('problemTitle', body.title);
  return c.body(JSON.stringify(body), status as 400, { 'content-type': 'application/problem+json' });
}

export type ProblemKind = keyof typeof problemKinds;

export const problemSchema = z
  .object({
    // No examples on these fields: each response shows examples of its own status and title (src/http/openapi-examples.ts).
    type: z.string().openapi({ description: 'Stable identifier of the kind of error.' }),
    title: z.string().openapi({ description: 'The name of the status, such as Validation Error or Forbidden Error.' }),
    status: z.int().openapi({ description: 'The HTTP status of the answer.' }),
    detail: z.string().openapi({ description: 'What went wrong and how to fix it.' }),
    errors: z
      .array(
        z.object({
          pointer: z.string().openapi({ description: 'JSON Pointer to the offending part of the body.' }),
          message: z.string(),
        }),
      )
      .optional()
      .openapi({ description: `The problems found in the request body (validation errors), at most ${MAX_LISTED_PROBLEMS}.` }),
    moreErrors: z
      .int()
      .min(1)
      .optional()
      .openapi({
        description: `How many problems were found beyond those listed in \`errors\` (which lists at most ${MAX_LISTED_PROBLEMS}); absent when all are listed.`,
      }),
    checkStopped: z.literal(true).optional().openapi({
      description:
        'The check stopped early once it had found enough problems to list, so the body may hold more than `errors` and `moreErrors` count; absent when the whole body was checked.',
    }),
  })
  .openapi('Problem');

export type ProblemBody = z.infer<typeof problemSchema>;

/** Problems as a bounded check found them: the listed ones, how many more, whether it stopped early (a DomainError is one). */
export type FoundProblems = Problem[] | { problems: Problem[]; more: number; stopped: boolean };

/** Below 64 KiB with room for the headers: no answer the mock builds from a body grows with that body. */
export const MAX_PROBLEM_BYTES = 60 * 1024;
const MAX_DETAIL_CHARS = 2_000;
const MAX_ERROR_CHARS = 500;
const utf8 = new TextEncoder();

export function problemBody(kind: ProblemKind, detail: string, found?: FoundProblems): ProblemBody {
  const { status, title } = problemKinds[kind];
  const body: ProblemBody = { type: `urn:voice-config-mock:problem:${kind}`, title, status, detail: shortText(detail, MAX_DETAIL_CHARS) };
  const { problems = [], more = 0, stopped = false } = Array.isArray(found) ? { problems: found } : (found ?? {});
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS);
  if (listed.length > 0) {
    body.errors = listed.map(({ path, message }) => ({
      pointer: shortText(toPointer(path), MAX_ERROR_CHARS),
      message: shortText(message, MAX_ERROR_CHARS),
    }));
  }
  const unlisted = more + problems.length - listed.length;
  if (unlisted > 0) body.moreErrors = unlisted;
  if (stopped) body.checkStopped = true;
  return withinBytes(body);
}

/** The last resort of the bound: escaped characters take up to six bytes each, so errors that still do not fit go into the count. */
function withinBytes(body: ProblemBody): ProblemBody {
  const errors = body.errors;
  while (errors?.length && utf8.encode(JSON.stringify(body)).length > MAX_PROBLEM_BYTES) {
    const drop = Math.max(1, Math.ceil(errors.length / 4));
    errors.splice(errors.length - drop, drop);
    body.moreErrors = (body.moreErrors ?? 0) + drop;
  }
  return body;
}

/** A problem answer as any runtime sends it: status, headers, body text, and the title the request log shows. */
export function problemAnswer(
  kind: ProblemKind,
  detail: string,
  problems?: FoundProblems,
  headers?: Record<string, string>,
): { status: number; headers: Record<string, string>; text: string; title: string } {
  const body = problemBody(kind, detail, problems);
  return {
    status: body.status,
    headers: { 'content-type': 'application/problem+json', ...headers },
    text: JSON.stringify(body),
    title: body.title,
  };
}

export function problemResponse(
  c: Context,
  kind: ProblemKind,
  detail: string,
  problems?: FoundProblems,
  headers?: Record<string, string>,
): Response {
  const answer = problemAnswer(kind, detail, problems, headers);
  c.set('problemTitle', answer.title);
  return c.body(answer.text, answer.status as 400, answer.headers);
}

/** RFC 6901: `~` and `/` inside a key are escaped. */
export function toPointer(path: readonly PropertyKey[]): string {
  return path.map((key) => `/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

/** 405 for a method a path does not take, naming the ones it does (in the message and in `Allow`). */
export function methodNotAllowed(c: Context, allow: string): Response {
  return problemResponse(c, 'method-not-allowed', `${c.req.method} is not supported on ${c.req.path}; use ${allow}.`, undefined, { allow });
}
