/** Reading again until a write shows: when the kit reads, and for how long, by the settle budget. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTLE_MS, settled } from './settle.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs `settled` on a reading that never settles (or settles at `settlesAt` ms); answers when each reading was made. */
async function readings(budgetMs: number | undefined, settlesAt = Number.POSITIVE_INFINITY) {
  const at: number[] = [];
  const start = Date.now();
  const result = settled(
    async () => {
      at.push(Date.now() - start);
      return Date.now() - start >= settlesAt;
    },
    (done) => done,
    budgetMs,
  );
  await vi.runAllTimersAsync();
  return { at, last: await result };
}

describe('settled', () => {
  it('reads 200, 400, 800 and 1600 ms apart by default, three seconds in all, and answers the last reading', async () => {
    const { at, last } = await readings(undefined);

    expect(DEFAULT_SETTLE_MS).toBe(3000);
    expect(at).toEqual([0, 200, 600, 1400, 3000]);
    expect(last).toBe(false);
  });

  it('stops at the first reading that holds', async () => {
    const { at, last } = await readings(undefined, 500);

    expect(at).toEqual([0, 200, 600]);
    expect(last).toBe(true);
  });

  it('cuts the last pause to end at a shorter budget, and reads once with none', async () => {
    expect((await readings(300)).at).toEqual([0, 200, 300]);
    expect((await readings(1000)).at).toEqual([0, 200, 600, 1000]);
    expect((await readings(0)).at).toEqual([0]);
  });

  it('counts the budget from `since`: time spent since the write is not waited again', async () => {
    const at: number[] = [];
    const start = Date.now();
    const since = performance.now() - 700;
    const result = settled(
      async () => {
        at.push(Date.now() - start);
        return false;
      },
      (done) => done,
      1000,
      since,
    );
    await vi.runAllTimersAsync();
    await result;

    // 700 ms of the 1000 were spent before: one pause of 200 ms, then the last cut to end at the budget.
    expect(at).toEqual([0, 200, 300]);
  });
});
