/**
 * What Linux tells of a process through /proc, for the state file's lock
 * (lock-file.ts): whether a pid is still the process that took the lock.
 * Each answers undefined where /proc cannot be read (another system, a
 * sandbox), and the lock then falls back to asking whether the pid exists.
 */
import { readFileSync, readlinkSync } from 'node:fs';

export function readBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** This process's PID namespace as Linux names it (`pid:[4026531836]`); each container has its own. */
export function readPidNamespace(): string | undefined {
  try {
    return readlinkSync('/proc/self/ns/pid') || undefined;
  } catch {
    return undefined;
  }
}

/** The state, start time and name of a process from /proc/<pid>/stat; undefined when there is no such process (or no /proc). */
export function procStat(pid: number): { state: string; startTime: string; name: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (name) state ppid …": the name may hold spaces and parentheses, so fields are counted after its last ")".
  const close = text.lastIndexOf(')');
  const name = text.slice(text.indexOf('(') + 1, close);
  const fields = text.slice(close + 2).split(' ');
  // After the name: state is field 3 of the line, start time field 22.
  const state = fields[0];
  const startTime = fields[19];
  if (state === undefined || startTime === undefined) return undefined;
  return { state, startTime, name };
}

/** Whether the process runs node (its executable or its first argument says so); undefined when that cannot be read. */
export function isNodeProcess(pid: number): boolean | undefined {
  const named = (text: string) => /node|voice-config-mock/i.test(text);
  try {
    const argv0 = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] ?? '';
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8');
    return named(argv0) || named(comm);
  } catch {
    return undefined;
  }
}
