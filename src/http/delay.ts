/**
 * `--delay`: every `/api/v1` answer waits a while, as a real service over a
 * network would (json-server's `--delay`, Mockoon's global latency): a fixed
 * number of milliseconds, or one drawn uniformly from a range for each
 * request. A request's own `Prefer: delay=` wins over it (src/http/prefer.ts).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env.js';

export interface ResponseDelay {
  minMs: number;
  maxMs: number;
}

export const MAX_DELAY_MS = 60_000;

/** `MS` or `MIN-MAX` (whole milliseconds, up to MAX_DELAY_MS), or why it is not one. */
export function parseDelay(text: string): ResponseDelay | string {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  const minMs = Number(match?.[1]);
  const maxMs = match?.[2] === undefined ? minMs : Number(match[2]);
  if (!match || maxMs > MAX_DELAY_MS || minMs > maxMs)
    return `must be whole milliseconds, MS or MIN-MAX with MIN <= MAX, up to ${MAX_DELAY_MS} (got "${text}")`;
  return { minMs, maxMs };
}

export function checkedDelay(delay: ResponseDelay): ResponseDelay {
  const { minMs, maxMs } = delay;
  if (!Number.isSafeInteger(minMs) || !Number.isSafeInteger(maxMs) || minMs < 0 || minMs > maxMs || maxMs > MAX_DELAY_MS)
    throw new RangeError(`delay must be whole milliseconds with 0 <= minMs <= maxMs <= ${MAX_DELAY_MS}; got ${minMs}-${maxMs}.`);
  return delay;
}

/** A request that names its own delay (`Prefer: delay=N`) waits that instead. */
const ownDelay = /(?:^|,)\s*delay\s*=/i;

export function delayAnswers({ minMs, maxMs }: ResponseDelay): MiddlewareHandler<AppEnv> {
  return async function delayAnswer(c, next) {
    if (!ownDelay.test(c.req.header('prefer') ?? '')) {
      const ms = minMs + Math.floor(Math.random() * (maxMs - minMs + 1));
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    }
    await next();
  };
}
