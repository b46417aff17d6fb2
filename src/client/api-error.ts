/** The error the API client throws when the API answers with a status outside 2xx. */
import type { ProblemBody } from '../http/problem.js';

/** A non-2xx answer: its status, and its body (a problem+json document when the server sends one). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** The RFC 9457 problem details, when the body is one; otherwise undefined. */
  readonly problem: ProblemBody | undefined;
  /** The parsed JSON body (or the text, when it is not JSON; undefined when empty). */
  readonly body: unknown;

  constructor(init: { status: number; method: string; url: string; body: unknown }) {
    const problem = asProblem(init.body);
    const what = problem ? `${problem.title}: ${problem.detail}` : 'no problem details in the body';
    super(`${init.method} ${init.url} answered ${init.status} (${what})`);
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
    this.problem = problem;
  }
}

// The spec does not show an error shape, so anything else is kept as the raw body only.
function asProblem(body: unknown): ProblemBody | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { title, status, detail } = body as Record<string, unknown>;
  const looksLikeProblem = typeof title === 'string' && typeof status === 'number' && typeof detail === 'string';
  return looksLikeProblem ? (body as ProblemBody) : undefined;
}
