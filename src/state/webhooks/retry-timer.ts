/**
 * The timer that runs due retries while the clock runs in real time. It is
 * unref'd (it never keeps a process alive) and wakes at least once a second,
 * so a clock moved in-process (`world.clock.advance`) is noticed too.
 */

const LONGEST_SLEEP_MS = 1000;

export class RetryTimer {
  #handle: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  readonly #wake: () => void;

  constructor(wake: () => void) {
    this.#wake = wake;
  }

  /** Wakes after `delayMs` (at most a second); replaces an earlier schedule. */
  schedule(delayMs: number): void {
    this.cancel();
    if (this.#stopped) return;
    const delay = Math.min(Math.max(delayMs, 0), LONGEST_SLEEP_MS);
    this.#handle = setTimeout(() => {
      this.#handle = undefined;
      this.#wake();
    }, delay);
    // Browsers return a number, which has no unref.
    (this.#handle as { unref?: () => void }).unref?.();
  }

  cancel(): void {
    if (this.#handle !== undefined) clearTimeout(this.#handle);
    this.#handle = undefined;
  }

  /** Until start(): schedules meanwhile do nothing. */
  stop(): void {
    this.#stopped = true;
    this.cancel();
  }

  start(): void {
    this.#stopped = false;
  }
}
