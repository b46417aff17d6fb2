/**
 * Where the app reads a request body, and the most it takes there: what the
 * size limit (size-limit.ts) enforces, and what the server tells a client
 * that asks before sending its body (Expect: 100-continue). Free of the
 * framework: the server reads it before the app is made.
 */

/** Largest accepted request body in bytes, unless the options say otherwise. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** What a 413 says, here and where the server answers an Expect: 100-continue. */
export const tooLargeDetail = (maxSize: number): string => `The body is larger than ${maxSize} bytes; send less data per request.`;

/**
 * Largest snapshot `PUT /__mock/state` takes: about 600,000 of the smallest records. Loading one costs about five
 * times its size in heap besides its text (`node --expose-gc bench/state-heap.mjs`, figures in docs/BENCHMARKS.md),
 * so node's default heap on a machine of 4 GB takes it.
 */
export const STATE_BODY_LIMIT = 128 * 1024 * 1024;

/**
 * Where the app reads a body, and the most it takes there (`maxSize` is the
 * body limit). Only where a body is read: asking for one on a GET would build
 * a full Request object and halve throughput. The first entry that matches applies.
 */
export const BODY_LIMITS: readonly { methods: readonly string[]; path: string; control: boolean; limit(maxSize: number): number }[] = [
  { methods: ['POST', 'PATCH'], path: '/api/v1/*', control: false, limit: (maxSize) => maxSize },
  // A snapshot holds a whole state, far beyond one record's body.
  { methods: ['PUT'], path: '/__mock/state', control: true, limit: (maxSize) => Math.max(maxSize, STATE_BODY_LIMIT) },
  { methods: ['POST'], path: '/__mock/*', control: true, limit: (maxSize) => maxSize },
];

const matchesPath = (pattern: string, path: string) => (pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern);

/**
 * The largest body the app takes for this request, or undefined where it
 * reads none. The server asks it before telling a client to go on with its
 * body (Expect: 100-continue).
 */
export function bodyLimitFor(method: string, path: string, maxSize = DEFAULT_BODY_LIMIT, control = true): number | undefined {
  const entry = BODY_LIMITS.find(
    (candidate) => (control || !candidate.control) && candidate.methods.includes(method) && matchesPath(candidate.path, path),
  );
  return entry?.limit(maxSize);
}
