#!/usr/bin/env node
/**
 * `npm run bench`: the compiled mock (as `npm start` runs it) against a raw
 * node:http server answering bodies of the same size, under the same load,
 * on 127.0.0.1 only. Prints requests/s, p50/p99 latency and the ratio to the
 * raw server per case, start-up time and memory, with the demo seed and with
 * a large state file, then PASS/MISS per target. Exits 0 unless the bench
 * itself breaks; every server it started is stopped, also on Ctrl+C.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cases, IdPool, sampleRequest } from './cases.mjs';
import { runLoad } from './load.mjs';
import { rssMiB, send, startMock, startRawServer, stop, stopAll, stopChildrenOnExit } from './processes.mjs';
import { casesTable, median, processTable, verdicts } from './report.mjs';
import { writeLargeState } from './state-file.mjs';

const usage = `Usage: npm run bench -- [options]
  --duration S       seconds per measured case (default 5)
  --connections N    concurrent connections (default 10)
  --warmup N         requests sent before each measured case (default 2000)
  --startup-runs N   start-ups to take the median of (default 5)
  --records N        records in the large state file (default 100000; 0 skips it)
`;

const TOKEN = 'demo-token';
const probe = { path: '/api/v1/schemas', headers: { authorization: `Bearer ${TOKEN}` } };

function options() {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2000' },
      'startup-runs': { type: 'string', default: '5' },
      records: { type: 'string', default: '100000' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  const number = (name) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number (got "${values[name]}")\n${usage}`);
    return value;
  };
  return {
    durationS: number('duration'),
    connections: number('connections'),
    warmup: number('warmup'),
    startupRuns: Math.max(1, number('startup-runs')),
    records: number('records'),
  };
}

async function measureStartup(args, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const { child, startupMs } = await startMock({ args, probe });
    times.push(startupMs);
    await stop(child);
  }
  return { median: median(times), runs: times };
}

/** Ids the cases need: an unlocked schema to read and change. */
async function prepareTarget(port) {
  const { status, body } = await send(port, probe);
  if (status !== 200) throw new Error(`listing schemas answered ${status}`);
  const schema = JSON.parse(body.toString('utf8')).find((record) => !record.isLocked);
  if (!schema) throw new Error('the organization of demo-token has no unlocked schema');
  return { token: TOKEN, schemaId: schema.id, pool: new IdPool() };
}

/** Measures one case on the mock, then the baseline answering the mock's sample body. */
async function measureCase(name, { mock, raw, target, opts, data }) {
  const sample = await send(mock.port, sampleRequest(name, target));
  if (sample.status >= 300) throw new Error(`${name} answered ${sample.status}: ${sample.body.toString('utf8').slice(0, 300)}`);
  await raw.answer(sample);
  const bounded = name === 'delete' ? { amount: target.pool.remaining - 1 - opts.warmup - opts.connections } : {};
  if (bounded.amount !== undefined && bounded.amount < opts.connections) throw new Error('too few records to delete; run create longer');
  const load = (port, collect, extra) =>
    runLoad({ port, connections: opts.connections, durationS: opts.durationS, request: cases[name].request(target, { collect }), ...extra });
  if (opts.warmup > 0) await load(mock.port, true, { amount: Math.max(opts.warmup, opts.connections) });
  const mockResult = await load(mock.port, true, bounded);
  if (opts.warmup > 0) await load(raw.port, false, { amount: Math.max(opts.warmup, opts.connections) });
  const rawResult = await load(raw.port, false, bounded);
  const result = { data, name, label: cases[name].label, mock: mockResult, raw: rawResult };
  const failed = mockResult.non2xx + mockResult.errors;
  const why = failed > 0 ? ` (${failed} failed: statuses ${mockResult.statuses}, ${mockResult.errors} connection errors or timeouts)` : '';
  process.stderr.write(`  ${result.label} (${data}): ${Math.round(mockResult.rps)} req/s, raw ${Math.round(rawResult.rps)} req/s${why}\n`);
  return result;
}

/** Start-up, load cases and memory for one data set; `keep` sees the mock before the cases change its data. */
async function measureDataSet({ data, records, args, names, raw, opts, keep }) {
  process.stderr.write(`${data}: start-up ×${opts.startupRuns}\n`);
  const startup = await measureStartup(args, opts.startupRuns);
  const mock = await startMock({ args, probe });
  try {
    const target = await prepareTarget(mock.port);
    await keep?.(mock);
    const results = [];
    for (const name of names) results.push(await measureCase(name, { mock, raw, target, opts, data }));
    return { results, figures: { data, records, startup, rssMiB: rssMiB(mock.pid) } };
  } finally {
    await stop(mock.child);
  }
}

async function main() {
  const opts = options();
  stopChildrenOnExit();
  const scratch = mkdtempSync(join(tmpdir(), 'voice-config-mock-bench-'));
  try {
    const raw = await startRawServer();
    let demoState;
    const demo = await measureDataSet({
      data: 'demo',
      records: undefined,
      args: [],
      names: ['list', 'get', 'patch', 'create', 'delete'],
      raw,
      opts,
      keep: async (mock) => {
        demoState = await send(mock.port, { path: '/__mock/state' });
      },
    });
    demo.figures.records = demoState?.status === 200 ? countRecords(demoState.body) : Number.NaN;
    const sets = [demo];
    if (opts.records > 0) {
      if (demoState?.status !== 200) {
        process.stderr.write(`GET /__mock/state answered ${demoState?.status}: the mock has no --state-file yet, so the large data set is skipped\n`);
      } else {
        const file = join(scratch, 'state.json');
        const snapshot = JSON.parse(demoState.body.toString('utf8'));
        const count = writeLargeState(snapshot, opts.records, file);
        const data = `${Math.round(count / 1000)}k`;
        sets.push(
          await measureDataSet({ data, records: count, args: ['--state-file', file], names: ['get', 'patch', 'create', 'delete'], raw, opts }),
        );
      }
    }
    const results = sets.flatMap((set) => set.results);
    const processes = sets.map((set) => set.figures);
    process.stdout.write(
      `\nvoice-config-mock benchmark: ${opts.connections} connections, ${opts.durationS} s per case, Node ${process.version}\n\n`,
    );
    process.stdout.write(`${casesTable(results)}\n\n${processTable(processes)}\n\n${verdicts({ results, processes })}\n`);
  } finally {
    await stopAll();
    rmSync(scratch, { recursive: true, force: true });
  }
}

function countRecords(body) {
  const snapshot = JSON.parse(body.toString('utf8'));
  return snapshot.organizations.reduce((sum, org) => sum + Object.values(org.records).reduce((n, list) => n + list.length, 0), 0);
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.stack : error}\n`);
  process.exitCode = 1;
});
