/**
 * The evidence a verdict rests on, as the JSON report carries it: each request
 * (method, path, which credentials) with its answer's status, and for a
 * failure the part of the answer that failed. Secrets are masked where results
 * become output (mask.ts), not here.
 */
import type { Evidence, Exchange } from '../types.js';

/** The evidence of `exchanges`; with `failed`, the failing part (given, or else the last answer's body). */
export function evidenceOf(exchanges: Exchange[], failed?: { failing?: unknown }): Evidence {
  const requests = exchanges.map(({ sent, received, error }) => ({
    method: sent.method,
    path: sent.path,
    auth: sent.auth,
    ...(received ? { status: received.status } : {}),
    ...(error !== undefined ? { error } : {}),
  }));
  if (failed === undefined) return { requests };
  const last = exchanges.at(-1);
  const failing = failed.failing !== undefined ? failed.failing : last?.received ? last.received.body : last?.error;
  return failing === undefined ? { requests } : { requests, failing };
}
