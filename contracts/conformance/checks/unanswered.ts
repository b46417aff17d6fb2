/**
 * Answers that show nothing either way (a 5xx, a "not now", no answer, one the kit cannot read), on which no check
 * is decided; and a target that stops answering: which failed requests count, and how a probe not tried for it ends.
 */
import {
  answeredUnread,
  DEFAULT_TIMEOUT_MS,
  isRefusal,
  REDIRECT_NOT_FOLLOWED,
  type Reply,
  TIMEOUT,
  TOO_LARGE,
  TransportError,
} from '../target/http.js';
import { UnaddressableId } from '../target/record-path.js';
import type { Exchange, Target } from '../types.js';

/** A write sent for its effect to be read back (`ProbeRun.attempt`). */
export interface Attempt {
  /** Undefined when no answer came, or none the kit reads. */
  reply: Reply | undefined;
  /** Why the answer shows nothing either way (a 5xx, a 429, no answer); undefined for an answer that does. */
  nothing?: string;
  /** `performance.now()` when it was answered (or given up on): the settle time counts from then. */
  answeredAt: number;
  /** How long its read-back keeps reading before it concludes the write changed nothing (`ProbeRun.attempt`). */
  settleMs: number;
}

/**
 * Whether an answer shows nothing either way: a 5xx (the server failed to answer the question) or a 4xx that says
 * only "not now" (429, 408, 425), as left after the throttle retries of target/http.ts. No check is decided on one.
 */
export const showsNothing = (reply: { status: number }): boolean =>
  reply.status >= 500 || (reply.status >= 400 && !isRefusal(reply.status));

/**
 * Thrown by `ProbeRun.send` for an answer that shows nothing either way (`showsNothing`): the checks that depended
 * on it are not judged, with this message as the reason (in `ProbeRun.finish`, or `ProbeRun.judging` for a part).
 */
export class NothingShown extends Error {
  constructor(
    readonly reply: Reply,
    readonly exchange: Exchange,
  ) {
    super(
      `${exchange.sent.method} ${exchange.sent.path} answered ${reply.status}, which shows nothing either way (${reply.status >= 500 ? 'the server failed' : '"not now"'})`,
    );
  }
}

/** Why the checks a probe had not decided when `error` ended it are not judged. */
export function whyNotJudged(error: unknown): string {
  if (error instanceof StoppedAnswering || error instanceof NothingShown || error instanceof UnaddressableId) return error.message;
  if (error instanceof TransportError && error.code === TOO_LARGE)
    return `the answer to ${error.exchange.sent.method} ${error.exchange.sent.path} was not read: ${error.message}`;
  if (error instanceof TransportError && error.code === REDIRECT_NOT_FOLLOWED)
    return `${error.exchange.sent.method} ${error.exchange.sent.path} ${error.message}`;
  if (error instanceof TransportError) return `no answer to ${error.exchange.sent.method} ${error.exchange.sent.path}: ${error.message}`;
  // Anything else is the kit's own failure, not evidence about the target: the check is not judged, and says so.
  if (error !== undefined)
    return `the kit failed while judging this (an error of the kit, not of the target; please report it): ${error instanceof Error ? error.message : String(error)}`;
  return 'not reached: an earlier step did not give what this check needs';
}

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

/**
 * How long a read-back after a write answered `reply` keeps reading before it concludes that the write changed
 * nothing: `settleMs` (--settle-ms) after a write that was accepted (a 2xx: it may be carried out later) or answered
 * nothing that shows either way (a 5xx, a 429, no answer: `reply` undefined), and after a refusal too once the
 * target has shown that it carries writes out later (`defersWrites`: a write answered 202, or one that showed only
 * on a later reading); a refusal by a target whose writes all showed at once is read back once.
 */
export function settleBudget(reply: { status: number } | undefined, defersWrites: boolean, settleMs: number): number {
  const refusedAtOnce = reply !== undefined && isRefusal(reply.status) && !defersWrites;
  return refusedAtOnce ? 0 : settleMs;
}
