#!/usr/bin/env node
/**
 * `npm run bench`: the compiled mock (as `npm start` runs it) against a raw
 * node:http server answering bodies of the same size, under the same load,
 * on 127.0.0.1 only. Prints requests/s, p50/p99 latency and the ratio to the
 * raw server per case, start-up time and memory, with the demo seed and with
 * a large state, what each operation costs in process by number of records
 * (bench/operation-costs.mjs), then PASS/MISS per target. Exits 0 unless the bench itself
 * breaks; every server it started is stopped, also on Ctrl+C.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LIMITS } from '../dist/src/state/limits.js';
import { calibrate } from './calibrate.mjs';
import { compareVariants } from './compare-variants.mjs';
import { measureDataSet, spread as spreadOf } from './measure.mjs';
import { benchOptions } from './options.mjs';
import { send, startFloorServer, startRawServer, stopAll, stopChildrenOnExit } from './processes.mjs';
import { operationCostsApart } from './operation-costs.mjs';
import { casesTable, commandsTable, companionsTable, floorTable, operationsTable, processTable, verdicts } from './report.mjs';
import { writeLargeStateApart } from './state-file.mjs';
import { variants } from './variants.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * Room for the create case's records (the mock's own flag; the default is
 * 10,000 per kind and organization). Without it, creates and then deletes
 * had to stop after a few thousand requests, cut into slices of under 2,000:
 * in runs that short, the first answer on each new connection (the TCP
 * handshake and accept) and any single pause of either process make up the
 * slowest 1%, and the p99 they gave was 1.5–4 ms for the raw server alone.
 */
const MAX_RECORDS = 1_000_000;
/** The mock measured against the raw server runs with the request log off; the log's cost is a companion's figure. */
const room = ['--max-records', String(MAX_RECORDS), '--quiet'];
const roomLogged = ['--max-records', String(MAX_RECORDS)];
/** The write cases a state file changes. */
const WRITES = ['patch', 'create', 'delete'];

async function main() {
  const opts = { ...benchOptions(), maxRecords: MAX_RECORDS };
  stopChildrenOnExit();
  const scratch = mkdtempSync(join(tmpdir(), 'voice-config-mock-bench-'));
  try {
    const raw = await startRawServer();
    if (opts.calibrate) {
      const calibration = await calibrate(raw, opts);
      process.stdout.write(`\nThe raw server working longer per request: ${opts.connections} connections, ${opts.durationS} s each, Node ${process.version}\n\n${calibration}\n`);
      return;
    }
    if (opts.variants) {
      const names = opts.variants.includes('all') ? Object.keys(variants) : opts.variants.filter((name) => name !== 'none');
      const tables = await compareVariants({ names, raw, opts, args: roomLogged });
      process.stdout.write(`\nEach optimisation weighed: ${opts.connections} connections, ${opts.durationS} s per server and case, Node ${process.version}\n\n${tables}\n`);
      return;
    }
    let demoState;
    const keep = async (mock) => {
      demoState = await send(mock.port, { path: '/__mock/state' });
    };
    const names = opts.cases;
    const floor = opts.floor ? await startFloorServer() : undefined;
    // With the demo seed, in the same rounds: the mock with its request log on (as npm start runs it, the lines read
    // from a pipe as a terminal would; paired: run at the same time as the quiet mock, see bench/measure.mjs), and
    // the mock writing every change to a state file before it answers.
    const companions = [
      { key: 'log', label: 'log on', args: roomLogged, paired: true },
      ...(opts.durable ? [{ key: 'durable', label: '--state-file', args: ['--state-file', join(scratch, 'durable-state.json'), ...room], cases: WRITES }] : []),
    ];
    // Beside --state-file: the raw server writing every write to a log the same way, the disk's own share.
    const rawDurable = opts.durable ? await startRawServer({ durableLog: join(scratch, 'raw-durable.log') }) : undefined;
    const commands = await measureCommands(opts.startupRuns);
    const sets = [await measureDataSet({ data: 'demo', args: room, names, raw, rawDurable, floor, companions, opts, startupRuns: opts.startupRuns, keep })];
    sets[0].figures.records = demoState?.status === 200 ? countRecords(demoState.body) : Number.NaN;
    if (opts.records > 0) sets.push(...(await largeSets(demoState, raw, opts, scratch)));
    const operations = opts.records > 0 ? operationCostsApart(operationSizes(opts.records)) : undefined;
    const results = sets.flatMap((set) => set.results);
    const processes = sets.map((set) => set.figures);
    process.stdout.write(`\nvoice-config-mock benchmark: ${opts.connections} connections, ${opts.durationS} s per case, Node ${process.version}\n\n`);
    process.stdout.write(`Load average at the end: ${loadavg().map((n) => n.toFixed(2)).join(', ')} on ${cpus().length} CPUs\n\n`);
    process.stdout.write(`${casesTable(results)}\n\n`);
    const others = companionsTable(results);
    if (others) {
      process.stdout.write(
        `The same mock with the request log on (each round, the quiet mock and it under the same load at the same time), and with --state-file (in turns), in the same rounds:\n\n${others}\n\n`,
      );
    }
    process.stdout.write(`${processTable(processes)}\n\n${commandsTable(commands)}\n\n`);
    const floors = floorTable(results);
    if (floors) process.stdout.write(`The write cases beside a bare Hono app (--floor):\n\n${floors}\n\n`);
    if (operations) process.stdout.write(`${operationsTable(operations)}\n\n`);
    process.stdout.write(`${verdicts({ results, processes, operations, commands })}\n`);
  } finally {
    await stopAll();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The large state twice: the CLI with --state-file (start-up, memory, and
 * what saving the file after every change costs), and the same app loaded
 * from the file but not saving it (bench/serve-loaded.mjs: the in-memory
 * cost alone).
 */
async function largeSets(demoState, raw, opts, scratch) {
  if (demoState?.status !== 200 || !mockHelp().includes('--state-file')) {
    process.stderr.write(`The mock has no GET /__mock/state (${demoState?.status}) or no --state-file: the large data set is skipped\n`);
    return [];
  }
  const file = join(scratch, 'state.json');
  // Half the per-kind limit per organization, so creates have room at the large size too.
  const perKind = Math.floor(DEFAULT_LIMITS.recordsPerKind / 2);
  const demoFile = join(scratch, 'demo-state.json');
  writeFileSync(demoFile, demoState.body);
  const records = writeLargeStateApart(demoFile, opts.records, file, { perKind });
  const size = `${Math.round(records / 1000)}k`;
  // The mock writes its state file back; the generated one stays as it was for the second set.
  const saved = join(scratch, 'saved-state.json');
  copyFileSync(file, saved);
  const startupRuns = Math.min(opts.startupRuns, 3);
  // Every answered write is flushed to the state file's log first, at any size: the demo state with --state-file is
  // the baseline the large state with it is judged flat against, so the flush is not taken for growth.
  const demoSaved = join(scratch, 'saved-demo-state.json');
  copyFileSync(demoFile, demoSaved);
  const demoFromFile = await measureDataSet({ data: 'demo, --state-file', records: countRecords(demoState.body), args: ['--state-file', demoSaved, ...room], names: only(opts, ['patch']), raw, opts, startupRuns: 0 });
  const fromFile = await measureDataSet({ data: `${size}, --state-file`, records, args: ['--state-file', saved, ...room], names: only(opts, ['get', 'patch']), raw, opts, startupRuns });
  const inMemory = await measureDataSet({
    data: size,
    records,
    script: 'bench/serve-loaded.mjs',
    args: ['--state', file, ...room],
    names: only(opts, ['get', 'patch', 'create', 'delete']),
    raw,
    opts,
    startupRuns: 0,
  });
  return [demoFromFile, fromFile, inMemory];
}

/** Sizes the in-process operations are timed at: a handful of records, beyond the CPU's cache, and the large state's size. */
function operationSizes(records) {
  return [...new Set([100, 10_000, records])].filter((size) => size <= records).sort((a, b) => a - b);
}

function only(opts, names) {
  return names.filter((name) => opts.cases.includes(name));
}

/**
 * The commands that answer and end (`--version`, `help`), spawned as the installed command runs (node with no flags:
 * npm start's snapshot is for the mock's start), from spawn to exit: the median of `runs` with the fastest and
 * slowest, beside `node -e 0` (Node's own start on this machine).
 */
async function measureCommands(runs) {
  const time = (argv) => {
    const times = [];
    for (let i = 0; i < Math.max(runs, 5); i++) {
      const started = performance.now();
      const run = spawnSync(process.execPath, argv, { cwd: root, stdio: 'ignore' });
      if (run.status !== 0) throw new Error(`node ${argv.join(' ')} ended with ${run.status ?? run.signal}`);
      times.push(performance.now() - started);
    }
    return spreadOf(times);
  };
  return [
    { command: 'node -e 0', ...time(['-e', '0']) },
    { command: 'voice-config-mock --version', target: true, ...time(['dist/voice-config-mock.cjs', '--version']) },
    { command: 'voice-config-mock help', target: true, ...time(['dist/voice-config-mock.cjs', 'help']) },
  ];
}

function mockHelp() {
  return execFileSync(process.execPath, ['dist/voice-config-mock.cjs', '--help'], { cwd: root, encoding: 'utf8' });
}

function countRecords(body) {
  const snapshot = JSON.parse(body.toString('utf8'));
  return snapshot.organizations.reduce((sum, org) => sum + Object.values(org.records).reduce((n, list) => n + list.length, 0), 0);
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.stack : error}\n`);
  process.exitCode = 1;
});
