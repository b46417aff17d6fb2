/**
 * The request log as the Hono app's outermost layer: one line per answered request, for the terminal the mock runs
 * in (`npm start` prints it; `--quiet` leaves this layer off the app altogether). The line itself is made by
 * src/http/request-logger.ts, which a server answering without Hono uses alike.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';
import { type RequestLogger, type RequestLogOptions, requestLoggerOf } from './request-logger.js';

export type { RequestLogEntry, RequestLogger, RequestLogOptions } from './request-logger.js';
export { createRequestLogger } from './request-logger.js';

/** The middleware; `logger` may be one the server shares with its other ways of answering (their lines then interleave in order). */
export function requestLog(options: RequestLogOptions | RequestLogger): MiddlewareHandler<AppEnv> {
  const logger = requestLoggerOf(options);
  return async function logRequest(c, next) {
    if (!logger.enabled(c.req.path)) return next();
    const started = performance.now();
    await next();
    const ms = performance.now() - started;
    const { status } = c.res;
    logger.line({
      method: c.req.method,
      // As sent: the URL, not Hono's path, which is percent-decoded.
      sentPath: c.req.url,
      status,
      ms,
      org: c.get('org'),
      problemTitle: status >= 400 && status < 500 ? c.get('problemTitle') : undefined,
    });
  };
}
