/**
 * `npm run bench -- --variants [LIST]`: the mock as `npm start` runs it
 * ("shipped") beside variants of it that each lack one optimisation
 * (bench/variants.mjs), all in one run. Start-up is compared by alternating
 * start-ups; the load cases run every server in turn in the same slices, the
 * raw server among them, so each server's ratio to the raw server comes from
 * the same seconds of the machine's life. The "gain" columns are how much the
 * control's ratio exceeds the variant's, and how much more CPU a request takes
 * without the optimisation (for start-ups, against the shipped command): what
 * the optimisation earns. The control is the same bundle as every variant,
 * built and started the same way, without edits.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { cases, sampleRequest } from './cases.mjs';
import { runLoad, summarize } from './load.mjs';
import { measureStartup, prepareTarget, probe } from './measure.mjs';
import { cpuTimes, rssMiB, send, startMock, stop } from './processes.mjs';
import { median, table } from './report.mjs';
import { buildVariant, prepareVariants } from './variants.mjs';

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : '-');
const percent = (gain) => `${gain >= 0 ? '+' : '−'}${fmt(Math.abs(gain) * 100)} %`;
const ORDER = ['list', 'get', 'missing', 'patch', 'create'];

/** Start-up of the shipped command and of each start-up variant, alternating, `runs` each. */
async function compareStartups(startupVariants, args, runs) {
  const all = [{ name: 'shipped' }, ...startupVariants];
  const times = new Map(all.map((server) => [server.name, { runs: [], cpu: [] }]));
  for (let run = 0; run < runs; run++) {
    for (const server of all) {
      const one = await measureStartup({ script: server.script, nodeFlags: server.nodeFlags, args }, 1);
      times.get(server.name).runs.push(one.median);
      times.get(server.name).cpu.push(one.cpuMedian);
    }
  }
  const shipped = times.get('shipped');
  return table(
    ['start-up', 'median ms', 'runs ms', 'CPU ms (median)', 'gain: time', 'gain: CPU'],
    all.map(({ name, what }) => {
      const t = times.get(name);
      const gains = what ? [percent(median(t.runs) / median(shipped.runs) - 1), percent(median(t.cpu) / median(shipped.cpu) - 1)] : ['-', '-'];
      return [what ? `${name}: ${what}` : 'shipped (npm start)', fmt(median(t.runs)), t.runs.map((x) => fmt(x)).join(', '), fmt(median(t.cpu)), ...gains];
    }),
  );
}

/** One case on every server that shows it, in turns, with the raw server answering the shipped mock's sample. */
async function compareCase(name, servers, raw, opts) {
  const shipped = servers[0];
  const sample = await send(shipped.port, sampleRequest(name, shipped.target));
  await raw.answer(sample);
  const inCase = servers.filter((server) => server.cases.includes(name));
  const turns = [...inCase, { name: 'raw', port: raw.port, pid: raw.child.pid, target: shipped.target }];
  const request = (server) => cases[name].request(server.target, { mock: server.name !== 'raw' });
  for (const server of turns) {
    if (opts.warmupS > 0) await runLoad({ port: server.port, connections: opts.connections, durationS: opts.warmupS, request: request(server) });
  }
  const runs = new Map(turns.map((server) => [server, []]));
  const cpuBefore = new Map(turns.map((server) => [server, cpuTimes(server.pid)]));
  for (let round = 0; round < opts.rounds; round++) {
    // Each round starts with another server, so none is always the one after a pause or after the raw server.
    const order = turns.map((_, i) => turns[(i + round) % turns.length]);
    for (const server of order) {
      runs.get(server).push(await runLoad({ port: server.port, connections: opts.connections, durationS: opts.durationS / opts.rounds, request: request(server) }));
    }
  }
  const result = new Map();
  for (const server of turns) {
    const after = cpuTimes(server.pid);
    const summary = summarize(runs.get(server));
    const before = cpuBefore.get(server);
    const cpuUs = ((after.total - before.total) * 1000) / summary.requests;
    const kernelUs = ((after.kernel - before.kernel) * 1000) / summary.requests;
    result.set(server.name, { ...summary, cpuUs, kernelUs, slices: runs.get(server).map((run) => run.count / run.seconds) });
  }
  process.stderr.write(`  ${cases[name].label}: ${[...result].map(([n, r]) => `${n} ${Math.round(r.rps)}`).join(', ')} req/s\n`);
  return result;
}

/**
 * The ratio to the raw server is the median over the rounds of each slice's requests/s over the raw server's slice of
 * the same round: a burst of other work on the machine then spoils one round's ratio, not the figure.
 */
function loadTable(results, servers) {
  const rows = [];
  for (const [name, result] of results) {
    const raw = result.get('raw');
    const ratioOf = (r) => median(r.slices.map((rps, round) => rps / raw.slices[round]));
    const control = result.get('control');
    for (const server of servers) {
      const r = result.get(server.name);
      if (!r) continue;
      const gains = server.name === 'control' ? ['-', '-'] : [percent(ratioOf(control) / ratioOf(r) - 1), percent(r.cpuUs / control.cpuUs - 1)];
      rows.push([`${cases[name].label}: ${server.name}`, fmt(r.rps), fmt(r.p99, 2), `${fmt(r.cpuUs, 1)} (${fmt(r.kernelUs, 1)})`, `${fmt(ratioOf(r), 2)}×`, ...gains]);
    }
    rows.push([`${cases[name].label}: raw server`, fmt(raw.rps), fmt(raw.p99, 2), `${fmt(raw.cpuUs, 1)} (${fmt(raw.kernelUs, 1)})`, '1.00×', '', '']);
  }
  return table(['case: server', 'req/s', 'p99 ms', 'CPU µs/req (kernel)', 'ratio to raw (median of rounds)', 'gain: ratio', 'gain: CPU/req'], rows);
}

/** The command of another checkout's build: its launcher, an ES module in older builds (where a .cjs beside it was the bundle it loaded). */
const launcherOf = (dir) => ['mjs', 'cjs'].map((ext) => resolve(dir, `dist/voice-config-mock.${ext}`)).find(existsSync) ?? resolve(dir, 'dist/voice-config-mock.cjs');

/** The whole comparison; returns the tables as Markdown. */
export async function compareVariants({ names, raw, opts, args }) {
  const prepared = await prepareVariants(names);
  const startupVariants = Object.entries(prepared)
    .filter(([, v]) => v.startup)
    .map(([name, v]) => ({ name, ...v }));
  if (opts.before) startupVariants.unshift({ name: 'before', what: `the build in ${opts.before}`, script: launcherOf(opts.before) });
  const loadVariants = Object.entries(prepared)
    .filter(([, v]) => v.cases)
    .map(([name, v]) => ({ name, ...v }));
  const out = [];
  if (startupVariants.length > 0) {
    process.stderr.write('start-ups\n');
    out.push(await compareStartups(startupVariants, args, opts.startupRuns));
  }
  const concerned = (name) => opts.before !== undefined || loadVariants.some((v) => v.cases.includes(name));
  const caseNames = ORDER.filter((name) => concerned(name) && (name === 'missing' || opts.cases.includes(name)));
  if (caseNames.length === 0) return out.join('\n\n');
  const servers = [];
  try {
    // The control is built and started as every variant is, without edits: the variants' gains are taken against it,
    // so that nothing but the edit differs (the shipped command runs the same code from its start-up snapshot).
    const control = { name: 'control', script: await buildVariant('control'), cases: ORDER };
    const before = opts.before ? [{ name: 'before', script: launcherOf(opts.before), cases: ORDER }] : [];
    for (const server of [{ name: 'shipped', cases: ORDER }, ...before, control, ...loadVariants]) {
      const mock = await startMock({ script: server.script, nodeFlags: server.nodeFlags, args: [...args, ...(server.args ?? [])], probe });
      servers.push({ ...server, ...mock, target: await prepareTarget(mock.port) });
    }
    const results = new Map();
    const rssAfterFirst = new Map();
    for (const name of caseNames) {
      results.set(name, await compareCase(name, servers, raw, opts));
      if (rssAfterFirst.size === 0) for (const server of servers) rssAfterFirst.set(server.name, rssMiB(server.pid));
    }
    out.push(loadTable(results, servers));
    out.push(
      table(
        ['memory', `RSS MiB after ${cases[caseNames[0]].label}`, 'RSS MiB at the end'],
        servers.map((server) => [server.name, fmt(rssAfterFirst.get(server.name), 1), fmt(rssMiB(server.pid), 1)]),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => stop(server.child)));
  }
  return out.join('\n\n');
}
