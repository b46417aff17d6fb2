/**
 * The body size limit (413). A body with a Content-Length is judged by that
 * header alone: HTTP framing guarantees the body is no longer, and reading
 * `c.req.raw.body` (as Hono's bodyLimit does) makes the Node adapter build a
 * full Request object, which halves the throughput of creates and updates.
 * Only bodies without a length (chunked) are counted as they stream in.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, BodyBytes } from './app-env.js';
import { tooLargeDetail } from './body-limits.js';
import { problemResponse } from './problem.js';

/** `bodyBytes`: the runtime's way to a body it holds whole, handed to the body reader of a body judged by its length. */
export function sizeLimit(maxSize: number, bodyBytes?: BodyBytes): MiddlewareHandler<AppEnv> {
  const tooLarge = tooLargeDetail(maxSize);
  // A chunked body refused halfway is left unread, and Node then ends the connection: the answer says so,
  // or a client would send its next request on a connection about to close ("other side closed").
  const streamed = bodyLimit({
    maxSize,
    onError: (c) => problemResponse(c, 'payload-too-large', tooLarge, undefined, { connection: 'close' }),
  });
  return function limitBodySize(c, next) {
    const length = c.req.header('content-length');
    if (length === undefined) return streamed(c, next);
    if (Number(length) > maxSize) return Promise.resolve(problemResponse(c, 'payload-too-large', tooLarge));
    if (bodyBytes) c.set('bodyBytes', bodyBytes);
    return next();
  };
}
