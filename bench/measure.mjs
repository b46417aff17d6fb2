/**
 * Measuring one data set: start-up (spawn to first answer), the load cases
 * against the mock and the raw baseline, and the mock's memory.
 */
import { CREATED_NAME, cases, IdPool, sampleRequest } from './cases.mjs';
import { runLoad, summarize } from './load.mjs';
import { cpuNs, cpuTimes, machineTimes, rssMiB, send, startMock, stop, stolenPercent } from './processes.mjs';
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
/** Requests a second the raw server's warm-up sends when they are built per connection (more than it answers). */
const WARM_UP_RATE = 60_000;

async function warmUp(name, { port, mock, target, opts }) {
  if (opts.warmupS === 0) return;
  const warmTarget = mock && usesUpRecords(name) ? (target.warmUp ?? target) : target;
  // Only the mock's records run out; the raw server answers any id alike (requests built per connection need a count).
  const request = cases[name].request(warmTarget, { mock });
  const amount = mock ? bound(name, warmTarget, opts).amount : request.pathsPerConnection ? WARM_UP_RATE * opts.warmupS : undefined;
  if (amount !== undefined && amount < opts.connections) return;
  await runLoad({ port, connections: opts.connections, durationS: opts.warmupS, amount, request });
}

/** The cases the bare Hono app of `--floor` answers (bench/hono-floor.mjs). */
const FLOOR_CASES = ['patch', 'create'];

/** The median of per-round figures, with the lowest and highest: the spread a reader weighs a ratio by. */
export function spread(values) {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, rounds: 0 };
  const sorted = [...finite].sort((a, b) => a - b);
  return { median: median(sorted), min: sorted[0], max: sorted.at(-1), rounds: sorted.length };
}

const rps = (run) => (run.count === 0 ? 0 : run.count / run.seconds);
/** ns of the server's CPU a request in one slice (NaN when it could not be read or nothing was answered). */
const cpuPerRequestNs = (run) => (run.count > 0 && Number.isFinite(run.cpuNs) ? run.cpuNs / run.count : Number.NaN);

/** One slice of load on one server, with the CPU the server spent meanwhile (schedstat ns, and /proc/<pid>/stat's ticks for the kernel's share). */
async function slice(server, { name, opts, durationS }) {
  const request = cases[name].request(server.target, { mock: server.mock });
  const ns = cpuNs(server.pid);
  const times = cpuTimes(server.pid);
  const run = await runLoad({ port: server.port, connections: opts.connections, request, durationS, ...(server.amount ? { amount: server.amount } : {}) });
  const after = cpuTimes(server.pid);
  return { ...run, cpuNs: cpuNs(server.pid) - ns, cpuMs: after.total - times.total, kernelMs: after.kernel - times.kernel };
}

/**
 * Measures one case on every server of the set in turn, round after round:
 * the mock, the raw baseline answering the mock's sample body, the mock's
 * companions (the same mock with --state-file; each a process of its own with
 * its own records) and, with `floor`, the bare Hono app. Each round's order
 * starts one server later than the last, so no server always runs after the
 * same one. A ratio is taken per round (a burst of other work hits the
 * servers of one round alike) and reported as the median of the rounds with
 * its lowest and highest. Undefined when the case cannot run on the mock.
 *
 * A `paired` companion (the request log on) is measured against the mock
 * another way: in a turn of its own each round, it and the mock take the same
 * load at the same time, each on its own connections, and what is compared is
 * the CPU each spent a request in that slice (cpuNs). A few percent of CPU is
 * what the log costs; run in turns, two identical mocks on this shared machine
 * differed by up to 30 % a round in requests/s and in CPU a request alike (the
 * other work of the machine comes and goes between slices, and the more a
 * server waits, the more requests each turn of its loop takes), run at the
 * same time by a few percent.
 */
async function measureCase(name, { mock, raw, rawDurable, floor, companions = [], target, opts, data }) {
  const floored = floor !== undefined && FLOOR_CASES.includes(name);
  // The raw server with a durable log runs where the mock's --state-file companion does.
  const durableRaw = rawDurable && companions.some((c) => c.key === 'durable' && (!c.cases || c.cases.includes(name))) ? rawDurable : undefined;
  const mockServers = [
    { key: 'mock', port: mock.port, pid: mock.pid, target },
    ...companions
      .filter((c) => !c.cases || c.cases.includes(name))
      .map((c) => ({ key: c.key, label: c.label, port: c.port, pid: c.pid, target: c.target, paired: c.paired === true })),
  ];
  for (const server of mockServers) {
    const sampleTarget = usesUpRecords(name) ? (server.target.warmUp ?? server.target) : server.target;
    if (usesUpRecords(name)) await recount(server.port, sampleTarget);
    const sample = await send(server.port, sampleRequest(name, sampleTarget));
    if (sample.status >= 300) throw new Error(`${name} answered ${sample.status} (${server.key}): ${sample.body.toString('utf8').slice(0, 300)}`);
    if (server.key === 'mock') await Promise.all([raw, durableRaw].filter(Boolean).map((baseline) => baseline.answer(sample)));
    await warmUp(name, { port: server.port, mock: true, target: server.target, opts });
  }
  await warmUp(name, { port: raw.port, mock: false, target, opts });
  if (durableRaw) await warmUp(name, { port: durableRaw.port, mock: false, target, opts });
  if (floored) await warmUp(name, { port: floor.port, mock: false, target, opts });
  const durationS = opts.durationS / opts.rounds;
  const servers = [];
  // With a paired companion, the mock runs twice a round (alone, and beside it): its records are shared out over both.
  const mockSlices = mockServers.some((server) => server.paired) ? 2 : 1;
  for (const server of mockServers) {
    if (usesUpRecords(name)) await recount(server.port, server.target);
    const bounded = bound(name, server.target, opts);
    if (bounded.amount !== undefined && bounded.amount < opts.connections) {
      process.stderr.write(`  ${cases[name].label} (${data}${server.key === 'mock' ? '' : `, ${server.label}`}): skipped, too few records left to measure\n`);
      if (server.key === 'mock') return undefined;
      continue;
    }
    const slices = opts.rounds * (server.key === 'mock' ? mockSlices : 1);
    const amount = bounded.amount === undefined ? undefined : Math.max(opts.connections, Math.floor(bounded.amount / slices));
    servers.push({ ...server, mock: true, amount, runs: [], pairedRuns: [] });
  }
  // A case the mock runs a given number of requests of (its records would run out) runs as many on the baseline.
  const amount = servers[0]?.key === 'mock' ? servers[0].amount : undefined;
  servers.splice(1, 0, { key: 'raw', port: raw.port, pid: raw.child.pid, target, mock: false, amount, runs: [] });
  if (durableRaw) servers.push({ key: 'rawDurable', port: durableRaw.port, pid: durableRaw.child.pid, target, mock: false, amount, runs: [] });
  if (floored) servers.push({ key: 'floor', port: floor.port, pid: floor.pid, target, mock: false, runs: [] });
  const byKey = Object.fromEntries(servers.map((server) => [server.key, server]));
  const paired = servers.filter((server) => server.paired);
  // The turns of a round: each server alone, and the mock beside its paired companions.
  const turns = [...servers.filter((server) => !server.paired).map((server) => [server]), ...(paired.length > 0 ? [[byKey.mock, ...paired]] : [])];
  const machineBefore = machineTimes();
  for (let round = 0; round < opts.rounds; round++) {
    for (let i = 0; i < turns.length; i++) {
      const turn = turns[(i + round) % turns.length];
      if (turn.length === 1) turn[0].runs.push(await slice(turn[0], { name, opts, durationS }));
      else {
        const [beside, ...others] = await Promise.all(turn.map((server) => slice(server, { name, opts, durationS })));
        byKey.mock.pairedRuns.push(beside);
        others.forEach((run, j) => turn[j + 1].runs.push(run));
      }
    }
  }
  // On a virtual machine, time the hypervisor gave to others while the load ran: it stalls every request in flight.
  const stolenPct = stolenPercent(machineBefore, machineTimes());
  const figures = Object.fromEntries(servers.map((server) => [server.key, { ...summarize(server.runs), ...cpuPerRequest(server.runs) }]));
  const perRound = (over, under) => spread(over.map((run, i) => rps(run) / rps(under[i])));
  // CPU a request, slice against slice of the same round: how much more of its own CPU a companion spends on a request.
  const cpuPerRound = (over, under) => spread(over.map((run, i) => cpuPerRequestNs(run) / cpuPerRequestNs(under[i]) - 1));
  const mockResult = { ...figures.mock, ratio: perRound(byKey.mock.runs, byKey.raw.runs) };
  const rawDurableResult = byKey.rawDurable ? { ...figures.rawDurable, toRaw: perRound(byKey.rawDurable.runs, byKey.raw.runs) } : undefined;
  const companionResults = Object.fromEntries(
    servers
      .filter((server) => server.mock && server.key !== 'mock')
      .map((server) => {
        const against = server.paired ? byKey.mock.pairedRuns : byKey.mock.runs;
        const besideMock = server.paired ? { ...summarize(against), ...cpuPerRequest(against) } : undefined;
        return [server.key, { ...figures[server.key], label: server.label, besideMock, toMock: perRound(server.runs, against), cpuOverMock: cpuPerRound(server.runs, against) }];
      }),
  );
  const failed = mockResult.non2xx + mockResult.errors;
  const why = failed > 0 ? ` (${failed} failed: statuses ${mockResult.statuses}, ${mockResult.errors} connection errors or timeouts)` : '';
  const bare = figures.floor ? `, bare Hono ${Math.round(figures.floor.rps)} req/s` : '';
  const others = Object.values(companionResults).map((c) => `, ${c.label} ${Math.round(c.rps)} req/s${c.non2xx + c.errors > 0 ? ` (${c.non2xx + c.errors} failed)` : ''}`).join('');
  process.stderr.write(`  ${cases[name].label} (${data}): ${Math.round(mockResult.rps)} req/s, raw ${Math.round(figures.raw.rps)} req/s${bare}${others}${why}\n`);
  return {
    data,
    name,
    label: cases[name].label,
    mock: mockResult,
    raw: figures.raw,
    rawDurable: rawDurableResult,
    floor: figures.floor,
    companions: companionResults,
    sliceS: durationS,
    stolenPct,
  };
}

/**
 * µs of CPU per answered request over the slices: all of it (from the threads' ns where they could be read, else
 * from the 10 ms ticks), and the kernel's part (mostly the socket reads and writes; ticks only).
 */
function cpuPerRequest(runs) {
  const requests = runs.reduce((n, run) => n + run.count, 0);
  const sum = (key) => runs.reduce((n, run) => n + run[key], 0);
  const ns = sum('cpuNs');
  return { cpuUs: Number.isFinite(ns) ? ns / 1000 / requests : (sum('cpuMs') * 1000) / requests, kernelUs: (sum('kernelMs') * 1000) / requests };
}

/**
 * One data set: `script` and `args` start the mock; `startupRuns` 0 skips the
 * start-up figure; `keep` sees the mock before the cases change its data;
 * `floor` (optional) is the bare Hono app the write cases also run against;
 * `companions` ({ key, label, args, cases }) are the same mock started with
 * other flags (the log on, --state-file), measured in the same rounds.
 */
export async function measureDataSet({ data, records, script, args = [], names, raw, rawDurable, floor, companions = [], opts, startupRuns, keep }) {
  process.stderr.write(`${data}:\n`);
  const startup = startupRuns > 0 ? await measureStartup({ script, args }, startupRuns) : undefined;
  const mock = await startMock({ script, args, probe });
  const started = [];
  try {
    const target = await prepareTarget(mock.port);
    for (const companion of companions) {
      const child = await startMock({ script, args: companion.args, probe });
      started.push(child);
      started.at(-1).companion = { ...companion, port: child.port, pid: child.pid, target: await prepareTarget(child.port) };
    }
    await keep?.(mock);
    const results = [];
    let rssWarm;
    let dataChanged = false;
    for (const name of names) {
      results.push(await measureCase(name, { mock, raw, rawDurable, floor, companions: started.map((child) => child.companion), target, opts, data }));
      // After the first case that leaves the records as they were, if no create or delete ran before it: the mock
      // is warm, and still holds its data set (creates add tens of thousands of records). Otherwise there is no such figure.
      if (usesUpRecords(name)) dataChanged = true;
      else if (!dataChanged) rssWarm ??= rssMiB(mock.pid);
    }
    return { results: results.filter(Boolean), figures: { data, records, startup, rssMiB: rssWarm, rssEndMiB: rssMiB(mock.pid) } };
  } finally {
    await Promise.all([mock, ...started].map((child) => stop(child.child)));
  }
}
