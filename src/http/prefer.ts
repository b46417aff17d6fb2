/**
 * Error states on demand: `Prefer: code=<status>` (an RFC 7240 preference,
 * as Prism reads it) on an API request answers one of that operation's
 * documented errors, the first example the OpenAPI document shows for that
 * status, and runs nothing: the state is left as it was. A status the
 * operation does not document is a 400 naming the ones it does. The
 * document is the one source: what /openapi.json lists is what can be asked.
 * The example's id is replaced by the one requested, and `instance` names the
 * requested path, so the answer reads as one about this request.
 * `delay=<ms>` (at most MAX_PREFERRED_DELAY_MS) waits first, whatever the answer.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { EXAMPLE_ID } from './openapi-examples.js';
import { problemResponse } from './problem.js';

export const MAX_PREFERRED_DELAY_MS = 10_000;

type Json = Record<string, any>;

/** One operation of the document, as the preference needs it. */
interface Operation {
  method: string;
  path: string;
  pattern: RegExp;
  success: string[];
  /** Documented error statuses, each with the body of its first example. */
  errors: Map<string, unknown>;
}

/** What the Prefer parameter of an operation says: the statuses it can ask for (written into the document). */
export function preferDescription(errorStatuses: readonly string[]): string {
  return [
    `Ask for one of this operation's documented errors instead of the real answer: ${errorStatuses.map((status) => `\`code=${status}\``).join(', ')}.`,
    'The answer is the first example of that status shown below, and nothing is changed; any other status answers 400, listing these.',
    `\`delay=<ms>\` (up to ${MAX_PREFERRED_DELAY_MS}) waits that long before answering. Several preferences are separated by commas: \`code=404, delay=500\`.`,
  ].join(' ');
}

/** The operations of the document's API paths (not the control API's). */
function operationsOf(document: Json): Operation[] {
  return Object.entries<Json>(document.paths ?? {})
    .filter(([path]) => path.startsWith('/api/v1/'))
    .flatMap(([path, item]) =>
      Object.entries<Json>(item).map(([method, operation]) => {
        const statuses = Object.keys(operation.responses ?? {});
        const errors = new Map<string, unknown>();
        for (const status of statuses.filter((status) => Number(status) >= 400)) {
          const examples = operation.responses[status].content?.['application/problem+json']?.examples ?? {};
          const first = Object.values<Json>(examples)[0];
          if (first) errors.set(status, first.value);
        }
        const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
        return { method: method.toUpperCase(), path, pattern, success: statuses.filter((status) => Number(status) < 400), errors };
      }),
    );
}

/** The preferences of a Prefer header: `name=value` pairs separated by commas; parameters after `;` are ignored. */
function preferences(header: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of header.split(',')) {
    const [name = '', value = ''] = (part.split(';')[0] ?? '').split('=').map((text) => text.trim().replace(/^"(.*)"$/, '$1'));
    if (name) found.set(name.toLowerCase(), value);
  }
  return found;
}

/** The middleware of the API paths: a request without a Prefer header goes on at the cost of one header lookup. */
export function preferredAnswers(document: () => Json): MiddlewareHandler<AppEnv> {
  let operations: Operation[] | undefined;
  return function answerPreferred(c, next) {
    const header = c.req.header('prefer');
    if (header === undefined) return next();
    operations ??= operationsOf(document());
    const operation = operations.find((candidate) => candidate.method === c.req.method && candidate.pattern.test(c.req.path));
    // A path or method the API does not have answers as it would without the header (404, 405).
    if (!operation) return next();
    const asked = preferences(header);
    const delayText = asked.get('delay');
    const delayMs = delayText === undefined ? 0 : Number(delayText);
    if (delayText !== undefined && (!/^\d+$/.test(delayText) || delayMs > MAX_PREFERRED_DELAY_MS)) {
      return refuse(c, `Prefer: delay=${delayText} is not a whole number of milliseconds from 0 to ${MAX_PREFERRED_DELAY_MS}.`);
    }
    const code = asked.get('code');
    const documented = [...operation.errors.keys()];
    const named = `${operation.method} ${operation.path}`;
    if (code !== undefined && !operation.success.includes(code) && !operation.errors.has(code)) {
      return refuse(
        c,
        `Prefer: code=${code} asks for an answer ${named} does not document; its errors are ${documented.join(', ')} (and ${operation.success.join(', ')} on success, which is the real answer).`,
      );
    }
    const applied = [...(code !== undefined ? [`code=${code}`] : []), ...(delayText !== undefined ? [`delay=${delayMs}`] : [])];
    const answer = async (): Promise<Response | undefined> => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const example = code === undefined ? undefined : operation.errors.get(code);
      if (example !== undefined) {
        const { title } = example as { title?: unknown };
        if (typeof title === 'string') c.set('problemTitle', title);
        const requestedId = operation.path.endsWith('/{id}') ? c.req.path.slice(c.req.path.lastIndexOf('/') + 1) : undefined;
        const named = (_key: string, value: unknown) =>
          requestedId && typeof value === 'string' ? value.replaceAll(EXAMPLE_ID, requestedId) : value;
        const body = JSON.parse(JSON.stringify({ ...(example as Json), instance: c.req.path }), named);
        return c.body(JSON.stringify(body), Number(code) as 400, {
          'content-type': 'application/problem+json',
          'preference-applied': applied.join(', '),
        });
      }
      await next();
      // A success code is the real answer: applied only when the answer is that (an invalid create answers 400, not code=201).
      const kept = applied.filter((preference) => preference !== `code=${code}` || c.res.status === Number(code));
      if (kept.length > 0) c.res.headers.set('preference-applied', kept.join(', '));
      return undefined;
    };
    return answer();
  };
}

function refuse(c: Context, detail: string): Promise<Response> {
  return Promise.resolve(problemResponse(c, 'bad-request', detail));
}
