/**
 * Records every API request in the mock state's journal after it is answered.
 * The body is taken only if the app already read it (creates and updates),
 * so recording adds no parsing to the hot path and never reads an oversized
 * body; whether it passed the reader's checks decides whether the journal
 * serves it as JSON or as text.
 */
import type { MiddlewareHandler } from 'hono';
import type { Journal } from '../state/journal/journal.js';
import type { AppEnv } from './app-env.js';

export function journalRecorder(journal: Journal, now: () => Date): MiddlewareHandler<AppEnv> {
  return async function recordRequest(c, next) {
    const started = performance.now();
    await next();
    const { url } = c.req;
    const queryAt = url.indexOf('?');
    journal.record({
      timeMs: now().getTime(),
      method: c.req.method,
      path: c.req.path,
      // Sliced, not parsed: a URL object per request costs more than the rest of the recording.
      query: queryAt === -1 ? '' : url.slice(queryAt),
      orgId: c.get('org')?.id ?? null,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      bodyText: c.get('rawBody'),
      bodyChecked: c.get('bodyChecked') === true,
    });
  };
}
