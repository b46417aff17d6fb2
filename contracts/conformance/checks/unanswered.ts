/** A target that stops answering: which failed requests count, and how a probe not tried for it ends. */
import { answeredUnread, DEFAULT_TIMEOUT_MS, TIMEOUT, TransportError } from '../target/http.js';
import type { Exchange, Target } from '../types.js';

/**
 * After this many requests in a row whose failures cost about their time
 * limit, the suite asks the schema list once: if it answers at all, the run
 * goes on (the target only hangs on some paths); if not, the probes left are
 * not tried (each would wait out its limit too) and their checks fail. A
 * request refused or reset at once costs no time and is not counted.
 */
export const UNANSWERED_LIMIT = 3;

/** A failed request that cost about its time limit: no answer within it, or a failure that came only late in it. */
export function costlyFailure(target: Target, error: unknown, elapsedMs: number): boolean {
  if (!(error instanceof TransportError) || answeredUnread(error)) return false;
  return error.code === TIMEOUT || elapsedMs >= (target.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 2;
}

/** Ends a probe that is not tried because the target had stopped answering; `exchange` is the schema-list request that showed it. */
export class StoppedAnswering extends Error {
  constructor(readonly exchange: Exchange) {
    super(
      `not tried: the target had stopped answering (${UNANSWERED_LIMIT} requests in a row went unanswered, then ${exchange.sent.method} ${exchange.sent.path} did too)`,
    );
  }
}
