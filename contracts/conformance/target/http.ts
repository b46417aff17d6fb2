/**
 * Sending one request to the target: a throttled request is sent again after the wait the target asks for,
 * and a GET whose kept-alive connection was reset is sent once more (http-once.ts sends and reads each attempt).
 */

import type { Exchange, Target } from '../types.js';
import { type Reply, type RequestSpec, sendOnce, TransportError } from './http-once.js';
import { pause } from './settle.js';

export * from './http-once.js';

/**
 * How often a request the target throttles (429, or 503 with Retry-After) is sent again, the longest wait before
 * each, and the most waiting a whole run does for a target (one that throttles everything must not make a run of
 * a few hundred requests last an hour: past the budget, a throttled answer is judged as it is).
 */
const THROTTLE_RETRIES = 3;
const LONGEST_WAIT_MS = 5_000;
const WAIT_BUDGET_MS = 30_000;
const waited = new WeakMap<Target, number>();
const writes = new WeakMap<Target, number>();

/**
 * How many requests other than GET and HEAD have been sent to `target`, counted as each is sent and again as it
 * ends (answered or not): a list read while this count stayed the same saw no write of the kit's (list-cache.ts).
 */
export const writesSent = (target: Target): number => writes.get(target) ?? 0;

/**
 * Sends `spec` to the target; resolves with the reply and its record, or throws a TransportError. A throttled
 * request was not carried out, so it is sent again after the wait the target asks for (bounded): a rate limit
 * is not an answer the spec's checks should judge.
 */
export async function send(target: Target, spec: RequestSpec, signal?: AbortSignal): Promise<{ reply: Reply; exchange: Exchange }> {
  if (spec.method === 'GET' || spec.method === 'HEAD') return sendThrottled(target, spec, signal);
  writes.set(target, writesSent(target) + 1);
  try {
    return await sendThrottled(target, spec, signal);
  } finally {
    writes.set(target, writesSent(target) + 1);
  }
}

async function sendThrottled(target: Target, spec: RequestSpec, signal?: AbortSignal): Promise<{ reply: Reply; exchange: Exchange }> {
  for (let attempt = 0; ; attempt++) {
    const result = await sendOnceReused(target, spec, signal);
    const { status, headers } = result.reply;
    const throttled = status === 429 || (status === 503 && headers.has('retry-after'));
    const wait = waitOf(headers.get('retry-after'), attempt);
    const spent = waited.get(target) ?? 0;
    // Not again: a wait longer than the cap (a retry within the target's window is pointless), the last attempt,
    // or a spent budget. Requests without a token are sent again too: a 429 is not the refusal they ask about.
    const again = throttled && wait <= LONGEST_WAIT_MS && attempt < THROTTLE_RETRIES;
    if (!again || signal?.aborted || spent + wait > WAIT_BUDGET_MS) return result;
    waited.set(target, spent + wait);
    await pause(wait, signal);
  }
}

/** Codes of a kept-alive connection the server closed just as a request went out on it. */
const STALE_CONNECTION = new Set(['UND_ERR_SOCKET', 'ECONNRESET']);

/**
 * A GET whose connection was reset is sent once more, on a new one: most
 * often the server had just closed a kept-alive connection as the request
 * went out (a race of keep-alive, not an answer), and reading changes
 * nothing either way. The exchange notes it. Other methods are not sent
 * again: they may have been carried out.
 */
async function sendOnceReused(target: Target, spec: RequestSpec, signal?: AbortSignal): Promise<{ reply: Reply; exchange: Exchange }> {
  try {
    return await sendOnce(target, spec, signal);
  } catch (error) {
    const reset = error instanceof TransportError && error.code !== undefined && STALE_CONNECTION.has(error.code);
    if (!reset || spec.method !== 'GET' || signal?.aborted) throw error;
    const again = await sendOnce(target, spec, signal);
    const resent = `sent a second time: the connection of the first was reset (${error.code})`;
    again.exchange.note = again.exchange.note === undefined ? resent : `${resent}; ${again.exchange.note}`;
    return again;
  }
}

/**
 * Retry-After in seconds (an HTTP date is not worth parsing here), else a short doubling wait. A negative value
 * counts as absent: taken as is, it would pay back the run's wait budget and let a throttling target stall a run.
 */
function waitOf(retryAfter: string | null, attempt: number): number {
  const seconds = Number(retryAfter);
  return retryAfter !== null && retryAfter.trim() !== '' && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 100 * 2 ** attempt;
}
