/**
 * Redirects, followed by the kit itself (fetch's `redirect: 'manual'`), so its credentials stay on the base URL's
 * origin. Within that origin they are followed as fetch follows them: at most MAX_REDIRECTS, a 303 (of anything
 * but HEAD) and a 301 or 302 of a POST become a GET without a body, a 307 or 308 sends the same request again.
 * A redirect to another origin (another scheme, host or port) is not followed at all: fetch would strip only
 * `Authorization` there, and carry the `--header` values and the body to whoever the target points at.
 */
import type { FetchLike } from '../types.js';

export const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A redirect the kit did not follow: to another origin, or one too many. */
export class RedirectNotFollowed extends Error {
  constructor(
    readonly response: Response,
    readonly location: string,
    readonly followed: string[],
    readonly why: 'another origin' | 'too many',
  ) {
    super(
      why === 'another origin'
        ? `answered ${response.status} with a redirect to another origin (${location}), not followed: the kit sends its token, --header values and request bodies only to the origin of --base-url (give --base-url that address if the API lives there)`
        : `answered ${response.status} with a redirect (${location}) after ${MAX_REDIRECTS} redirects already followed; not followed further`,
    );
  }
}

export interface Followed {
  response: Response;
  /** The redirects followed within the origin, one line each (`308 to /api/v1/tools/`). */
  followed: string[];
}

/**
 * Sends `init` to `url` and follows its redirects within `origin`; throws RedirectNotFollowed for one that leaves
 * it (or one too many). A 3xx without a Location it can read is an answer like any other.
 */
export async function fetchWithinOrigin(fetcher: FetchLike, url: string, init: RequestInit, origin: string): Promise<Followed> {
  const followed: string[] = [];
  let request = { url, init };
  for (;;) {
    const response = await fetcher(request.url, { ...request.init, redirect: 'manual' });
    const next = REDIRECT_STATUSES.has(response.status) ? locationOf(response, request.url) : undefined;
    if (next === undefined) return { response, followed };
    // The body of a redirect is not read: the connection is freed for the next request.
    await response.body?.cancel();
    if (next.origin !== origin) throw new RedirectNotFollowed(response, next.href, followed, 'another origin');
    if (followed.length >= MAX_REDIRECTS) throw new RedirectNotFollowed(response, next.href, followed, 'too many');
    followed.push(`${response.status} to ${next.pathname}${next.search}`);
    request = { url: next.href, init: redirectedInit(request.init, response.status) };
  }
}

function locationOf(response: Response, from: string): URL | undefined {
  const location = response.headers.get('location');
  if (location === null) return undefined;
  try {
    const url = new URL(location, from);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The request a redirect asks for: the same, or (303, and 301 or 302 of a POST) a GET without a body. */
function redirectedInit(init: RequestInit, status: number): RequestInit {
  const method = (init.method ?? 'GET').toUpperCase();
  const toGet = (status === 303 && method !== 'HEAD' && method !== 'GET') || ((status === 301 || status === 302) && method === 'POST');
  if (!toGet) return init;
  const headers = Object.fromEntries(
    Object.entries((init.headers ?? {}) as Record<string, string>).filter(([name]) => name.toLowerCase() !== 'content-type'),
  );
  const { body: _body, ...rest } = init;
  return { ...rest, method: 'GET', headers };
}
