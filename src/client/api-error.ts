/**
 * The error the API client throws when an answer cannot be used: a status
 * outside 2xx, or a 2xx without the JSON body the call needs.
 */
import type { ProblemBody } from '../http/problem.js';

/**
 * RFC 9457 problem details as any server may send them: every member is
 * optional there. The mock's own always have `type`, `title`, `status` and
 * `detail`, and `errors` for validation.
 */
export type ProblemDetails = Partial<ProblemBody> & Record<string, unknown>;

/** An answer the client cannot use: its status, and its body (a problem+json document when the server sends one). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly method: string;
  readonly url: string;
  /** The RFC 9457 problem details, when the body is one; otherwise undefined. */
  readonly problem: ProblemDetails | undefined;
  /** The parsed JSON body (or the text, when it is not JSON; undefined when empty). */
  readonly body: unknown;

  /** `unusable`: why a 2xx answer cannot be used; left out for a status outside 2xx. */
  constructor(init: { status: number; method: string; url: string; body: unknown; unusable?: string }) {
    const problem = init.unusable === undefined ? asProblem(init.body) : undefined;
    const what = init.unusable ?? (problem ? summary(problem) : 'no problem details in the body');
    super(`${init.method} ${init.url} answered ${init.status} (${what})`);
    this.status = init.status;
    this.method = init.method;
    this.url = init.url;
    this.body = init.body;
    this.problem = problem;
  }
}

// RFC 9457's members and their types; a body is taken for problem details when it has at least one, each of its type.
const problemMembers = { type: 'string', title: 'string', status: 'number', detail: 'string', instance: 'string' } as const;

// The spec does not show an error shape, so anything else is kept as the raw body only.
function asProblem(body: unknown): ProblemDetails | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const fields = body as Record<string, unknown>;
  let found = 0;
  for (const [member, type] of Object.entries(problemMembers)) {
    if (fields[member] === undefined) continue;
    if (typeof fields[member] !== type) return undefined;
    found += 1;
  }
  return found > 0 ? (fields as ProblemDetails) : undefined;
}

function summary(problem: ProblemDetails): string {
  const words = [problem.title, problem.detail].filter((part) => typeof part === 'string' && part !== '');
  return words.length > 0 ? words.join(': ') : `problem details${problem.type ? ` of type ${problem.type}` : ''}`;
}
