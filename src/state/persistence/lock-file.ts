/**
 * One process per state file: a lock file beside it (`<state file>.lock`)
 * names its owner: the pid, the process's start time and the machine's boot
 * id as Linux gives them (/proc), and the host name. A second mock on the
 * same file is refused at start, instead of the two overwriting each other's
 * changes; a lock whose owner is provably gone is taken over, with a note
 * saying why.
 *
 * Provably: only a lock written on this host, in this boot of the machine and
 * in this PID namespace can be checked against /proc. A lock of another host
 * (a shared folder), another boot, or another PID namespace (another
 * container on the same kernel, where node may be pid 1 in both) names a pid
 * that means nothing here, so it is refused at start with a message naming
 * it, unless the caller asks to take it anyway (`--take-lock`).
 *
 * A pid alone says too little: after a `kill -9` the killed mock stays a
 * zombie until its parent reaps it (a harness that never does, a container's
 * first process), and a pid is soon used again, by any program (pid 1 in a
 * container). So where /proc can be read, the owner is running only when the
 * process of that pid is not a zombie, started when the lock says (same boot
 * of the machine), and, for a lock that does not say, is a node process.
 * Without /proc, a process of that pid that exists is taken to be the owner.
 */
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { isNodeProcess, procStat, readBootId, readPidNamespace } from './process-identity.js';
import { StateFileError } from './state-file-error.js';

/** Where a state file's lock is. */
export const lockPath = (path: string): string => `${path}.lock`;

/** State files this process holds: a second server in the same process is refused as well (its pid is the same). */
const heldHere = new Set<string>();

/** Who holds a lock, as its file says; a lock of an older version holds only `pid`. */
export interface LockOwner {
  pid: number;
  /** The process's start time, in clock ticks since the machine booted (field 22 of /proc/<pid>/stat). */
  startTime?: string;
  /** /proc/sys/kernel/random/boot_id: changes with every boot. */
  bootId?: string;
  host?: string;
  /** The PID namespace the pid is counted in (`pid:[4026531836]`, /proc/self/ns/pid): another one per container. */
  pidNamespace?: string;
}

/** What `lockStateFile` answers: releases the lock; `restore` writes it again if it went (its folder removed under the mock). */
export interface HeldLock {
  (): Promise<void>;
  restore(): Promise<void>;
}

export interface LockOptions {
  /** Take a lock that cannot be checked from here (another host, boot or PID namespace), with a note (`--take-lock`). */
  takeForeign?: boolean;
}

/** Takes the lock of `path`; resolves to a function that releases it. */
export async function lockStateFile(
  path: string,
  note: (message: string) => void = (message) => console.error(`voice-config-mock: ${message}`),
  options: LockOptions = {},
): Promise<HeldLock> {
  const lock = lockPath(path);
  if (heldHere.has(lock)) throw inUse(path, lock, { pid: process.pid });
  // Claimed before the first await: a second open in this process, started meanwhile, is refused above.
  heldHere.add(lock);
  try {
    return await takeLock(path, lock, note, options);
  } catch (error) {
    heldHere.delete(lock);
    throw error;
  }
}

/** This process, as its lock names it. */
export function currentOwner(): LockOwner {
  const startTime = procStat(process.pid)?.startTime;
  const bootId = readBootId();
  const pidNamespace = readPidNamespace();
  return {
    pid: process.pid,
    ...(startTime ? { startTime } : {}),
    ...(bootId ? { bootId } : {}),
    host: hostname(),
    ...(pidNamespace ? { pidNamespace } : {}),
  };
}

async function takeLock(path: string, lock: string, note: (message: string) => void, options: LockOptions): Promise<HeldLock> {
  // Written apart, then linked into place: a link fails when the lock exists, so two processes can never both take it.
  const mine = `${lock}.${process.pid}.tmp`;
  const text = `${JSON.stringify(currentOwner())}\n`;
  await writeFile(mine, text).catch((error: Error) => {
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
      const held = await readFile(lock, 'utf8').catch(() => '');
      const owner = parseOwner(held);
      const foreign = owner === undefined ? undefined : whereElse(owner);
      if (foreign !== undefined && !options.takeForeign) throw foreignLock(path, lock, owner as LockOwner, foreign);
      const gone =
        owner === undefined ? 'which names no process' : foreign !== undefined ? `written ${foreign} (--take-lock)` : whyGone(owner);
      if (gone === undefined) throw inUse(path, lock, owner as LockOwner);
      // Gone (or unreadable, or our own pid left by an earlier process, as in a container): take it over.
      if (await setAside(lock, held)) {
        note(`Took over the lock ${lock}${owner === undefined ? '' : ` of process ${owner.pid}`}, ${gone}.`);
      }
    }
  } finally {
    await rm(mine, { force: true });
  }
  const release = async () => {
    heldHere.delete(lock);
    // Only a lock that is still ours is removed.
    if ((await readFile(lock, 'utf8').catch(() => '')) === text) await rm(lock, { force: true });
  };
  const restore = async () => {
    if (!heldHere.has(lock) || (await readFile(lock, 'utf8').catch(() => '')) === text) return;
    // Linked into place as at start: a mock that started on the file meanwhile keeps its lock, and is named.
    const again = `${lock}.${process.pid}.tmp`;
    try {
      await writeFile(again, text);
      await link(again, lock);
      note(`The lock file ${lock} went with its folder; it was written again.`);
    } catch (error) {
      const other = parseOwner(await readFile(lock, 'utf8').catch(() => ''));
      note(
        `The lock file ${lock} went with its folder and could not be written again (${other ? `process ${other.pid} holds it now` : (error as Error).message}).`,
      );
    } finally {
      await rm(again, { force: true });
    }
  };
  return Object.assign(release, { restore });
}

/**
 * Moves the stale lock out of the way; false when what was moved is not the
 * stale lock (another process took it over first): that one is put back.
 */
async function setAside(lock: string, stale: string): Promise<boolean> {
  const aside = `${lock}.${process.pid}.stale`;
  try {
    await rename(lock, aside);
  } catch {
    return false;
  }
  const moved = await readFile(aside, 'utf8').catch(() => '');
  const movedOwner = parseOwner(moved);
  if (moved !== stale && movedOwner !== undefined && whyGone(movedOwner) === undefined) await link(aside, lock).catch(() => {});
  await rm(aside, { force: true });
  return moved === stale;
}

export function parseOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const { pid, startTime, bootId, host, pidNamespace } = JSON.parse(trimmed) as Record<string, unknown>;
      if (!isPid(pid)) return undefined;
      return {
        pid,
        ...(typeof startTime === 'string' ? { startTime } : {}),
        ...(typeof bootId === 'string' ? { bootId } : {}),
        ...(typeof host === 'string' ? { host } : {}),
        ...(typeof pidNamespace === 'string' ? { pidNamespace } : {}),
      };
    } catch {
      return undefined;
    }
  }
  const pid = Number(trimmed);
  return isPid(pid) ? { pid } : undefined;
}

const isPid = (pid: unknown): pid is number => typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0;

/**
 * Where else the lock was written, when its owner cannot be checked from here (as the refusal says it): on another
 * host, in another boot of this machine, or in another PID namespace. Undefined when the lock says none of that
 * (a field it leaves out, as an older lock does, is not compared).
 */
export function whereElse(owner: LockOwner): string | undefined {
  if (owner.host !== undefined && owner.host !== hostname()) return `on another host (${owner.host})`;
  const bootId = readBootId();
  if (owner.bootId !== undefined && bootId !== undefined && owner.bootId !== bootId)
    return `in another boot of this machine (boot id ${owner.bootId})`;
  const namespace = readPidNamespace();
  if (owner.pidNamespace !== undefined && namespace !== undefined && owner.pidNamespace !== namespace)
    return `in another PID namespace (${owner.pidNamespace}: another container, where pid ${owner.pid} is another process)`;
  return undefined;
}

/** Why the owner no longer holds the lock (as the note says it), or undefined when it may still run. Only for a lock `whereElse` finds written here. */
export function whyGone(owner: LockOwner): string | undefined {
  if (owner.pid === process.pid) return 'which names this process (left by an earlier process of the same pid)';
  const bootId = readBootId();
  if (bootId === undefined) return isRunning(owner.pid) ? undefined : 'which is no longer running';
  // Read from this machine's /proc from here on (whereElse has refused a lock of another boot).
  const stat = procStat(owner.pid);
  if (stat === undefined) return isRunning(owner.pid) ? undefined : 'which is no longer running';
  if (stat.state === 'Z' || stat.state === 'X') return 'which has ended (a zombie its parent has not reaped)';
  if (owner.startTime !== undefined) {
    return owner.startTime === stat.startTime ? undefined : `whose pid is now another process's (it started later than the lock's owner)`;
  }
  // A lock that names no start time: a process of that pid holds it only if it is node (as every mock is).
  return isNodeProcess(owner.pid) === false ? `whose pid is now another program's (${stat.name}), not a voice-config-mock` : undefined;
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

function foreignLock(path: string, lock: string, owner: LockOwner, where: string): StateFileError {
  return new StateFileError(
    `The state file ${path} is locked by process ${owner.pid}, written ${where} (see ${lock}); whether that process still runs cannot be checked from here. Stop the voice-config-mock there, or give this one another --state-file; if none runs there on this file, start with --take-lock to take the lock.`,
  );
}

function inUse(path: string, lock: string, owner: LockOwner): StateFileError {
  const host = owner.host !== undefined && owner.host !== hostname() ? ` on host ${owner.host}` : '';
  return new StateFileError(
    `The state file ${path} is in use by another voice-config-mock (process ${owner.pid}${host}, see ${lock}). Stop that one, or give this one another --state-file; if process ${owner.pid} is not a voice-config-mock, delete ${lock}.`,
  );
}
