/**
 * Measuring one data set: start-up (spawn to first answer), the load cases
 * against the mock and the raw baseline, and the mock's memory.
 */
import { DEFAULT_LIMITS } from '../dist/src/domain/limits.js';
import { CREATED_NAME, cases, IdPool, sampleRequest } from './cases.mjs';
import { runLoad, summarize } from './load.mjs';
import { cpuTimes, rssMiB, send, startMock, stop } from './processes.mjs';
import { median } from './report.mjs';

const TOKEN = 'demo-token';
export const probe = { path: '/api/v1/schemas', headers: { authorization: `Bearer ${TOKEN}` } };

async function measureStartup(how, runs) {
  const times = [];
  const cpu = [];
  for (let i = 0; i < runs; i++) {
    const { child, startupMs, startupCpuMs } = await startMock({ ...how, probe });
    times.push(startupMs);
    cpu.push(startupCpuMs);
    await stop(child);
  }
  return { median: median(times), runs: times, cpuMedian: median(cpu) };
}

/** Ids the cases need: an unlocked schema to read and change, and how many schemas there are. */
async function prepareTarget(port) {
  const { status, body } = await send(port, probe);
  if (status !== 200) throw new Error(`listing schemas answered ${status}`);
  const schemas = JSON.parse(body.toString('utf8'));
  const schema = schemas.find((record) => !record.isLocked);
  if (!schema) throw new Error('the organization of demo-token has no unlocked schema');
  return { token: TOKEN, schemaId: schema.id, pool: new IdPool(), schemaCount: schemas.length };
}

/** Puts the ids of the schemas the create case made into the pool the delete case takes them from. */
async function collectCreated(port, target) {
  const { status, body } = await send(port, probe);
  if (status !== 200) throw new Error(`listing schemas answered ${status}`);
  for (const schema of JSON.parse(body.toString('utf8'))) if (schema.name === CREATED_NAME) target.pool.add(schema.id);
}

/**
 * Creates stop below the per-kind record limit (a 409 would measure the refusal);
 * deletes stop when every created record is gone (a 404 would measure the miss).
 */
function bound(name, target, opts) {
  const spare = 1 + opts.warmup + opts.connections;
  if (name === 'create') return { amount: DEFAULT_LIMITS.recordsPerKind - target.schemaCount - spare };
  if (name === 'delete') return { amount: target.pool.remaining - spare };
  return {};
}

/** Measures one case on the mock, then the baseline answering the mock's sample body; undefined when it cannot run. */
async function measureCase(name, { mock, raw, target, opts, data }) {
  if (name === 'delete') await collectCreated(mock.port, target);
  const bounded = bound(name, target, opts);
  if (bounded.amount !== undefined && bounded.amount < opts.connections) {
    process.stderr.write(`  ${cases[name].label} (${data}): skipped, too few records left to measure\n`);
    return undefined;
  }
  const sample = await send(mock.port, sampleRequest(name, target));
  if (sample.status >= 300) throw new Error(`${name} answered ${sample.status}: ${sample.body.toString('utf8').slice(0, 300)}`);
  await raw.answer(sample);
  const load = (port, mock, extra) =>
    runLoad({ port, connections: opts.connections, durationS: opts.durationS, request: cases[name].request(target, { mock }), ...extra });
  const warmUp = { amount: Math.max(opts.warmup, opts.connections) };
  if (opts.warmup > 0) await load(mock.port, true, warmUp);
  if (opts.warmup > 0) await load(raw.port, false, warmUp);
  // Mock and baseline take turns in short slices, so a burst of other work on the machine hits both alike.
  const slice = { durationS: opts.durationS / opts.rounds };
  if (bounded.amount !== undefined) slice.amount = Math.max(opts.connections, Math.floor(bounded.amount / opts.rounds));
  const mockRuns = [];
  const rawRuns = [];
  const cpuBefore = [cpuTimes(mock.pid), cpuTimes(raw.child.pid)];
  for (let round = 0; round < opts.rounds; round++) {
    mockRuns.push(await load(mock.port, true, slice));
    rawRuns.push(await load(raw.port, false, slice));
  }
  // CPU time per request barely depends on what else the machine runs, unlike requests/s.
  const mockResult = { ...summarize(mockRuns), ...cpuPerRequest(mock.pid, cpuBefore[0], mockRuns) };
  const rawResult = { ...summarize(rawRuns), ...cpuPerRequest(raw.child.pid, cpuBefore[1], rawRuns) };
  const failed = mockResult.non2xx + mockResult.errors;
  const why = failed > 0 ? ` (${failed} failed: statuses ${mockResult.statuses}, ${mockResult.errors} connection errors or timeouts)` : '';
  process.stderr.write(`  ${cases[name].label} (${data}): ${Math.round(mockResult.rps)} req/s, raw ${Math.round(rawResult.rps)} req/s${why}\n`);
  return { data, name, label: cases[name].label, mock: mockResult, raw: rawResult, sliceS: slice.durationS };
}

/** µs of CPU per answered request: all of it, and the kernel's part (mostly the socket reads and writes). */
function cpuPerRequest(pid, before, runs) {
  const after = cpuTimes(pid);
  const requests = runs.reduce((n, run) => n + run.count, 0);
  return { cpuUs: ((after.total - before.total) * 1000) / requests, kernelUs: ((after.kernel - before.kernel) * 1000) / requests };
}

/**
 * One data set: `script` and `args` start the mock; `startupRuns` 0 skips the
 * start-up figure; `keep` sees the mock before the cases change its data.
 */
export async function measureDataSet({ data, records, script, args = [], names, raw, opts, startupRuns, keep }) {
  process.stderr.write(`${data}:\n`);
  const startup = startupRuns > 0 ? await measureStartup({ script, args }, startupRuns) : undefined;
  const mock = await startMock({ script, args, probe });
  try {
    const target = await prepareTarget(mock.port);
    await keep?.(mock);
    const results = [];
    let rssWarm;
    for (const name of names) {
      results.push(await measureCase(name, { mock, raw, target, opts, data }));
      // After the first case the mock is warm but has not yet created and deleted thousands of records.
      rssWarm ??= rssMiB(mock.pid);
    }
    return { results: results.filter(Boolean), figures: { data, records, startup, rssMiB: rssWarm, rssEndMiB: rssMiB(mock.pid) } };
  } finally {
    await stop(mock.child);
  }
}
