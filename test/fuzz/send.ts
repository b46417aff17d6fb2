/** Sends a raw request (any method, path, headers and bytes) to the in-process app and reads the answer. */
import type { Answer } from './invariants.js';

export interface RawRequest {
  method: string;
  path: string;
  /** Sent in order with `append`, so a name may repeat. */
  headers: readonly (readonly [string, string])[];
  body?: Uint8Array;
}

interface InProcessApp {
  request(input: string, init: RequestInit): Response | Promise<Response>;
}

/** Bytes, not a string: a string body would get `text/plain` added by `Request`, hiding a missing Content-Type. */
export async function send(app: InProcessApp, request: RawRequest): Promise<Answer> {
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  // `Request` normalizes the case of standard methods, and refuses a body on GET and HEAD.
  const canHaveBody = !['GET', 'HEAD'].includes(request.method.toUpperCase());
  const body = canHaveBody && request.body !== undefined ? request.body : undefined;
  const res = await app.request(request.path, { method: request.method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    parsed = text;
  }
  return { status: res.status, contentType: res.headers.get('content-type'), text, body: parsed };
}

/** Headers with a bearer token and, when given, a content type. */
export function jsonHeaders(token: string | null, contentType?: string): [string, string][] {
  const headers: [string, string][] = [];
  if (token !== null) headers.push(['authorization', `Bearer ${token}`]);
  if (contentType !== undefined) headers.push(['content-type', contentType]);
  return headers;
}
