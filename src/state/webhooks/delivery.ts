/**
 * One delivery attempt: a signed POST of the event body to the webhook's
 * URL with a time limit. Only a 2xx answer counts as delivered; redirects
 * are not followed (a receiver that moved must be updated, not guessed at).
 */
import { z } from '@hono/zod-openapi';
import { timestamp } from '../../domain/fields.js';
import { deliveryHeaders } from './signing.js';

const RESPONSE_EXCERPT = 200;

/** What one attempt did: an answer's status, or the error that stopped it. */
export const attemptSchema = z
  .strictObject({
    at: timestamp.openapi({ description: "When the attempt was made, by the mock's clock; with the clock frozen, when it was due." }),
    statusCode: z.int().nullable().openapi({ description: "The receiver's status; null when no answer came (network error, time limit)." }),
    error: z.string().nullable().openapi({ description: 'Why the attempt failed; null when it succeeded.' }),
    response: z
      .string()
      .nullable()
      .openapi({ description: `The first ${RESPONSE_EXCERPT} characters of the receiver's answer, to see why it refused.` }),
  })
  .openapi('DeliveryAttempt');
export type Attempt = z.infer<typeof attemptSchema>;

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
 * timeout signal only weakly, and after a full garbage collection it never
 * fired (an attempt to a hanging receiver then lasted 311 s). The timer is
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
