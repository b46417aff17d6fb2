/** One JSON request to the API: headers, body, and the answer read or turned into an ApiError. */
import { ApiError } from './api-error.js';
import type { FetchLike } from './types.js';

/** How the client reaches the API. */
export interface Transport {
  baseUrl: string;
  token: string | undefined;
  fetch: FetchLike;
  /** Sent with every call (a call's own win), after the client's own headers, so they may replace them. */
  headers?: Readonly<Record<string, string>> | undefined;
}

/** What one request sends. `body` undefined sends no body at all. */
export interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** The call's answer must be JSON (a record, a list): a 2xx without it is an ApiError, not a value of the wrong type. */
  answersJson: boolean;
  /** Aborts the call (the fetch rejects with the signal's reason, an AbortError by default). */
  signal?: AbortSignal | undefined;
  /** This call's own extra headers. */
  headers?: Readonly<Record<string, string>> | undefined;
}

/** Sends the call and resolves the parsed JSON body (undefined when empty and allowed); rejects with ApiError otherwise. */
export async function send(transport: Transport, call: Call): Promise<unknown> {
  const { signal } = call;
  // Not sent at all when already aborted: an in-process fetch would carry out the request regardless.
  signal?.throwIfAborted();
  if (!signal) return exchange(transport, call, undefined);
  // Fetch's Request keeps a listener on the signal it is given until it is garbage collected, so a long-lived
  // signal handed on as it is gathered one per call (Node warns from 1,500 on, once per call). The fetch gets a
  // signal of the call's own instead, which follows the caller's only while the call lasts.
  const own = new AbortController();
  const follow = () => own.abort(signal.reason);
  signal.addEventListener('abort', follow, { once: true });
  try {
    return await exchange(transport, call, own.signal);
  } finally {
    signal.removeEventListener('abort', follow);
  }
}

/** The request and its answer; `signal` is the call's own (see send). */
async function exchange(
  transport: Transport,
  { method, path, body, answersJson, headers: ownHeaders }: Call,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  const url = `${transport.baseUrl.replace(/\/+$/, '')}${path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (transport.token !== undefined) headers.authorization = `Bearer ${transport.token}`;
  const init: RequestInit = { method, headers, ...(signal ? { signal } : {}) };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  // Names in lower case, as the client's own: `Prefer` and `prefer` are one header, and the last given wins.
  for (const extra of [transport.headers, ownHeaders])
    for (const [name, value] of Object.entries(extra ?? {})) headers[name.toLowerCase()] = value;
  const response = await untilAborted(transport.fetch(url, init), signal);
  const answer = await untilAborted(readBody(response), signal);
  if (!response.ok) throw new ApiError({ status: response.status, method, url, body: answer.body });
  // A dev server's page fallback answers 200 with HTML when the API is not where baseUrl says.
  if (answersJson && !answer.json) {
    const what = answer.body === undefined ? 'an empty body' : 'a body that is not JSON';
    throw new ApiError({ status: response.status, method, url, body: answer.body, unusable: `${what}, where this call needs JSON` });
  }
  return answer.body;
}

/** The promise's outcome, or the signal's reason once it aborts first: an in-process fetch (a Hono app's `request`) ignores the signal. */
function untilAborted<T>(pending: T | Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  const promise = Promise.resolve(pending);
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function readBody(response: Response): Promise<{ body: unknown; json: boolean }> {
  const text = await response.text();
  if (text.length === 0) return { body: undefined, json: false };
  try {
    return { body: JSON.parse(text), json: true };
  } catch {
    // Not JSON (a proxy's HTML error page, say): keep the text so an ApiError can show it.
    return { body: text, json: false };
  }
}
