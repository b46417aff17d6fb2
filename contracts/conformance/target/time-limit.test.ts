/** A request's time limit holds through garbage collections, also where the run passes a signal of its own. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import type { Target } from '../types.js';
import { sendOnce } from './http-once.js';

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
