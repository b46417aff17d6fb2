/**
 * Writing files so that what was written survives a crash of the process
 * and of the machine: bytes are flushed to the disk (fsync) before the
 * caller goes on, and a new or renamed file's directory entry is flushed
 * too (on Linux a rename is durable only once its directory is).
 */
import { constants } from 'node:fs';
import { type FileHandle, open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A log's writes on disk when each write returns (O_DSYNC), where the system
 * has the flag: a flush of the log is then one trip to Node's thread pool, not
 * two (a write, then fdatasync). Without it, the caller flushes with
 * `datasync` after writing.
 */
export const WRITES_SYNC_THEMSELVES = constants.O_DSYNC !== undefined;

/** Opens a log for durable writes: `append` to what it holds, or `truncate` it first. */
export function openLog(path: string, mode: 'append' | 'truncate'): Promise<FileHandle> {
  const { O_WRONLY, O_CREAT, O_APPEND, O_TRUNC, O_DSYNC = 0 } = constants;
  return open(path, O_WRONLY | O_CREAT | O_DSYNC | (mode === 'append' ? O_APPEND : O_TRUNC));
}

/** Flushes what was written to a log opened by `openLog`, where its writes did not already. */
export async function flushLog(handle: FileHandle): Promise<void> {
  if (!WRITES_SYNC_THEMSELVES) await handle.datasync();
}

/** Writes all of `bytes` (a write may take fewer bytes than it was given). */
export async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<number> {
  let written = 0;
  while (written < bytes.byteLength) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.byteLength - written);
    written += bytesWritten;
  }
  return written;
}

/** Flushes a directory's entries; where a system cannot open a directory for that (Windows), there is nothing more to do. */
export async function syncDirectory(path: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dirname(path), 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Writes the pieces to a temporary file, flushes it, renames it over `path`
 * and flushes the directory: never half a file, never one string of the
 * whole state. Returns the bytes written.
 */
export async function replaceDurably(path: string, pieces: readonly Uint8Array[]): Promise<number> {
  // One name, not one per process: the lock lets one process write at a time, and a fold killed midway leaves a file the next fold replaces.
  const temporary = `${path}.tmp`;
  let bytes = 0;
  try {
    const handle = await open(temporary, 'w');
    try {
      for (const piece of pieces) bytes += await writeAll(handle, piece);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  } catch (error) {
    // A failed save leaves no partial temporary file behind (the state file itself is untouched).
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(path);
  return bytes;
}
