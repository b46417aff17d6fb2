/**
 * Waiting on a target: a short pause that ends early when the run is
 * interrupted, and reading again until an answer settles (a write a target
 * carries out a moment after answering it, such as a delete answered 202).
 */

/** Readings after the first, 200 ms apart and doubling: about three seconds in all. */
const SETTLE_TRIES = 4;

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

/** Reads until `done` holds for the reading, or the tries are spent; answers the last reading. */
export async function settled<T>(read: () => Promise<T>, done: (reading: T) => boolean): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const reading = await read();
    if (done(reading) || attempt === SETTLE_TRIES) return reading;
    await pause(200 * 2 ** attempt);
  }
}
