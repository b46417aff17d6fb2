/**
 * Promises that resolve once a condition holds. Nothing pushes the answer:
 * whoever may have made a condition true says so (`changed()`), and every
 * waiting condition is looked at again. The outbox uses it for a simulated
 * call waiting on its first attempts.
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
