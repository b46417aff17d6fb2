/** The state file's lock within one process: two opens started together cannot both hold it, and the lock file stays. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockPath, lockStateFile } from '../../src/state/persistence/lock-file.js';

describe('lockStateFile', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses the second of two locks started together in one process, and keeps the first one on disk', async () => {
    dir = mkdtempSync(join(tmpdir(), 'vcm-lock-'));
    const file = join(dir, 'state.json');
    const notes: string[] = [];
    const [first, second] = await Promise.allSettled([
      lockStateFile(file, (n) => notes.push(n)),
      lockStateFile(file, (n) => notes.push(n)),
    ]);

    expect(first.status).toBe('fulfilled');
    expect(second.status).toBe('rejected');
    expect(String((second as PromiseRejectedResult).reason)).toMatch(/in use by another voice-config-mock/);
    expect(notes).toEqual([]);
    expect(JSON.parse(readFileSync(lockPath(file), 'utf8'))).toMatchObject({ pid: process.pid });

    await (first as PromiseFulfilledResult<() => Promise<void>>).value();
    expect(existsSync(lockPath(file))).toBe(false);
    // Released, it can be taken again.
    const release = await lockStateFile(file);
    await release();
  });
});
