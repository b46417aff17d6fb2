/**
 * Reaches a test server's request listener without a socket (light-my-request builds Node's request and response
 * objects in memory), as a `fetch` the kit takes: the kit's own requests skip both HTTP stacks, which took a quarter
 * of the CPU of the tests that run the kit against these servers. The server still listens, for what a test fetches
 * itself (an OpenAPI document by URL, a check of what is left).
 *
 * What it keeps of `fetch`: the method, headers and body sent; the status, headers and bytes answered (no body for
 * HEAD, 204, 205 or 304); a signal that aborts (the kit's time limits) rejects as fetch does. What it does not do:
 * follow redirects (the kit asks for none), decode a compressed body, add the `content-length` Node would write, or
 * drop a connection as a socket does (a server that destroys its response rejects with light-my-request's own
 * error). The tests about transport (closed connections, redirects, time limits) do not go through it, and the
 * whole-spec runs of kit-on-servers and paged-servers go over 127.0.0.1.
 */
import type { RequestListener } from 'node:http';
import inject from 'light-my-request';

/** A `fetch` as the kit takes one (declared here: the test servers import neither the kit nor the mock). */
export type InProcessFetch = (url: string, init: RequestInit) => Promise<Response>;

export function inProcessFetch(listener: RequestListener): InProcessFetch {
  return async (url, init) => {
    const signal = init.signal ?? undefined;
    signal?.throwIfAborted();
    const method = (init.method ?? 'GET').toUpperCase();
    const payload = init.body == null ? undefined : Buffer.from(await new Response(init.body).arrayBuffer());
    const answered = inject(listener, { method, url, headers: Object.fromEntries(new Headers(init.headers)), payload });
    const res = signal ? await Promise.race([answered, rejectOnAbort(signal)]) : await answered;
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
    }
    const empty = method === 'HEAD' || res.statusCode === 204 || res.statusCode === 205 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, statusText: res.statusMessage, headers });
  };
}

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}
