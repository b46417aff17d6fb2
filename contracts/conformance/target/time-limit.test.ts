/** A request's time limit holds through garbage collections, also where the run passes a signal of its own. */
import { getEventListeners } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import type { Target } from '../types.js';
import { sendOnce } from './http-once.js';
import { withinTimeLimit } from './time-limit.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

it('answers "no answer within" for a target that never answers, after garbage collections, when the run has its own signal', async () => {
  const target: Target = {
    baseUrl: 'http://never.test',
    token: 't',
    timeoutMs: 300,
    // Answers only by failing when the request is aborted, as a fetch of a server that never answers does.
    fetch: (_url, init) =>
      new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true })),
  };
  const run = new AbortController();
  // Many calls first, as in a long run: an optimized call keeps fewer of its variables alive while it waits.
  const quick: Target = { ...target, fetch: async () => new Response('{}', { headers: { 'content-type': 'application/json' } }) };
  for (let call = 0; call < 3000; call++) await sendOnce(quick, { method: 'GET', path: '/api/v1/tools' }, run.signal);
  const sent = sendOnce(target, { method: 'GET', path: '/api/v1/tools' }, run.signal).then(
    () => 'answered',
    (error: Error) => error.message,
  );
  for (let round = 0; round < 5; round++) {
    await new Promise((resolve) => setTimeout(resolve, 40));
    gc();
  }

  const outcome = await Promise.race([sent, new Promise((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3000))]);

  expect(outcome).toBe('no answer within 300 ms');
});

it("ends a request when the run's own signal aborts, before or while it waits, and leaves no listener on it", async () => {
  const waitForAbort = (signal: AbortSignal) =>
    new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
  const run = new AbortController();
  const waiting = withinTimeLimit(60_000, run.signal, waitForAbort).catch((reason: Error) => reason.message);
  run.abort(new Error('interrupted'));
  expect(await waiting).toBe('interrupted');

  const before = new AbortController();
  before.abort(new Error('interrupted before'));
  expect(await withinTimeLimit(60_000, before.signal, async (signal) => (signal.aborted ? String(signal.reason) : 'sent'))).toBe(
    'Error: interrupted before',
  );

  // A finished request takes its listener away: a long run does not pile them up on its one signal.
  const long = new AbortController();
  for (let call = 0; call < 5; call++) await withinTimeLimit(60_000, long.signal, async () => 'answered');
  expect(getEventListeners(long.signal, 'abort')).toHaveLength(0);
});
