/**
 * Printing: the table of cases (mock beside the raw baseline), start-up and
 * memory, and PASS/MISS per target. The targets are informational: a MISS
 * is reported, never turned into a failing exit code.
 */

export const targets = {
  /** Each case's requests/s to the raw server's, the median of the rounds (reads: not below the last quiet run's). */
  ratio: { list: 0.79, get: 0.66, patch: 0.7, create: 0.6, delete: 0.6 },
  /**
   * The request log on costs less than this share of the mock's CPU a request: the median over the rounds of the
   * logging mock's CPU a request over the quiet mock's in the same round (requests/s is printed beside it; on a
   * shared machine its rounds spread too far to resolve a few percent).
   */
  logCost: 0.05,
  /** With --state-file, a write keeps at least this share of the in-memory mock's requests/s (10 connections). */
  durableShare: 0.5,
  p99Ms: 2,
  startupMs: 200,
  /** `--version` and `help`, spawn to exit. */
  commandMs: 150,
  rssDemoMiB: 100,
  rssLargeMiB: 400,
  /** At the large size, a case keeps at least this share of its demo-seed throughput (relative to the baseline). */
  flatShare: 0.75,
  /** In process, an operation's cost grows from the smallest to the largest size by less than this share of its request's CPU over HTTP (demo seed). */
  flatGrowthShare: 0.05,
};

/** The HTTP case that carries each in-process operation (bench/operation-costs.mjs). */
const caseOfOperation = { get: 'get', update: 'patch', create: 'create', delete: 'delete' };

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '-');

/** Renders rows (arrays of strings) as a Markdown table, so the output can be pasted into docs as is. */
export function table(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? ` ${'-'.repeat(w)} ` : ` ${'-'.repeat(w - 1)}: `)).join('|')}|`, ...rows.map(line)].join('\n');
}

/** A per-round figure as its median with the lowest and highest round: `0.62× (0.55–0.66)`. */
export const ranged = ({ median, min, max }, digits = 2, unit = '×') =>
  Number.isFinite(median) ? `${fmt(median, digits)}${unit} (${fmt(min, digits)}–${fmt(max, digits)})` : '-';

/** One row per measured case: data set, case, mock figures, baseline figures, ratio. */
export function casesTable(results) {
  const rows = results.map(({ data, label, mock, raw, stolenPct }) => [
    `${label} (${data})`,
    fmt(mock.rps),
    fmt(mock.p50, 2),
    fmt(mock.p99, 2),
    `${fmt(mock.cpuUs)} (${fmt(mock.kernelUs)})`,
    fmt(raw.rps),
    fmt(raw.p99, 2),
    `${fmt(raw.cpuUs)} (${fmt(raw.kernelUs)})`,
    mock.ratio ? ranged(mock.ratio) : `${fmt(mock.rps / raw.rps, 2)}×`,
    String(mock.non2xx + mock.errors),
    fmt(stolenPct, 1),
  ]);
  return table(
    ['case', 'mock req/s', 'p50 ms', 'p99 ms', 'CPU µs/req (kernel)', 'raw req/s', 'raw p99 ms', 'raw CPU µs/req (kernel)', 'ratio to raw, median of rounds (range)', 'failed', 'CPU stolen %'],
    rows,
  );
}

/** The log's cost (the mock with its log on against the same mock quiet) and --state-file's share of the in-memory speed, per case. */
export function companionsTable(results) {
  const rows = results
    .filter((r) => r.companions && Object.keys(r.companions).length > 0)
    .map(({ data, label, mock, rawDurable, companions: { log, durable } }) => [
      `${label} (${data})`,
      fmt(mock.rps),
      log ? `${fmt(log.rps)} (${fmt(log.besideMock?.rps ?? mock.rps)})` : '-',
      log ? ranged(percentOf(log.cpuOverMock), 1, ' %') : '-',
      log ? ranged({ median: 100 * (1 - log.toMock.median), min: 100 * (1 - log.toMock.max), max: 100 * (1 - log.toMock.min) }, 1, ' %') : '-',
      log ? `${fmt(log.besideMock?.cpuUs ?? mock.cpuUs, 1)} → ${fmt(log.cpuUs, 1)}` : '-',
      durable ? fmt(durable.rps) : '-',
      durable ? ranged(durable.toMock) : '-',
      rawDurable ? `${fmt(rawDurable.rps)}, ${ranged(rawDurable.toRaw)}` : '-',
      durable ? fmt(durable.cpuUs) : '-',
      durable ? fmt(durable.p99, 2) : '-',
    ]);
  if (rows.length === 0) return undefined;
  return table(
    ['case', 'quiet req/s', 'log on req/s (quiet beside it)', "the log's cost: CPU a request, median (range)", 'in requests/s, median (range)', 'CPU µs/req quiet → log on', '--state-file req/s', 'to in-memory, median (range)', 'the raw server so: req/s, to raw (the disk\'s share)', '--state-file CPU µs/req', '--state-file p99 ms'],
    rows,
  );
}

/** A spread of shares (0.02) as percentages (2). */
const percentOf = ({ median, min, max }) => ({ median: 100 * median, min: 100 * min, max: 100 * max });

/** `--version`, `help` and Node's own start: spawn to exit, ms. */
export function commandsTable(rows) {
  return table(
    ['command (spawn to exit)', 'ms, median (range)'],
    rows.map((row) => [row.command, ranged(row, 0, ' ms')]),
  );
}

/** The `--floor` figures: each write case on the mock beside the bare Hono app, measured in the same slices. */
export function floorTable(results) {
  const rows = results
    .filter((r) => r.floor)
    .map(({ data, label, mock, floor }) => [
      `${label} (${data})`,
      fmt(mock.p50, 2),
      fmt(mock.p99, 2),
      `${fmt(mock.cpuUs)} (${fmt(mock.kernelUs)})`,
      fmt(floor.rps),
      fmt(floor.p50, 2),
      fmt(floor.p99, 2),
      `${fmt(floor.cpuUs)} (${fmt(floor.kernelUs)})`,
      `${fmt(mock.rps / floor.rps, 2)}×`,
    ]);
  if (rows.length === 0) return undefined;
  return table(
    ['case', 'mock p50 ms', 'mock p99 ms', 'mock CPU µs/req (kernel)', 'bare Hono req/s', 'p50 ms', 'p99 ms', 'CPU µs/req (kernel)', 'mock to bare Hono'],
    rows,
  );
}

/** Start-up (spawn to first successful answer) and resident memory per data set. */
export function processTable(rows) {
  return table(
    ['data', 'records', 'start-up ms (median)', 'start-up runs ms', 'start-up CPU ms', 'RSS MiB after warm-up', 'RSS MiB at the end'],
    rows.map((row) => [
      row.data,
      fmt(row.records),
      row.startup ? fmt(row.startup.median) : '-',
      row.startup ? row.startup.runs.map((ms) => fmt(ms)).join(', ') : '-',
      row.startup ? fmt(row.startup.cpuMedian) : '-',
      fmt(row.rssMiB, 1),
      fmt(row.rssEndMiB, 1),
    ]),
  );
}

/** µs per call of each operation inside the mock, and of its plain-Map floor below it, one column per number of records. */
export function operationsTable({ sizes, costs, floors }) {
  const row = (name, perSize) => [name, ...perSize.map((us) => fmt(us, 2))];
  return table(
    ['operation (in process)', ...sizes.map((size) => `µs at ${fmt(size)} records`)],
    Object.entries(costs).flatMap(([name, perSize]) => [row(name, perSize), row(`${name} on a plain Map`, floors[name])]),
  );
}

const unmeasuredRss =
  'not measured: it is read after the first case that leaves the records as they were, and in this run a create or delete came first (or no such case ran)';

/** PASS/MISS lines for every target that was measured, SKIP for one that could not be. */
export function verdicts({ results, processes, operations, commands = [] }) {
  const lines = [];
  const check = (ok, text) => lines.push(`${ok ? 'PASS' : 'MISS'}  ${text}`);
  const find = (data, name) => results.find((r) => r.data === data && r.name === name);
  // A median under its target whose best round reaches it is a MISS within the noise of this run: said so.
  const noise = ({ median, min, max }, target, above = true) =>
    (above ? median < target && max >= target : median >= target && min < target) ? '; within the spread of the rounds' : '';
  for (const [name, target] of Object.entries(targets.ratio)) {
    const r = find('demo', name);
    if (!r?.mock.ratio) continue;
    check(r.mock.ratio.median >= target, `${r.label} at ${ranged(r.mock.ratio)} the raw server (target ≥ ${target}×${noise(r.mock.ratio, target)})`);
  }
  for (const r of results.filter((r) => r.companions?.log)) {
    const cost = r.companions.log.cpuOverMock;
    if (!(cost?.rounds > 0)) {
      lines.push(`SKIP  the request log's cost on ${r.label} (${r.data}): the mock's CPU per slice could not be read (/proc/<pid>/task/*/schedstat)`);
      continue;
    }
    check(
      cost.median < targets.logCost,
      `the request log costs ${r.label} (${r.data}) ${ranged(percentOf(cost), 1, ' %')} more of the mock's CPU a request (median of ${cost.rounds} rounds, log on and off under the same load at the same time; target < ${fmt(targets.logCost * 100)} %${noise(cost, targets.logCost, false)})`,
    );
  }
  for (const r of results.filter((r) => r.companions?.durable)) {
    const share = r.companions.durable.toMock;
    // What the disk allows: the raw server, durable the plainest way, against itself in memory in the same rounds.
    const disk = r.rawDurable ? `; the raw server, its writes on disk the same way: ${ranged(r.rawDurable.toRaw)} its in-memory speed` : '';
    check(share.median >= targets.durableShare, `${r.label} with --state-file at ${ranged(share)} the in-memory mock's speed (target ≥ ${targets.durableShare}×${noise(share, targets.durableShare)}${disk})`);
  }
  for (const c of commands.filter((c) => c.target)) {
    check(c.median <= targets.commandMs, `${c.command} ${ranged(c, 0, ' ms')} from spawn to exit (target ≤ ${targets.commandMs} ms; node -e 0: ${fmt(commands[0]?.median)} ms)`);
  }
  for (const r of results) {
    const p99 = r.mock.requests === 0 ? `not measured: no answer within ${fmt(r.sliceS, 1)} s` : `${fmt(r.mock.p99, 2)} ms`;
    const floor = r.floor ? `; the bare Hono app's in the same slices: ${fmt(r.floor.p99, 2)} ms` : '';
    const stolen = r.stolenPct > 0 ? `; the hypervisor took ${fmt(r.stolenPct, 1)}% of the machine's CPU meanwhile` : '';
    check(r.mock.p99 <= targets.p99Ms, `p99 of ${r.label} (${r.data}) ${p99} (target ≤ ${targets.p99Ms} ms${floor}${stolen})`);
  }
  const demo = processes.find((p) => p.data === 'demo');
  const large = processes.find((p) => p.data !== 'demo' && p.startup) ?? processes.find((p) => p.data !== 'demo');
  if (demo) {
    check(demo.startup.median <= targets.startupMs, `start-up ${fmt(demo.startup.median)} ms (target ≤ ${targets.startupMs} ms)`);
    if (demo.rssMiB === undefined) lines.push(`SKIP  RSS with the demo seed: ${unmeasuredRss}`);
    else check(demo.rssMiB <= targets.rssDemoMiB, `RSS with the demo seed ${fmt(demo.rssMiB, 1)} MiB (target ≤ ${targets.rssDemoMiB} MiB)`);
  }
  if (large) {
    if (large.rssMiB === undefined) lines.push(`SKIP  RSS with ${fmt(large.records)} records: ${unmeasuredRss}`);
    else check(large.rssMiB <= targets.rssLargeMiB, `RSS with ${fmt(large.records)} records ${fmt(large.rssMiB, 1)} MiB (target ≤ ${targets.rssLargeMiB} MiB)`);
  }
  for (const r of results.filter((r) => !r.data.startsWith('demo'))) {
    // With --state-file, against the demo seed with it too (when measured): the flush before each answer costs the same at any size.
    const withFile = r.data.endsWith('--state-file') && find('demo, --state-file', r.name);
    const base = withFile || find('demo', r.name);
    if (!base) continue;
    // Compared as ratios to the baseline measured in the same minute, which cancels most of the machine's noise.
    const share = r.mock.rps / r.raw.rps / (base.mock.rps / base.raw.rps);
    const of = withFile ? 'its demo-seed speed with --state-file' : 'its demo-seed speed';
    check(share >= targets.flatShare, `${r.label} with ${r.data} keeps ${fmt(share * 100)}% of ${of} (target ≥ ${fmt(targets.flatShare * 100)}%: flat)`);
  }
  for (const [name, perSize] of Object.entries(operations?.costs ?? {})) {
    const request = find('demo', caseOfOperation[name]);
    if (!request) continue;
    const growthOf = (values) => values.at(-1) - values[0];
    // A plain Map's own growth (its buckets and records leaving the CPU's cache) is the runtime's, as the raw server's cost is.
    const floor = growthOf(operations.floors[name]);
    const own = growthOf(perSize) - floor;
    const share = own / request.mock.cpuUs;
    const sizes = `${fmt(operations.sizes[0])} to ${fmt(operations.sizes.at(-1))} records`;
    const signed = (n, digits) => `${n < 0 ? '−' : '+'}${fmt(Math.abs(n), digits)}`;
    check(
      share < targets.flatGrowthShare,
      `${name} in process: ${signed(growthOf(perSize), 2)} µs from ${sizes}, a plain Map's ${signed(floor, 2)} µs; the ${signed(own, 2)} µs beyond it is ${signed(share * 100, 1)}% of a ${request.label}'s ${fmt(request.mock.cpuUs)} µs of CPU (target < ${fmt(targets.flatGrowthShare * 100)}%: flat)`,
    );
  }
  return lines.join('\n');
}

/** The middle value, or the mean of the two middle ones for an even count. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
