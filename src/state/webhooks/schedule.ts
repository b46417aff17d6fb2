/**
 * When attempts run: which deliveries are due and in which order; lanes, so
 * that a webhook's attempts go one after another and a slow receiver holds
 * up only its own webhook; the timer that wakes for retries while the clock
 * runs; and the waiters a simulated call waits with for its first attempts.
 */
import type { Delivery } from './deliveries.js';

interface Queued {
  delivery: Delivery;
}

const dueTime = ({ delivery }: Queued) => (delivery.status === 'pending' ? Date.parse(delivery.nextAttemptAt ?? '') : Number.NaN);

/**
 * Pending deliveries due at `now` (mock time, ms), earliest first; equal times
 * keep creation order (started, ended, analyzed). `queue` comes in creation
 * order. A first attempt is due whatever the clock says (moved back since the
 * call, say): only retries wait for it; and first attempts keep the order of
 * their calls, so a clock moved back between two calls does not reverse them.
 * This leans on a lane making one attempt at a time, earliest first: a
 * delivery never has its retry pending while an older call's delivery on the
 * same webhook still waits for its first attempt.
 */
export function dueDeliveries<T extends Queued>(queue: Iterable<T>, now: number): T[] {
  const due: { entry: T; order: number }[] = [];
  let latestFirst = Number.NEGATIVE_INFINITY;
  for (const entry of queue) {
    if (entry.delivery.status !== 'pending') continue;
    const time = dueTime(entry);
    if (entry.delivery.attempts.length > 0) {
      if (time <= now) due.push({ entry, order: time });
      continue;
    }
    latestFirst = Math.max(latestFirst, time);
    due.push({ entry, order: latestFirst });
  }
  return due.sort((a, b) => a.order - b.order).map(({ entry }) => entry);
}

/** When the next pending delivery is due, if any is pending. */
export function earliestDue(queue: Iterable<Queued>): number | undefined {
  // A loop, not Math.min(...times): an outbox may hold more deliveries than a call takes arguments.
  let earliest: number | undefined;
  for (const entry of queue) {
    const time = dueTime(entry);
    if (!Number.isNaN(time) && (earliest === undefined || time < earliest)) earliest = time;
  }
  return earliest;
}

/** Queues of work by key (a webhook's lane): the runs queued on one key go one after another, and keys never wait on each other. */
export class Lanes {
  /** Per key, the end of the runs queued on it; present while one is queued or running. */
  readonly #tails = new Map<string, Promise<void>>();

  /**
   * Queues `task` after the runs already on `key`; resolves once it has run.
   * A task that throws is handed to `onError`, and the runs after it go on.
   */
  run(key: string, task: () => Promise<void>, onError: (error: unknown) => void): Promise<void> {
    const run = (this.#tails.get(key) ?? Promise.resolve()).then(task).catch(onError);
    this.#tails.set(key, run);
    return run.then(() => {
      if (this.#tails.get(key) === run) this.#tails.delete(key);
    });
  }

  /** Whether something is queued or running on `key`. */
  busy(key: string): boolean {
    return this.#tails.has(key);
  }

  /** Resolves once every run queued so far has ended. */
  async settled(): Promise<void> {
    await Promise.all(this.#tails.values());
  }
}

const LONGEST_SLEEP_MS = 1000;

/**
 * The timer that runs due retries while the clock runs in real time. It is
 * unref'd (it never keeps a process alive) and wakes at least once a second,
 * so a clock moved in-process (`mockState.clock.advance`) is noticed too.
 */
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

/**
 * Promises that resolve once a condition holds. Nothing pushes the answer:
 * whoever may have made a condition true says so (`changed()`), and every
 * waiting condition is looked at again.
 */
export class Waiters {
  readonly #checks = new Set<() => void>();

  /** Resolves once `done()` is true: at once, or at the first `changed()` after which it is. */
  until(done: () => boolean): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => {
        if (!done()) return;
        this.#checks.delete(check);
        resolve();
      };
      this.#checks.add(check);
    });
  }

  /** Something may have made a condition true: each is looked at again. */
  changed(): void {
    for (const check of [...this.#checks]) check();
  }
}
