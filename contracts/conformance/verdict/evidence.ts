/**
 * The evidence a verdict rests on, as the JSON report carries it: each request
 * (method, path, which credentials) with its answer's status, and for a
 * failure the part of the answer that failed. Secrets are masked: the tokens
 * and --header values wherever they appear, and the values of members whose
 * name says they are secret (`token`, `secret`, `password`, `apiKey` …).
 */
import { isPlainObject } from '../matchers.js';
import type { Evidence, Exchange, Target } from '../types.js';

const SECRET_KEY = /token|secret|passw|api_?key|authorization|credential|private_?key/i;
const MASK = '<masked>';

/** The evidence of `exchanges`; with `failed`, the failing part (given, or else the last answer's body). */
export function evidenceOf(target: Target, exchanges: Exchange[], failed?: { failing?: unknown }): Evidence {
  const requests = exchanges.map(({ sent, received, error }) => ({
    method: sent.method,
    path: masked(target, sent.path) as string,
    auth: sent.auth,
    ...(received ? { status: received.status } : {}),
    ...(error !== undefined ? { error } : {}),
  }));
  if (failed === undefined) return { requests };
  const last = exchanges.at(-1);
  const failing = failed.failing !== undefined ? failed.failing : last?.received ? last.received.body : last?.error;
  return failing === undefined ? { requests } : { requests, failing: masked(target, failing) };
}

/** `value` with every secret masked (see the module comment). */
export function masked(target: Target, value: unknown, depth = 0): unknown {
  const secrets = [target.token, target.token2, ...Object.values(target.headers ?? {})].filter(
    (secret): secret is string => typeof secret === 'string' && secret.length >= 3,
  );
  if (typeof value === 'string') return secrets.reduce((text, secret) => text.replaceAll(secret, MASK), value);
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((inner) => masked(target, inner, depth + 1));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_KEY.test(key) && (typeof inner === 'string' || typeof inner === 'number') ? MASK : masked(target, inner, depth + 1),
      ]),
    );
  }
  return value;
}
