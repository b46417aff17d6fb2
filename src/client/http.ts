/** One JSON request to the API: headers, body, and the answer read or turned into an ApiError. */
import { ApiError } from './api-error.js';
import type { FetchLike } from './types.js';

/** How the client reaches the API. */
export interface Transport {
  baseUrl: string;
  token: string | undefined;
  fetch: FetchLike;
}

/** What one request sends. `body` undefined sends no body at all. */
export interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Sends the call and resolves the parsed JSON body (undefined when empty); rejects with ApiError on non-2xx. */
export async function send(transport: Transport, { method, path, body }: Call): Promise<unknown> {
  const url = `${transport.baseUrl.replace(/\/+$/, '')}${path}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (transport.token !== undefined) headers.authorization = `Bearer ${transport.token}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await transport.fetch(url, init);
  const parsed = await readBody(response);
  if (!response.ok) throw new ApiError({ status: response.status, method, url, body: parsed });
  return parsed;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML error page, say): keep the text so an ApiError can show it.
    return text;
  }
}
