/**
 * A request's time limit. Not `AbortSignal.timeout`: combined with the run's own signal in `AbortSignal.any`, Node 20
 * holds the timeout signal only weakly, and once a garbage collection has taken it, it never fires: a target that
 * never answers then held the kit for good (a kit test waited out its 60 s in a busy run). The timer here belongs to
 * the call and is cleared when it ends.
 */

/** Runs `call` with a signal that aborts after `ms` (a `TimeoutError`, as AbortSignal.timeout's) or when `outer` does. */
export async function withinTimeLimit<T>(
  ms: number,
  outer: AbortSignal | undefined,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')), ms);
  try {
    return await call(outer ? AbortSignal.any([outer, limit.signal]) : limit.signal);
  } finally {
    clearTimeout(timer);
  }
}
