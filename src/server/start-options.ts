/**
 * The server's defaults, and its options that Node would refuse only once it
 * listens, checked before anything is opened. Imports nothing: the command
 * line's help shows these defaults without loading the server.
 */

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
/**
 * Bytes of request bodies being read and parsed at once, unless `startServer` is told otherwise: chosen by
 * `npm run bench:hostile` (figures in docs/BENCHMARKS.md), to keep the peak memory under hostile bodies low.
 */
export const DEFAULT_BODY_BUDGET_BYTES = 32 * 1024 * 1024;

/**
 * Node cuts a request that has not arrived whole within `requestTimeout`, but
 * looks only every `connectionsCheckingInterval` (30 s by default, which
 * would double the limit): it looks every second here, or four times within
 * a shorter limit. Headers get the same time as the whole request.
 */
export function requestTimeouts(limitMs = DEFAULT_REQUEST_TIMEOUT_MS) {
  if (!Number.isSafeInteger(limitMs) || limitMs < 1)
    throw new RangeError(`requestTimeoutMs must be a whole number of 1 or more; got ${limitMs}.`);
  return {
    requestTimeout: limitMs,
    headersTimeout: limitMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(limitMs / 4))),
  };
}

/** Node's own check of a port, made before the state file is locked (Node would throw only at listen). */
export function checkedPort(port: number): number {
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new RangeError(`port must be a whole number from 0 to 65535; got ${port}.`);
  return port;
}

/** The budget of bodies in flight (src/server/body-budget.ts), by default 32 MiB. */
export function checkedBudget(bytes = DEFAULT_BODY_BUDGET_BYTES): number {
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new RangeError(`bodyBudgetBytes must be a whole number of 1 or more; got ${bytes}.`);
  return bytes;
}

/** The Host an HTTP/1.0 request that names none is taken to have: the address the server listens on (IPv6 in brackets). */
export function hostHeaderOf(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}
