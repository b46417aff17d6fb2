/**
 * Waiting on a target: a short pause that ends early when the run is
 * interrupted, and reading again until an answer settles (a write a target
 * carries out a moment after answering it, such as a delete answered 202).
 */

/** How long, by default, the kit keeps reading for a write to show: readings 200, 400, 800 and 1600 ms apart. */
export const DEFAULT_SETTLE_MS = 3000;
/** The first pause between readings; each next one is twice as long, the last cut to end at the budget. */
const FIRST_PAUSE_MS = 200;

/** Waits `ms`, or less if `signal` aborts. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Reads until `done` holds for the reading, or `budgetMs` of pauses are spent (0: one reading); answers the last
 * reading. The pauses are 200 ms and doubling, so a write that shows quickly is seen quickly. With `since` (a
 * `performance.now()` taken when the write was answered), the budget counts from then: time the kit spent on
 * other requests since the write is not waited again.
 */
export async function settled<T>(
  read: () => Promise<T>,
  done: (reading: T) => boolean,
  budgetMs = DEFAULT_SETTLE_MS,
  since?: number,
): Promise<T> {
  let waited = since === undefined ? 0 : Math.max(0, performance.now() - since);
  for (let next = FIRST_PAUSE_MS; ; next *= 2) {
    const reading = await read();
    if (done(reading) || waited >= budgetMs) return reading;
    const wait = Math.min(next, budgetMs - waited);
    await pause(wait);
    waited = since === undefined ? waited + wait : performance.now() - since;
  }
}
