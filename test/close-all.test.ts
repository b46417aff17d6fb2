/** The e2e files' teardown helper: a browser that fails to close still lets the servers close and the folder go. */
import { describe, expect, it } from 'vitest';
import { closeAll } from './helpers/close-all.js';

describe('closeAll', () => {
  it('runs every step though one before it threw, skips undefined ones, and then throws the first error', async () => {
    const ran: string[] = [];
    const first = new Error('the browser did not close');
    const closing = closeAll(
      async () => {
        ran.push('browser');
        throw first;
      },
      undefined,
      () => ran.push('server'),
      async () => {
        ran.push('folder');
        throw new Error('second');
      },
    );

    await expect(closing).rejects.toBe(first);
    expect(ran).toEqual(['browser', 'server', 'folder']);
    await expect(closeAll(() => ran.push('again'))).resolves.toBeUndefined();
  });
});
