/**
 * Records every API request in the world's journal after it is answered.
 * The body is taken only if the app already read it (creates and updates),
 * so recording adds no parsing to the hot path and never reads an oversized
 * body. Only a body that passed the reader's checks (an object, not too deep)
 * is kept as JSON; anything else is kept as a short text, so the journal can
 * always be served and stays small.
 */
import type { MiddlewareHandler } from 'hono';
import type { Journal } from '../control/journal.js';
import type { AppEnv } from './auth.js';

export function journalRecorder(journal: Journal, now: () => Date): MiddlewareHandler<AppEnv> {
  return async function recordRequest(c, next) {
    const started = performance.now();
    await next();
    const { url } = c.req;
    const queryAt = url.indexOf('?');
    journal.record({
      time: now().toISOString(),
      method: c.req.method,
      path: c.req.path,
      // Sliced, not parsed: a URL object per request costs more than the rest of the recording.
      query: queryAt === -1 ? '' : url.slice(queryAt),
      orgId: c.get('org')?.id ?? null,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      body: keptBody(c.get('body'), c.get('rawBody')),
    });
  };
}

const KEPT_JSON_CHARS = 64 * 1024;
const KEPT_TEXT_CHARS = 4096;

function keptBody(checked: unknown, text: string | undefined): unknown {
  if (text === undefined) return null;
  if (checked !== undefined && text.length <= KEPT_JSON_CHARS) return checked;
  return text.length <= KEPT_TEXT_CHARS ? text : `${text.slice(0, KEPT_TEXT_CHARS)}… (${text.length} characters)`;
}
