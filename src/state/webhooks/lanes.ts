/**
 * Queues of work by key: the runs queued on one key go one after another,
 * and keys never wait on each other. The outbox keeps one per webhook, so a
 * slow receiver holds up only its own webhook.
 */
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
