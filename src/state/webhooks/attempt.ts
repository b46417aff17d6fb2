/**
 * One delivery attempt: a signed POST of the event body to the webhook's
 * URL with a time limit, and its outcome written into the delivery. Only a
 * 2xx answer counts as delivered; redirects are not followed (a receiver
 * that moved must be updated, not guessed at).
 */
import type { StoredRecord } from '../../domain/resource.js';
import { type Attempt, cancellation, type Delivery, finish, RESPONSE_EXCERPT, recordAttempt } from './deliveries.js';
import type { DeliveryPolicy } from './delivery-policy.js';
import { deliveryHeaders } from './signing.js';

/** What an attempt reads from the rest of the mockState. */
export interface AttemptDeps {
  now(): Date;
  /** False while the clock stands frozen: it then moves only by jumps, and retries replay their schedule. */
  clockRuns(): boolean;
  /** The webhook as stored (whole secret), while it exists. */
  webhook(orgId: string, webhookId: string): StoredRecord | undefined;
  /** Why a URL reaches the mock's own control API, as it resolves now (skipped, unsent), or undefined. */
  ownControlRefusal?(url: string): Promise<string | undefined>;
}

/**
 * The webhook to send the delivery's next attempt to; when it may not be
 * attempted (the webhook deleted or disabled, its URL the mock's own control
 * API), the delivery ends unsent and the answer is undefined.
 */
export async function webhookToAttempt(delivery: Delivery, deps: AttemptDeps): Promise<StoredRecord | undefined> {
  const webhook = deps.webhook(delivery.orgId, delivery.webhookId);
  const cancelled = cancellation(webhook);
  if (cancelled || !webhook) {
    finish(delivery, 'failed', cancelled ?? 'cancelled');
    return undefined;
  }
  const own = await deps.ownControlRefusal?.(delivery.url);
  if (own) {
    finish(delivery, 'failed', `not sent: ${own}`);
    return undefined;
  }
  return webhook;
}

/**
 * Sends the delivery's next attempt to its webhook and records it (delivered,
 * failed, or due again). `abandon` (the outbox stopping, or forgetting the
 * delivery) ends it unrecorded: that is no answer of the receiver's.
 */
export async function sendAndRecord(
  { delivery, body }: { delivery: Delivery; body: string },
  webhook: StoredRecord,
  clock: AttemptDeps,
  policy: DeliveryPolicy,
  abandon: AbortSignal,
): Promise<void> {
  const clockRuns = clock.clockRuns();
  const started = clock.now();
  // A frozen clock moves only by jumps: an attempt takes the time it was due, so a jump far ahead replays the schedule.
  // A running clock: the time the attempt is made (later than due when its lane was busy), so the signature's time is true.
  const at = clockRuns ? started : new Date(delivery.nextAttemptAt ?? started);
  const { url, event, id: deliveryId } = delivery;
  try {
    const attempt = await attemptDelivery({ url, body, secret: String(webhook.secret), event, deliveryId, at }, policy, abandon);
    if (abandon.aborted) return;
    // With the clock running the backoff counts from the end of the attempt: a slow receiver must not make the retry due at once.
    const tookMs = clockRuns ? Math.max(0, clock.now().getTime() - started.getTime()) : 0;
    recordAttempt(delivery, attempt, policy, tookMs);
  } catch (error) {
    // A fault of the mock's own (a receiver's faults are written into the attempt): the delivery ends, instead of falling due forever.
    const why = error instanceof Error ? error.message : String(error);
    finish(delivery, 'failed', `not sent: the mock failed while attempting it (${why})`);
    console.error('voice-config-mock: a webhook delivery failed unexpectedly', error);
  }
}

export interface AttemptRequest {
  url: string;
  body: string;
  secret: string;
  event: string;
  deliveryId: string;
  at: Date;
}

export interface AttemptOptions {
  timeoutMs: number;
  fetch: typeof globalThis.fetch;
}

/**
 * Sends one attempt; never throws, every failure is written into the attempt.
 * `abandon` ends it early (the outbox stopping), like the time limit does.
 */
export async function attemptDelivery(request: AttemptRequest, options: AttemptOptions, abandon?: AbortSignal): Promise<Attempt> {
  const at = request.at.toISOString();
  const limit = ownedTimeLimit(options.timeoutMs, abandon);
  try {
    const timestamp = Math.floor(request.at.getTime() / 1000);
    const headers = await deliveryHeaders({ ...request, timestamp });
    const res = await options.fetch(request.url, { method: 'POST', headers, body: request.body, redirect: 'manual', signal: limit.signal });
    const error = res.status >= 200 && res.status < 300 ? null : `the receiver answered ${res.status}`;
    return { at, statusCode: res.status, error, response: await excerptOf(res) };
  } catch (error) {
    return { at, statusCode: null, error: describeFailure(error, options.timeoutMs), response: null };
  } finally {
    limit.clear();
  }
}

/**
 * The attempt's time limit, and `abandon`, as one signal. A timer the attempt
 * owns, not AbortSignal.timeout: inside AbortSignal.any, Node 20 holds the
 * timeout signal only weakly, and after a full garbage collection it may
 * never fire (an attempt to a hanging receiver would outlast its limit). The timer is
 * cleared when the attempt ends, so none outlives it.
 */
function ownedTimeLimit(timeoutMs: number, abandon: AbortSignal | undefined): { signal: AbortSignal; clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The time limit passed.', 'TimeoutError')), timeoutMs);
  const stop = () => controller.abort(abandon?.reason);
  if (abandon?.aborted) stop();
  else abandon?.addEventListener('abort', stop, { once: true });
  return {
    signal: controller.signal,
    clear() {
      clearTimeout(timer);
      abandon?.removeEventListener('abort', stop);
    },
  };
}

/**
 * The first characters of the answer, read no further: a receiver's answer
 * may be huge or never end, and only its status decides the attempt. What
 * came before the time limit (or the connection's end) is kept.
 */
async function excerptOf(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < RESPONSE_EXCERPT) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // The time limit or the connection ended the body: the status came, so the attempt stands on it.
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return text.slice(0, RESPONSE_EXCERPT);
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${timeoutMs} ms`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `network error: ${detail}`;
}
