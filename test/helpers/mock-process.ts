/**
 * The built command (`dist/voice-config-mock.cjs`) as a child process, for tests that kill it, restart it and read
 * its state file. Every child started here is remembered until it exits, so `killAll` (in an `afterEach`) ends
 * whatever a failed assertion left running.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export const cli = new URL('../../dist/voice-config-mock.cjs', import.meta.url).pathname;

export interface RunningMock {
  child: ChildProcess;
  url: string;
  stderr: () => string;
}

const started = new Set<ChildProcess>();

/** Starts the command on a free port with `--state-file file` (and `args`); resolves once it listens. */
export function startWithStateFile(file: string, ...args: string[]): Promise<RunningMock> {
  return startNode([cli, '--port', '0', '--state-file', file, ...args]);
}

/** Runs `node <argv>` (in `cwd`, with `env`) until the mock it starts listens; resolves its URL. */
export function startNode(argv: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningMock> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    remember(child);
    let out = '';
    let err = '';
    child.stderr?.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url, stderr: () => err });
    });
    child.on('exit', (code) => reject(new Error(`node ${argv.join(' ')} exited with ${code}: ${err}`)));
  });
}

/** Counts `child` among the processes `killAll` ends. */
export function remember(child: ChildProcess): void {
  started.add(child);
  child.once('exit', () => started.delete(child));
}

/** Ends `child` with SIGKILL (as a crash would) and resolves once it has exited. */
export function killed(child: ChildProcess): Promise<void> {
  started.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return gone;
}

/** Kills every child started here that is still running. */
export async function killAll(): Promise<void> {
  await Promise.all([...started].map(killed));
}

/** Runs the command on a free port with `args` until it exits by itself (a refused start): its code and stderr. */
export function exitOf(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, '--port', '0', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
    remember(child);
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}
