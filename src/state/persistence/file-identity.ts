/**
 * Whether the files a state file's writer appends to are still the ones at
 * their paths: a `rm` or `git clean` under a running mock (or a program that
 * replaced a file) would leave the appends going to a file no path names,
 * lost at the next start. Asked before each append batch, in the batch's
 * turn (three stat calls beside the flush each batch makes).
 */
import { fstatSync, statSync } from 'node:fs';
import { type FileHandle, mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { flushLog, openLog, replaceDurably, syncDirectory, writeAll } from './durable-files.js';

/** A file as the system knows it, whatever its name. */
export interface FileId {
  dev: number;
  ino: number;
  /** When its inode last changed: a file made in place of a deleted one may get the same inode number, not the same time. */
  ctimeMs: number;
}

export const idOf = ({ dev, ino, ctimeMs }: FileId): FileId => ({ dev, ino, ctimeMs });

const same = (a: FileId, b: FileId | undefined) => b !== undefined && a.dev === b.dev && a.ino === b.ino;

/** What happened to the open log (`logFd`) or the snapshot last written (`snapshot`), or undefined when both are in place. */
export function filesMoved(logFd: number, logPath: string, snapshotPath: string, snapshot: FileId | undefined): string | undefined {
  try {
    const open = fstatSync(logFd);
    if (open.nlink === 0) return `The change log ${logPath} was deleted`;
    const logAtPath = statSync(logPath, { throwIfNoEntry: false });
    if (!logAtPath || !same(open, logAtPath)) return `The change log ${logPath} was replaced`;
    const snapshotAtPath = statSync(snapshotPath, { throwIfNoEntry: false });
    if (!snapshotAtPath) return `The state file ${snapshotPath} was deleted`;
    if (!same(snapshotAtPath, snapshot) || snapshotAtPath.ctimeMs !== snapshot?.ctimeMs)
      return `The state file ${snapshotPath} was replaced`;
    return undefined;
  } catch (error) {
    return `The state file ${snapshotPath} could not be checked (${(error as Error).message})`;
  }
}

/**
 * A fold's files: the snapshot replaced durably, then the log emptied to its
 * header (only now: a kill before this point leaves the old log, which names
 * the old snapshot and so is ignored). `remake`: the files went under the
 * mock, and their folder is made again if it went too (rm -rf of a test's
 * tmp/); otherwise a missing folder fails the save, as any unwritable path. Answers the new log, open
 * for appends, and what the writer keeps of both files.
 */
export async function writeSnapshotAndLog(path: string, logPath: string, pieces: Uint8Array[], header: Uint8Array, remake: boolean) {
  if (remake) await mkdir(dirname(path), { recursive: true });
  const snapshotBytes = await replaceDurably(path, pieces);
  const snapshotFile = idOf(await stat(path));
  const log: FileHandle = await openLog(logPath, 'truncate');
  try {
    const logBytes = await writeAll(log, header);
    await flushLog(log);
    await syncDirectory(logPath);
    return { log, logBytes, snapshotBytes, snapshotFile };
  } catch (error) {
    await log.close().catch(() => {});
    throw error;
  }
}
