/**
 * Applies injected http faults to API requests (after authentication, so a
 * fault can target one organization): wait, then answer the fault's status
 * instead of the real answer, or go on to the real answer.
 */
import type { MiddlewareHandler, Next } from 'hono';
import type { Faults } from '../state/faults.js';
import type { AppEnv } from './app-env.js';
import { injectedProblem } from './problem.js';

export function faultInjection(faults: Faults): MiddlewareHandler<AppEnv> {
  // Only a request a fault applies to waits: the others go on without an async layer of their own.
  return function injectFaults(c, next) {
    const effect = faults.apply('http', c.req.method, c.req.path, c.get('org')?.id ?? null);
    if (!effect) return next();
    return applyFault(effect, () => (effect.status !== undefined ? injectedProblem(c, effect.status, effect.fault.id) : next()));
  };
}

async function applyFault(effect: { delayMs: number }, then: () => ReturnType<Next> | Response) {
  if (effect.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, effect.delayMs));
  return then();
}
