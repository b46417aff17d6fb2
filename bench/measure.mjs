/**
 * Measuring one data set: start-up (spawn to first answer), the load cases
 * against the mock and the raw baseline, and the mock's memory.
 */
import { CREATED_NAME, cases, IdPool, sampleRequest } from './cases.mjs';
import { runLoad, summarize } from './load.mjs';
import { cpuTimes, machineTimes, rssMiB, send, startMock, stop, stolenPercent } from './processes.mjs';
import { median } from './report.mjs';

const TOKEN = 'demo-token';
/**
 * The demo seed's second organization. Creates and deletes use records up
 * (deletes take the ones the create case made): they warm up here, so the
 * measured organization keeps every record for the measured runs. The code
 * path is the same.
 */
const WARM_UP_TOKEN = 'demo-token-2';
export const probe = { path: '/api/v1/schemas', headers: { authorization: `Bearer ${TOKEN}` } };

export async function measureStartup(how, runs) {
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

async function listSchemas(port, token) {
  const { status, body } = await send(port, { path: probe.path, headers: { authorization: `Bearer ${token}` } });
  if (status !== 200) throw new Error(`listing schemas with ${token} answered ${status}`);
  return JSON.parse(body.toString('utf8'));
}

/**
 * What the cases need, per organization: an unlocked schema to read and
 * change, how many schemas there are, and the pool deletes take ids from.
 * `warmUp` is the same for the warm-up organization (undefined when the
 * mock has none, e.g. a state file without it: then creates and deletes
 * warm up in the measured organization).
 */
export async function prepareTarget(port) {
  const target = async (token) => {
    const schemas = await listSchemas(port, token);
    const schema = schemas.find((record) => !record.isLocked);
    if (!schema) throw new Error(`the organization of ${token} has no unlocked schema`);
    return { token, schemaId: schema.id, pool: new IdPool(), schemaCount: schemas.length };
  };
  const measured = await target(TOKEN);
  const warmUp = await target(WARM_UP_TOKEN).catch(() => undefined);
  return { ...measured, warmUp };
}

/** Counts the organization's schemas again and puts the ones the create case made into the pool deletes take ids from. */
async function recount(port, target) {
  const schemas = await listSchemas(port, target.token);
  target.schemaCount = schemas.length;
  target.pool = new IdPool();
  for (const schema of schemas) if (schema.name === CREATED_NAME) target.pool.add(schema.id);
}

/** Creates and deletes use records up: they warm up in the warm-up organization. */
const usesUpRecords = (name) => name === 'create' || name === 'delete';

/**
 * Creates stop below the per-kind record limit (a 409 would measure the refusal);
 * deletes stop when every created record is gone (a 404 would measure the miss).
 */
function bound(name, target, opts) {
  const spare = 1 + opts.connections;
  if (name === 'create') return { amount: opts.maxRecords - target.schemaCount - spare };
  if (name === 'delete') return { amount: target.pool.remaining - spare };
  return {};
}

/**
 * Sends the case's own request to one server for `opts.warmupS` seconds
 * before it is measured: V8 compiles a path's hot functions only after
 * thousands of calls, in the background, and until then the mock's p99
 * measured its compiler as much as itself (2,000 requests were too few:
 * the first measured second's p99 was 3–5 ms, the next ones' 1.6–1.8 ms).
 * On the mock, creates and deletes warm up in the warm-up organization.
 */
async function warmUp(name, { port, mock, target, opts }) {
  if (opts.warmupS === 0) return;
  const warmTarget = mock && usesUpRecords(name) ? (target.warmUp ?? target) : target;
  // Only the mock's records run out; the raw server answers any id alike.
  const amount = mock ? bound(name, warmTarget, opts).amount : undefined;
  if (amount !== undefined && amount < opts.connections) return;
  await runLoad({ port, connections: opts.connections, durationS: opts.warmupS, amount, request: cases[name].request(warmTarget, { mock }) });
}

/** The cases the bare Hono app of `--floor` answers (bench/hono-floor.mjs). */
const FLOOR_CASES = ['patch', 'create'];

/**
 * Measures one case on the mock, then the baseline answering the mock's
 * sample body, then (with `floor`, for the write cases) the bare Hono app;
 * undefined when it cannot run.
 */
async function measureCase(name, { mock, raw, floor, target, opts, data }) {
  const floored = floor !== undefined && FLOOR_CASES.includes(name);
  const sampleTarget = usesUpRecords(name) ? (target.warmUp ?? target) : target;
  if (usesUpRecords(name)) await recount(mock.port, sampleTarget);
  const sample = await send(mock.port, sampleRequest(name, sampleTarget));
  if (sample.status >= 300) throw new Error(`${name} answered ${sample.status}: ${sample.body.toString('utf8').slice(0, 300)}`);
  await raw.answer(sample);
  await warmUp(name, { port: mock.port, mock: true, target, opts });
  await warmUp(name, { port: raw.port, mock: false, target, opts });
  if (floored) await warmUp(name, { port: floor.port, mock: false, target, opts });
  if (usesUpRecords(name)) await recount(mock.port, target);
  const bounded = bound(name, target, opts);
  if (bounded.amount !== undefined && bounded.amount < opts.connections) {
    process.stderr.write(`  ${cases[name].label} (${data}): skipped, too few records left to measure\n`);
    return undefined;
  }
  const load = (port, mock, extra) =>
    runLoad({ port, connections: opts.connections, durationS: opts.durationS, request: cases[name].request(target, { mock }), ...extra });
  // Mock and baseline take turns in short slices, so a burst of other work on the machine hits both alike.
  const slice = { durationS: opts.durationS / opts.rounds };
  if (bounded.amount !== undefined) slice.amount = Math.max(opts.connections, Math.floor(bounded.amount / opts.rounds));
  const mockRuns = [];
  const rawRuns = [];
  const floorRuns = [];
  const cpuBefore = [cpuTimes(mock.pid), cpuTimes(raw.child.pid), floored ? cpuTimes(floor.pid) : undefined];
  const machineBefore = machineTimes();
  for (let round = 0; round < opts.rounds; round++) {
    mockRuns.push(await load(mock.port, true, slice));
    rawRuns.push(await load(raw.port, false, slice));
    if (floored) floorRuns.push(await load(floor.port, false, slice));
  }
  // On a virtual machine, time the hypervisor gave to others while the load ran: it stalls every request in flight.
  const stolenPct = stolenPercent(machineBefore, machineTimes());
  // CPU time per request barely depends on what else the machine runs, unlike requests/s.
  const mockResult = { ...summarize(mockRuns), ...cpuPerRequest(mock.pid, cpuBefore[0], mockRuns) };
  const rawResult = { ...summarize(rawRuns), ...cpuPerRequest(raw.child.pid, cpuBefore[1], rawRuns) };
  const floorResult = floored ? { ...summarize(floorRuns), ...cpuPerRequest(floor.pid, cpuBefore[2], floorRuns) } : undefined;
  const failed = mockResult.non2xx + mockResult.errors;
  const why = failed > 0 ? ` (${failed} failed: statuses ${mockResult.statuses}, ${mockResult.errors} connection errors or timeouts)` : '';
  const bare = floorResult ? `, bare Hono ${Math.round(floorResult.rps)} req/s` : '';
  process.stderr.write(`  ${cases[name].label} (${data}): ${Math.round(mockResult.rps)} req/s, raw ${Math.round(rawResult.rps)} req/s${bare}${why}\n`);
  return { data, name, label: cases[name].label, mock: mockResult, raw: rawResult, floor: floorResult, sliceS: slice.durationS, stolenPct };
}

/** µs of CPU per answered request: all of it, and the kernel's part (mostly the socket reads and writes). */
function cpuPerRequest(pid, before, runs) {
  const after = cpuTimes(pid);
  const requests = runs.reduce((n, run) => n + run.count, 0);
  return { cpuUs: ((after.total - before.total) * 1000) / requests, kernelUs: ((after.kernel - before.kernel) * 1000) / requests };
}

/**
 * One data set: `script` and `args` start the mock; `startupRuns` 0 skips the
 * start-up figure; `keep` sees the mock before the cases change its data;
 * `floor` (optional) is the bare Hono app the write cases also run against.
 */
export async function measureDataSet({ data, records, script, args = [], names, raw, floor, opts, startupRuns, keep }) {
  process.stderr.write(`${data}:\n`);
  const startup = startupRuns > 0 ? await measureStartup({ script, args }, startupRuns) : undefined;
  const mock = await startMock({ script, args, probe });
  try {
    const target = await prepareTarget(mock.port);
    await keep?.(mock);
    const results = [];
    let rssWarm;
    let dataChanged = false;
    for (const name of names) {
      results.push(await measureCase(name, { mock, raw, floor, target, opts, data }));
      // After the first case that leaves the records as they were, if no create or delete ran before it: the mock
      // is warm, and still holds its data set (creates add tens of thousands of records). Otherwise there is no such figure.
      if (usesUpRecords(name)) dataChanged = true;
      else if (!dataChanged) rssWarm ??= rssMiB(mock.pid);
    }
    return { results: results.filter(Boolean), figures: { data, records, startup, rssMiB: rssWarm, rssEndMiB: rssMiB(mock.pid) } };
  } finally {
    await stop(mock.child);
  }
}
