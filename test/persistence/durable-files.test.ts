/**
 * The change log's writes are on disk when they return: where the system has
 * O_DSYNC the log is opened with it and no fdatasync follows a write, so the
 * flag must really be on the open file (a log opened without it, and not
 * flushed, would answer writes that a power cut could lose).
 */
import { constants } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flushLog, openLog, WRITES_SYNC_THEMSELVES, writeAll } from '../../src/state/persistence/durable-files.js';

/** The flags of an open file as the kernel holds them (Linux shows them in /proc). */
async function openFlags(fd: number): Promise<number> {
  const info = await readFile(`/proc/self/fdinfo/${fd}`, 'utf8');
  return Number.parseInt(/^flags:\s+([0-7]+)/m.exec(info)?.[1] ?? 'NaN', 8);
}

describe('the change log', () => {
  it.runIf(process.platform === 'linux')('is opened so that each write is on disk when it returns, appending or truncating', async () => {
    expect(WRITES_SYNC_THEMSELVES).toBe(true);
    const dir = await mkdtemp(join(tmpdir(), 'vcm-durable-'));
    try {
      const path = join(dir, 'log.jsonl');
      for (const mode of ['truncate', 'append'] as const) {
        const log = await openLog(path, mode);
        try {
          const flags = await openFlags(log.fd);
          expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
          expect(flags & constants.O_APPEND).toBe(mode === 'append' ? constants.O_APPEND : 0);
          await writeAll(log, new TextEncoder().encode(`${mode}\n`));
          await flushLog(log);
        } finally {
          await log.close();
        }
      }
      // Truncated, then appended to.
      expect(await readFile(path, 'utf8')).toBe('truncate\nappend\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
