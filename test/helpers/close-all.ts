/**
 * A teardown's steps (closing a browser, servers, removing a folder), each run even when one before it threw,
 * in order; the first error is thrown once all have run, so a browser that fails to close leaves no folder behind.
 */
export async function closeAll(...steps: ReadonlyArray<(() => unknown) | undefined>): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step?.();
    } catch (error) {
      errors.push(error);
    }
  }
  if (errors.length > 0) throw errors[0];
}
