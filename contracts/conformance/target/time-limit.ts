/**
 * A request's time limit. Not `AbortSignal.timeout`: combined with the run's own signal in `AbortSignal.any`, Node 20
 * holds the timeout signal only weakly, and once a garbage collection has taken it, it never fires: a target that
 * never answers then held the kit for good (a kit test waited out its 60 s in a busy run). The timer here belongs to
 * the call and is cleared when it ends, and the run's signal is passed on by a listener of the call's own, not
 * `AbortSignal.any` (a third signal a request, a few percent of a kit run's CPU on Node 20).
 */

/** Runs `call` with a signal that aborts after `ms` (a `TimeoutError`, as AbortSignal.timeout's) or when `outer` does. */
export async function withinTimeLimit<T>(
  ms: number,
  outer: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
  const passOn = () => limit.abort(outer?.reason);
  if (outer?.aborted) passOn();
  else outer?.addEventListener('abort', passOn, { once: true });
  try {
    return await call(limit.signal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', passOn);
  }
}
