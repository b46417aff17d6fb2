/**
 * Before any check: is the target there, does it speak JSON, does it accept
 * the tokens? A "no" here is a problem with the run, not a conformance
 * failure, and ends it with a one-line message (exit code 2).
 */

import type { Credentials, Target } from '../types.js';
import { joinUrl, REDIRECT_NOT_FOLLOWED, send, TOO_LARGE, TransportError } from './http.js';

/** The run cannot go on: unreachable target, refused token, HTML instead of JSON. */
export class TargetProblem extends Error {}

const PROBE_PATH = '/api/v1/schemas';

/** Throws a TargetProblem when the target cannot be checked at all; `baseUrlFlag` names the flag messages point to. */
export async function preflight(target: Target, signal?: AbortSignal, baseUrlFlag = '--base-url'): Promise<void> {
  await tryToken(target, 'token', '--token', baseUrlFlag, signal);
  if (target.token2 !== undefined) await tryToken(target, 'token2', '--token2', baseUrlFlag, signal);
}

async function tryToken(target: Target, credentials: Credentials, flag: string, baseUrlFlag: string, signal?: AbortSignal): Promise<void> {
  const url = joinUrl(target.baseUrl, PROBE_PATH);
  let reply: Awaited<ReturnType<typeof send>>['reply'];
  try {
    ({ reply } = await send(target, { method: 'GET', path: PROBE_PATH, credentials }, signal));
  } catch (error) {
    throw new TargetProblem(noAnswer(error, url, baseUrlFlag));
  }
  if (/html/i.test(reply.contentType ?? '') || /^\s*</.test(reply.text)) {
    throw new TargetProblem(
      `GET ${url} answered HTML (${reply.status}), not JSON; ${baseUrlFlag} should be the API's address, without /api/v1`,
    );
  }
  if (reply.status === 401 || reply.status === 403) {
    throw new TargetProblem(`the target refused ${flag} (GET ${url} answered ${reply.status}); check the token`);
  }
  if (reply.status === 404) {
    throw new TargetProblem(`GET ${url} answered 404; ${baseUrlFlag} should be the API's address, without /api/v1`);
  }
}

/** Why the first request got no answer to judge, in the words that point at the fix. */
function noAnswer(error: unknown, url: string, baseUrlFlag: string): string {
  const detail = error instanceof TransportError ? error.message : String(error);
  const code = error instanceof TransportError ? error.code : undefined;
  // llhttp's codes: something answered, but not in HTTP (another protocol on that port, or a broken server).
  if (code?.startsWith('HPE_'))
    return `GET ${url} was answered with something that is not HTTP (${code}); is ${baseUrlFlag} the address of the API's HTTP server?`;
  if (code === TOO_LARGE) return `GET ${url}: ${detail}`;
  if (code === REDIRECT_NOT_FOLLOWED) return `GET ${url} ${detail.replace('--base-url', baseUrlFlag)}`;
  return `cannot reach ${url}: ${detail}; is the server running and ${baseUrlFlag} right?`;
}
