/**
 * The commands bound how far V8 lets their heap grow past what is live
 * (src/cli/heap-growth.ts). Two halves: V8 (this Node) honours the growth
 * factor when it is set after the start, as the commands set it; and the
 * built commands set theirs (`help` sets none). Each runs in a process of
 * its own: the flag would stay set in this worker.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { KIT_HEAP_GROWING_PERCENT, SERVE_HEAP_GROWING_PERCENT } from '../src/cli/heap-growth.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'heap-growth-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A program that keeps six pages of records live (30 MiB) while sixty more pass through it, each living for three
 * more, long enough to reach the old generation (as a list the kit parsed does, for the length of a check), and
 * prints the largest heap it had and what was live at the end. `percent`: the growth factor it sets once it has
 * started, as the commands do.
 */
const CHURN = `
const percent = process.argv[1];
if (percent) require('node:v8').setFlagsFromString('--heap-growing-percent=' + percent);
const page = () => Array.from({ length: 60_000 }, (_, j) => ({ j, name: 'record ' + j }));
const live = Array.from({ length: 6 }, page);
const recent = [];
let largest = 0;
for (let read = 0; read < 60; read++) {
  recent.push(page());
  if (recent.length > 3) recent.shift();
  largest = Math.max(largest, process.memoryUsage().heapTotal);
}
recent.length = 0;
globalThis.gc();
console.log(JSON.stringify({ largestMiB: largest / 2 ** 20, liveMiB: process.memoryUsage().heapUsed / 2 ** 20, kept: live.length }));
`;

function churn(percent?: number): { largestMiB: number; liveMiB: number } {
  const run = spawnSync(process.execPath, ['--expose-gc', '-e', CHURN, String(percent ?? '')], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe("the commands' heap", () => {
  it('grows far less past its live set once a command sets the growth factor after the start', () => {
    const unbounded = churn();
    const kit = churn(KIT_HEAP_GROWING_PERCENT);
    const serve = churn(SERVE_HEAP_GROWING_PERCENT);
    // Node 20.20, three runs each: 246–283 MiB at most without the factor, 133–148 MiB at 1.5, 161–175 MiB at 2;
    // 30 MiB live at the end of all.
    expect(kit.liveMiB).toBeCloseTo(unbounded.liveMiB, -1);
    expect(kit.largestMiB).toBeLessThan(unbounded.largestMiB * 0.75);
    expect(serve.largestMiB).toBeLessThan(unbounded.largestMiB * 0.85);
    // Three programs of some 250 MiB each, one after the other: 4–12 s, more than 20 on a machine busy with other work.
  }, 90_000);

  /** A preloaded module that records the V8 flags a built command sets, and whether node:http was loaded by then. */
  function recorder(): string {
    const path = join(scratch, 'record-v8-flags.cjs');
    writeFileSync(
      path,
      `const v8 = require('node:v8'); const set = v8.setFlagsFromString; const seen = [];
v8.setFlagsFromString = (flags) => { seen.push([flags, process.moduleLoadList.includes('NativeModule http')]); return set(flags); };
process.on('exit', () => process.stderr.write('v8 flags set: ' + JSON.stringify(seen) + '\\n'));`,
    );
    return path;
  }

  function recorded(stderr: string, status: number | null): [string, boolean][] {
    const line = /v8 flags set: (.*)/.exec(stderr)?.[1];
    if (line === undefined) throw new Error(`no record of V8 flags (exit ${status}):\n${stderr}`);
    return JSON.parse(line);
  }

  /** The V8 flags a built command that ends by itself sets. */
  function flagsSetBy(args: string[]): string[] {
    const run = spawnSync(process.execPath, ['--require', recorder(), join(ROOT, 'dist/voice-config-mock.cjs'), ...args], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    return recorded(run.stderr, run.status).map(([flags]) => flags);
  }

  /** The V8 flags `serve` has set once it listens, each with whether node:http was loaded when it was set. */
  async function flagsSetByServe(): Promise<[string, boolean][]> {
    const command = [join(ROOT, 'dist/voice-config-mock.cjs'), 'serve', '--port', '0', '--quiet'];
    const child = spawn(process.execPath, ['--require', recorder(), ...command]);
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    // 'close', not 'exit': the record is the last thing the process writes, and a pipe may hold it past the exit.
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('listening on')) resolve();
      });
      child.once('exit', () => reject(new Error(`serve ended before listening:\n${stderr}`)));
    });
    child.kill('SIGTERM');
    // Awaited first: an argument list reads `stderr` before it awaits.
    const status = await exited;
    return recorded(stderr, status);
  }

  it('is bounded by each command: the kit at its factor, serve at its own once it listens, help not at all', async () => {
    const kit = `--heap-growing-percent=${KIT_HEAP_GROWING_PERCENT}`;
    expect(flagsSetBy(['verify', '--help'])).toEqual([kit]);
    expect(flagsSetBy(['explore', '--help'])).toEqual([kit]);
    // After node:http has loaded: V8 takes Node's cache of its own modules' code only under the flags it was made
    // with, so a builtin loaded after a flag is set is compiled from its source (about 20 ms of npm start's start-up).
    expect(await flagsSetByServe()).toEqual([[`--heap-growing-percent=${SERVE_HEAP_GROWING_PERCENT}`, true]]);
    // A seed serve refuses: it ends before it listens, having set nothing.
    expect(flagsSetBy(['--seed', 'none'])).toEqual([]);
    expect(flagsSetBy(['help'])).toEqual([]);
  });
});
