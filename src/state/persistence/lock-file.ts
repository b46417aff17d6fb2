/**
 * One process per state file: a lock file beside it (`<state file>.lock`)
 * holds the owner's pid. A second mock on the same file is refused at start,
 * instead of the two overwriting each other's changes; a lock whose process
 * is gone (a kill, a crash) is taken over, with a note saying so.
 */
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { StateFileError } from './state-file-error.js';

/** Where a state file's lock is. */
export const lockPath = (path: string): string => `${path}.lock`;

/** State files this process holds: a second server in the same process is refused as well (its pid is the same). */
const heldHere = new Set<string>();

/** Takes the lock of `path`; resolves to a function that releases it. */
export async function lockStateFile(
  path: string,
  note: (message: string) => void = (message) => console.error(`voice-config-mock: ${message}`),
): Promise<() => Promise<void>> {
  const lock = lockPath(path);
  if (heldHere.has(lock)) throw inUse(path, lock, process.pid);
  // Claimed before the first await: a second open in this process, started meanwhile, is refused above.
  heldHere.add(lock);
  try {
    return await takeLock(path, lock, note);
  } catch (error) {
    heldHere.delete(lock);
    throw error;
  }
}

async function takeLock(path: string, lock: string, note: (message: string) => void): Promise<() => Promise<void>> {
  // Written apart, then linked into place: a link fails when the lock exists, so two processes can never both take it.
  const mine = `${lock}.${process.pid}.tmp`;
  await writeFile(mine, `${process.pid}\n`).catch((error: Error) => {
    throw new StateFileError(`Cannot write the state file ${path}: its lock file ${lock} cannot be written (${error.message}).`);
  });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(mine, lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) {
          throw new StateFileError(`Cannot take the lock file ${lock}: ${(error as Error).message}.`);
        }
      }
      const owner = await ownerOf(lock);
      if (owner !== undefined && owner !== process.pid && isRunning(owner)) throw inUse(path, lock, owner);
      // Gone (or unreadable, or our own pid left by an earlier process, as in a container): take it over.
      if (await setAside(lock, owner)) {
        note(`Took over the lock ${lock}${owner === undefined ? '' : ` of process ${owner}`}, which is no longer running.`);
      }
    }
  } finally {
    await rm(mine, { force: true });
  }
  return async () => {
    heldHere.delete(lock);
    // Only a lock that is still ours is removed.
    if ((await ownerOf(lock)) === process.pid) await rm(lock, { force: true });
  };
}

/**
 * Moves the stale lock out of the way; false when what was moved is not the
 * stale lock (another process took it over first): that one is put back.
 */
async function setAside(lock: string, stale: number | undefined): Promise<boolean> {
  const aside = `${lock}.${process.pid}.stale`;
  try {
    await rename(lock, aside);
  } catch {
    return false;
  }
  const moved = await ownerOf(aside);
  if (moved !== stale && moved !== undefined && isRunning(moved)) await link(aside, lock).catch(() => {});
  await rm(aside, { force: true });
  return moved === stale;
}

async function ownerOf(lock: string): Promise<number | undefined> {
  const text = await readFile(lock, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function inUse(path: string, lock: string, pid: number): StateFileError {
  return new StateFileError(
    `The state file ${path} is in use by another voice-config-mock (process ${pid}, see ${lock}). Stop that one, or give this one another --state-file.`,
  );
}
