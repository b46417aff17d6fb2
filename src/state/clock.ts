/**
 * The time the mock stamps on records. Tests freeze it for reproducible
 * `createdAt`/`updatedAt`, and advance it to step through retries and
 * timestamps without waiting.
 */
import { z } from '@hono/zod-openapi';
import { timestamp } from '../domain/fields.js';

/** What GET /__mock/clock answers. */
export const clockStateSchema = z
  .strictObject({
    now: timestamp.openapi({ description: 'The mock time (ISO 8601, UTC).' }),
    frozen: z.boolean().openapi({ description: 'Whether the clock stands still.' }),
  })
  .openapi('ClockState');
export type ClockState = z.infer<typeof clockStateSchema>;

/** What `Clock.change` does, in this order: freeze (at a time, or "now"), advance, resume. */
export interface ClockChange {
  freezeAt?: Date | 'now' | undefined;
  advanceMs?: number | undefined;
  resume?: boolean | undefined;
}

/**
 * The span the clock may stand in: years 0000 to 9999, the ones ISO 8601
 * writes with four digits. Past them `toISOString` gives `+010000-…`, which no
 * record's timestamp field (nor a snapshot of it) takes.
 */
export const EARLIEST_INSTANT_MS = Date.parse('0000-01-01T00:00:00.000Z');
export const LATEST_INSTANT_MS = Date.parse('9999-12-31T23:59:59.999Z');

export class Clock {
  /** Added to the real time while running; the frozen instant while frozen. */
  #offsetMs = 0;
  #frozenAt: number | undefined;

  now(): Date {
    // A running clock moved close to the end could run past it between two changes: it stops there.
    return new Date(this.#frozenAt ?? Math.min(Date.now() + this.#offsetMs, LATEST_INSTANT_MS));
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
   * anything moves, when it would take the clock out of years 0000–9999.
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

/** Outside years 0000–9999 the timestamps the mock stamps would be refused by its own schemas: refused before the clock moves. */
function instant(ms: number): number {
  if (!Number.isFinite(ms) || ms < EARLIEST_INSTANT_MS || ms > LATEST_INSTANT_MS) {
    throw new RangeError(
      `The clock cannot go past ${new Date(LATEST_INSTANT_MS).toISOString()} (nor before ${new Date(EARLIEST_INSTANT_MS).toISOString()}): timestamps keep four-digit years.`,
    );
  }
  return ms;
}
