/**
 * The time the mock stamps on records. Tests freeze it for reproducible
 * `createdAt`/`updatedAt`, and advance it to step through retries and
 * timestamps without waiting.
 */
export interface ClockState {
  now: string;
  frozen: boolean;
}

/** What `Clock.change` does, in this order: freeze (at a time, or "now"), advance, resume. */
export interface ClockChange {
  freezeAt?: Date | 'now' | undefined;
  advanceMs?: number | undefined;
  resume?: boolean | undefined;
}

/** The last instant a JavaScript date can hold (year 275760). */
const LATEST_INSTANT_MS = 8.64e15;

export class Clock {
  /** Added to the real time while running; the frozen instant while frozen. */
  #offsetMs = 0;
  #frozenAt: number | undefined;

  now(): Date {
    return new Date(this.#frozenAt ?? Date.now() + this.#offsetMs);
  }

  /** Stops the clock at `at` (default: the current mock time). */
  freeze(at: Date = this.now()): void {
    this.#frozenAt = instant(at.getTime());
  }

  /** Moves the clock forward, frozen or not. */
  advance(ms: number): void {
    instant(this.now().getTime() + ms);
    if (this.#frozenAt === undefined) this.#offsetMs += ms;
    else this.#frozenAt += ms;
  }

  /**
   * Freeze, then advance, then resume, as one change: refused whole, before
   * anything moves, when it would take the clock past the last instant.
   */
  change({ freezeAt, advanceMs = 0, resume = false }: ClockChange): void {
    const from = freezeAt === undefined || freezeAt === 'now' ? this.now().getTime() : instant(freezeAt.getTime());
    instant(from + advanceMs);
    if (freezeAt !== undefined) this.freeze(freezeAt === 'now' ? undefined : freezeAt);
    if (advanceMs !== 0) this.advance(advanceMs);
    if (resume) this.resume();
  }

  /** Lets the clock run again from where it stands. */
  resume(): void {
    if (this.#frozenAt === undefined) return;
    this.#offsetMs = this.#frozenAt - Date.now();
    this.#frozenAt = undefined;
  }

  /** Back to real time. */
  reset(): void {
    this.#offsetMs = 0;
    this.#frozenAt = undefined;
  }

  state(): ClockState {
    return { now: this.now().toISOString(), frozen: this.#frozenAt !== undefined };
  }
}

/** Past the last instant a date holds, every timestamp the mock stamps would fail: refused before the clock moves. */
function instant(ms: number): number {
  if (!Number.isFinite(ms) || Math.abs(ms) > LATEST_INSTANT_MS) {
    throw new RangeError(`The clock cannot go past ${new Date(LATEST_INSTANT_MS).toISOString()}.`);
  }
  return ms;
}
