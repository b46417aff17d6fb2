/** One request to the target, read and recorded for the report (its retries live in http.ts). */
import type { Credentials, Exchange, SentRequest, Target } from '../types.js';
import { fetchWithinOrigin, RedirectNotFollowed } from './redirects.js';
import { withinTimeLimit } from './time-limit.js';

/** A parsed answer. `body` is the JSON value when the body parses, else the text. */
export interface Reply {
  status: number;
  contentType: string | null;
  headers: Headers;
  body: unknown;
  text: string;
  json: boolean;
  /** The size of the body read, in bytes (what a list read counts against its bound: paging.ts); absent, the text's length. */
  bytes?: number;
}

export interface RequestSpec {
  method: string;
  path: string;
  credentials?: Credentials;
  /** Sent as JSON with `Content-Type: application/json`; omit for no body. */
  body?: unknown;
  /** The most of the answer read, in bytes (default and at most MAX_ANSWER_BYTES); a longer one is TOO_LARGE. */
  maxBytes?: number;
}

/**
 * No answer came (connection refused, timeout, aborted), or none the kit reads: one too large to read
 * (MAX_ANSWER_BYTES), or a redirect it does not follow (REDIRECT_NOT_FOLLOWED; the exchange holds its status).
 */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly exchange: Exchange,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const DEFAULT_TIMEOUT_MS = 15_000;
const SHOWN_TEXT = 2000;
/**
 * The most of one answer the kit reads: far above any list it asks for, and
 * low enough that a target streaming without end (or gigabytes) cannot take
 * the machine's memory before the time limit ends the request.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** An answer longer than MAX_ANSWER_BYTES: the kit stopped reading it. */
class AnswerTooLarge extends Error {}
/** The TransportError code of such an answer. */
export const TOO_LARGE = 'TOO_LARGE';
/** The TransportError code of a request that got no answer within the time limit. */
export const TIMEOUT = 'TIMEOUT';
/** The TransportError code of a redirect the kit did not follow (to another origin, or one too many: redirects.ts). */
export const REDIRECT_NOT_FOLLOWED = 'REDIRECT_NOT_FOLLOWED';

/** Whether the target answered, though with nothing the kit reads (too large, or a redirect it does not follow). */
export const answeredUnread = (error: unknown): boolean =>
  error instanceof TransportError && (error.code === TOO_LARGE || error.code === REDIRECT_NOT_FOLLOWED);

export async function sendOnce(target: Target, spec: RequestSpec, signal?: AbortSignal): Promise<{ reply: Reply; exchange: Exchange }> {
  // Headers given with --header go on every request (never into a report); the token and body type are the kit's own.
  const headers: Record<string, string> = { accept: 'application/json', ...target.headers };
  const bearer = bearerOf(target, spec.credentials ?? 'token');
  if (bearer !== undefined) headers.authorization = `Bearer ${bearer}`;
  const sent: SentRequest = { method: spec.method, path: spec.path, auth: authLabel(spec.credentials ?? 'token') };
  let body: string | undefined;
  if (spec.body !== undefined) {
    body = JSON.stringify(spec.body);
    headers['content-type'] = 'application/json';
    sent.contentType = 'application/json';
    sent.body = spec.body;
  }
  const fetcher = target.fetch ?? globalThis.fetch;
  try {
    const { reply, followed } = await withinTimeLimit(target.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal, async (limited) => {
      const init = { method: spec.method, headers, body, signal: limited };
      const fetched = await fetchWithinOrigin(fetcher, joinUrl(target.baseUrl, spec.path), init, new URL(target.baseUrl).origin);
      return {
        reply: await readReply(fetched.response, Math.min(spec.maxBytes ?? MAX_ANSWER_BYTES, MAX_ANSWER_BYTES)),
        followed: fetched.followed,
      };
    });
    // An empty body is shown as nothing, not as an empty string.
    const shown = reply.text.length === 0 ? undefined : reply.text.length <= SHOWN_TEXT ? reply.body : shorten(reply.text);
    const exchange: Exchange = { sent, received: { status: reply.status, contentType: reply.contentType, body: shown } };
    if (followed.length > 0)
      exchange.note = `followed ${followed.length === 1 ? 'a redirect' : 'redirects'} within the origin: ${followed.join(', ')}`;
    return { reply, exchange };
  } catch (error) {
    if (error instanceof RedirectNotFollowed) {
      const { status, headers: answered } = error.response;
      const received = { status, contentType: answered.get('content-type'), body: undefined };
      const before = error.followed.length > 0 ? ` (after ${error.followed.join(', ')})` : '';
      throw new TransportError(error.message, { sent, received, note: `${error.message}${before}` }, REDIRECT_NOT_FOLLOWED);
    }
    const { message, code } = describeFailure(error, target);
    throw new TransportError(message, { sent, error: message }, code);
  }
}

/**
 * Long answers (a whole list) are kept short in reports: they repeat for every check of a probe. The start is
 * copied: a slice of the text would keep the whole answer in memory for as long as the report keeps the exchange.
 */
function shorten(text: string): string {
  const start = Buffer.from(text.slice(0, SHOWN_TEXT), 'utf16le').toString('utf16le');
  return `${start}… (${text.length} characters in all)`;
}

/** A size in bytes as the kit says it: in MiB, to a tenth where it is not whole. */
export function mebibytes(bytes: number): string {
  const mib = bytes / 1024 / 1024;
  return `${Number.isInteger(mib) ? mib : mib.toFixed(1)} MiB`;
}

async function readReply(res: Response, maxBytes: number): Promise<Reply> {
  const { text, bytes } = await readText(res, maxBytes);
  const contentType = res.headers.get('content-type');
  let body: unknown = text;
  let json = false;
  if (text.length > 0) {
    try {
      body = JSON.parse(text);
      json = true;
    } catch {
      // Not JSON: the checks see the text and say so.
    }
  } else body = undefined;
  return { status: res.status, contentType, headers: res.headers, body, text, json, bytes };
}

/** The body as text (bytes that are not UTF-8 become U+FFFD, as `res.text()` does), read up to `maxBytes`. */
async function readText(res: Response, maxBytes: number): Promise<{ text: string; bytes: number }> {
  const tooLarge = `the answer is larger than ${mebibytes(maxBytes)}; the kit read no further`;
  if (Number(res.headers.get('content-length')) > maxBytes) {
    await res.body?.cancel();
    throw new AnswerTooLarge(tooLarge);
  }
  if (res.body === null) return { text: '', bytes: 0 };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    // Leaving the loop early cancels the stream, which ends the connection's download.
    if (size > maxBytes) throw new AnswerTooLarge(tooLarge);
    chunks.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(bytes), bytes: size };
}

/** `baseUrl` may end with or without a slash, and may carry a path prefix. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path;
}

function bearerOf(target: Target, credentials: Credentials): string | undefined {
  if (credentials === 'none') return undefined;
  if (credentials === 'token') return target.token;
  if (credentials === 'token2') {
    if (!target.token2) throw new Error('a check asked for the second token, but none was given');
    return target.token2;
  }
  return credentials.bearer;
}

/** Tokens are secrets: the report names them instead of printing them. */
function authLabel(credentials: Credentials): string {
  if (credentials === 'none') return 'no Authorization header';
  if (credentials === 'token') return 'Bearer <token>';
  if (credentials === 'token2') return 'Bearer <token2>';
  return `Bearer ${credentials.bearer}`;
}

function describeFailure(error: unknown, target: Target): { message: string; code?: string } {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error instanceof AnswerTooLarge) return { message: error.message, code: TOO_LARGE };
  if (err?.name === 'TimeoutError') return { message: `no answer within ${target.timeoutMs ?? DEFAULT_TIMEOUT_MS} ms`, code: TIMEOUT };
  if (err?.name === 'AbortError') return { message: 'interrupted', code: 'ABORTED' };
  // The fetch standard blocks ports of other protocols (6000, 4045, …); undici says only "bad port".
  // Redirects are followed only within the origin, so it is the port of --base-url.
  if (err?.cause?.message === 'bad port') {
    const port = new URL(target.baseUrl).port || 'the default';
    return {
      message: `fetch refuses the port (the fetch standard blocks ports of other protocols, such as 4045 and 6000; --base-url has port ${port}): serve the target on another port`,
      code: 'BAD_PORT',
    };
  }
  const code = err?.cause?.code;
  return { message: `no answer (${fetchFailureDetail(error)})`, ...(code ? { code } : {}) };
}

/** What a failed fetch says in a word: the system error's code (ECONNREFUSED), or else the deepest message. */
export function fetchFailureDetail(error: unknown): string {
  const err = error as { message?: string; cause?: { code?: string; message?: string } };
  return err?.cause?.code ?? err?.cause?.message ?? err?.message ?? String(error);
}

/** True for `application/json` and `application/*+json` (problem+json and the like). */
export function isJsonType(contentType: string | null): boolean {
  return contentType !== null && /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType);
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
/**
 * 4xx statuses that say only "not now" (408 Request Timeout, 425 Too Early, 429 Too Many Requests): the server did
 * not judge the request, and the same request later might be carried out.
 */
const NOT_YET = new Set([408, 425, 429]);

/**
 * A 4xx that judged the request: the server understood and refused. A 5xx is a failure, not a refusal, and a
 * "not now" (NOT_YET) does not show whether the request would have been carried out.
 */
export const isRefusal = (status: number): boolean => status >= 400 && status < 500 && !NOT_YET.has(status);
