/**
 * Records every API request in the world's journal after it is answered.
 * The body is taken only if the app already read it (creates and updates),
 * so recording adds no parsing to the hot path and never reads an oversized body.
 */
import type { MiddlewareHandler } from 'hono';
import type { Journal } from '../control/journal.js';
import type { AppEnv } from './auth.js';

export function journalRecorder(journal: Journal, now: () => Date): MiddlewareHandler<AppEnv> {
  return async function recordRequest(c, next) {
    const started = performance.now();
    await next();
    const url = new URL(c.req.url);
    journal.record({
      time: now().toISOString(),
      method: c.req.method,
      path: url.pathname,
      query: url.search,
      orgId: c.get('org')?.id ?? null,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      body: await readBody(c.req.bodyCache.text),
    });
  };
}

/** Hono keeps the promise of the text it read (typed loosely); awaiting covers both. */
async function readBody(cached: unknown): Promise<unknown> {
  if (cached === undefined) return null;
  const text = String(await cached);
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 4096);
  }
}
