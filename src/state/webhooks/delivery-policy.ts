/**
 * How hard the mock tries: attempts in all, the backoff between them, the
 * time limit of one attempt, how many deliveries the outbox keeps, and where
 * it may send at all.
 */
import { isThisMachine } from '../../domain/fields.js';

export interface DeliveryOptions {
  /** Attempts in all, the first included (default 5). */
  maxAttempts?: number;
  /** Wait before the first retry; each later one waits twice as long (default 1000 ms: 1 s, 2 s, 4 s, 8 s). */
  firstRetryMs?: number;
  /** Time limit of one attempt (default 5000 ms). */
  timeoutMs?: number;
  /** Deliveries the outbox keeps; the oldest fall off (default 1000). */
  limit?: number;
  /** Also deliver to hosts other than this machine (default false: only localhost, 127.0.0.0/8 and [::1]). */
  allowRemote?: boolean;
  /** The fetch used to send (default the global one). */
  fetch?: typeof globalThis.fetch;
}

export type DeliveryPolicy = Required<DeliveryOptions>;

export const DEFAULT_DELIVERY_OPTIONS = { maxAttempts: 5, firstRetryMs: 1000, timeoutMs: 5000, limit: 1000, allowRemote: false } as const;

/**
 * The range of each number: a time limit of 0 or less could never be met, one
 * past 2^31 − 1 ms overflows Node's timers (to 1 ms), and an outbox of none keeps nothing to show.
 */
const RANGES: Record<'maxAttempts' | 'firstRetryMs' | 'timeoutMs' | 'limit', [number, number]> = {
  maxAttempts: [1, Number.MAX_SAFE_INTEGER],
  firstRetryMs: [0, 2 ** 31 - 1],
  timeoutMs: [1, 2 ** 31 - 1],
  limit: [1, Number.MAX_SAFE_INTEGER],
};

/** The options with every default filled in; a number out of range is a RangeError naming it. */
export function deliveryPolicy(options: DeliveryOptions = {}): DeliveryPolicy {
  for (const [name, [least, most]] of Object.entries(RANGES)) {
    const value = options[name as keyof typeof RANGES];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= least && value <= most)) {
      throw new RangeError(`webhooks.${name} must be a whole number from ${least} to ${most}; got ${String(value)}.`);
    }
  }
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  // Looked up at send time, so a test that replaces the global fetch is honoured.
  const fetch: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init);
  return { ...DEFAULT_DELIVERY_OPTIONS, fetch, ...defined };
}

/** Wait after the `attemptsMade`-th failed attempt: firstRetryMs, doubling each time. */
export function backoffMs(policy: DeliveryPolicy, attemptsMade: number): number {
  return policy.firstRetryMs * 2 ** Math.max(0, attemptsMade - 1);
}

/**
 * Why a URL may not be sent to, or undefined when it may. Seeded webhooks
 * point at invented internet domains, so by default only this machine is a
 * target: a simulated call never reaches someone else's server.
 */
export function refusedTarget(url: string, policy: DeliveryPolicy): string | undefined {
  if (policy.allowRemote) return undefined;
  const { hostname } = new URL(url);
  return isThisMachine(hostname)
    ? undefined
    : `not sent: ${hostname} is not on this machine, and the mock delivers only to localhost, 127.0.0.0/8 and [::1]`;
}
