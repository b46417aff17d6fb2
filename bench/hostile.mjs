#!/usr/bin/env node
/**
 * `npm run bench:hostile`: do ordinary reads stay fast while clients keep
 * sending hostile bodies (issues 24 and 30), and does memory stay bounded
 * under many of them at once? The compiled mock (as `npm start` runs it) on
 * 127.0.0.1; first `--readers` connections read the schema list alone, then
 * the same while `--hostile` clients each keep sending one kind of hostile
 * body of just under 1 MiB: unknown keys to a create, bad map entries (a
 * tool's headers) to a create, a state of zeros to `PUT /__mock/state`,
 * short unknown keys (about 120,000 per MiB) to a create; and one client
 * sending a 64 MiB state of zeros.
 * Prints p50/p99/max of the reads in each phase, the hostile answers' count
 * and largest size, PASS/MISS for a p99 under 50 ms; then, on a fresh mock,
 * `--parallel` bodies of unknown keys sent at once, each on its own
 * connection: the mock's peak RSS (VmHWM), PASS/MISS for under 512 MiB.
 * Every phase is bounded in time; the mock is stopped at the end, also on
 * Ctrl+C.
 */
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { cpuMs, rssMiB, startMock, stop, stopAll, stopChildrenOnExit } from './processes.mjs';

const TOKEN = 'demo-token';
const TARGET_P99_MS = 50;
const TARGET_PEAK_RSS_MIB = 512;
const MIB = 1024 * 1024;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    hostile: { type: 'string', default: '4' },
    readers: { type: 'string', default: '2' },
    parallel: { type: 'string', default: '300' },
    // The mock's --body-budget-mib for the parallel phase (default: the mock's own default).
    'budget-mib': { type: 'string' },
    // Only the parallel phase.
    'parallel-only': { type: 'boolean', default: false },
  },
});
const durationMs = Number(values.duration) * 1000;
const hostileClients = Number(values.hostile);
const readers = Number(values.readers);
const parallel = Number(values.parallel);

/** `{prefix` + as many `part(i)`s, comma-separated, as fit just under 1 MiB (the body limit) + `suffix`. */
function underOneMiB(prefix, part, suffix) {
  const parts = [];
  let size = prefix.length + suffix.length;
  for (let index = 0; ; index += 1) {
    const next = part(index);
    if (size + next.length + 1 > MIB - 64) break;
    parts.push(next);
    size += next.length + 1;
  }
  return Buffer.from(`${prefix}${parts.join(',')}${suffix}`);
}

/** The hostile bodies, each just under 1 MiB. */
const bodies = [
  { name: 'unknown keys', method: 'POST', path: '/api/v1/sip-trunks', body: underOneMiB('{', (i) => `"unknownField${i}":1`, '}') },
  {
    name: 'bad map entries',
    method: 'POST',
    path: '/api/v1/tools',
    body: underOneMiB('{"type":"endCall","name":"hang_up","headers":{', (i) => `"bad key ${i}!":${i}`, '}}'),
  },
  {
    name: 'state of zeros',
    method: 'PUT',
    path: '/__mock/state',
    body: underOneMiB('{"format":"voice-config-mock/state","version":1,"organizations":[', () => '0', ']}'),
  },
  // Short keys in base 36 (`{"0":0,"1":0,…}`): about 120,000 of them per MiB, the most keys a body of the limit holds.
  { name: 'short unknown keys', method: 'POST', path: '/api/v1/tools', body: underOneMiB('{', (i) => `"${i.toString(36)}":0`, '}') },
  // One client: a state of 64 MiB (of the 128 MiB PUT /__mock/state takes), refused with 400 after its check.
  {
    name: 'a 64 MiB state of zeros',
    clients: 1,
    method: 'PUT',
    path: '/__mock/state',
    body: Buffer.from(`{"format":"voice-config-mock/state","version":1,"organizations":[${'0,'.repeat(32 * MIB - 64)}0]}`),
  },
];

/** One request on the client's own keep-alive connection; resolves the status and the answer's size. */
function send(agent, port, { method = 'GET', path, body }) {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}) };
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode, bytes }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

/** Keeps sending `what` until `until`, one request at a time; answers each request's latency and answer. */
async function loop(port, what, until) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const results = [];
  try {
    while (performance.now() < until) {
      const started = performance.now();
      const { status, bytes } = await send(agent, port, what);
      results.push({ ms: performance.now() - started, status, bytes });
    }
  } finally {
    agent.destroy();
  }
  return results;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

function summary(reads) {
  const sorted = reads.map(({ ms }) => ms).sort((a, b) => a - b);
  const bad = reads.filter(({ status }) => status !== 200).length;
  return { count: reads.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? Number.NaN, bad };
}

async function phase(port, hostile, what) {
  const until = performance.now() + durationMs;
  const readLoops = Array.from({ length: readers }, () => loop(port, { path: '/api/v1/schemas' }, until));
  const hostileLoops = Array.from({ length: hostile }, () => loop(port, what, until));
  const [reads, attacks] = await Promise.all([Promise.all(readLoops), Promise.all(hostileLoops)]);
  return { reads: summary(reads.flat()), attacks: attacks.flat() };
}

/** The highest RSS a process has had (VmHWM), in MiB. */
function peakRssMiB(pid) {
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

/** `count` bodies sent at once, each on its own connection, to a fresh mock: its peak RSS and the answers' statuses. */
async function parallelBodies(count, what) {
  const args = values['budget-mib'] ? ['--body-budget-mib', values['budget-mib']] : [];
  const mock = await startMock({ args, probe: { path: '/api/v1/schemas', headers: { authorization: `Bearer ${TOKEN}` } } });
  try {
    const before = peakRssMiB(mock.pid);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: count }, () => {
        const agent = new Agent({ keepAlive: false });
        return send(agent, mock.port, what).finally(() => agent.destroy());
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const statuses = {};
    for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
    return { before, peak: peakRssMiB(mock.pid), seconds, statuses };
  } finally {
    await stop(mock.child);
  }
}

const row = (name, s) =>
  `${name.padEnd(44)} ${String(s.count).padStart(7)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${s.max.toFixed(1).padStart(8)}${s.bad ? `  (${s.bad} not 200)` : ''}`;

/** Reads alone, then beside each kind of hostile body; `verdicts` gets a PASS/MISS per phase. */
async function readsUnderHostileBodies(out, verdicts) {
  const mock = await startMock({ probe: { path: '/api/v1/schemas', headers: { authorization: `Bearer ${TOKEN}` } } });
  try {
    out();
    out(`voice-config-mock under hostile bodies: ${readers} reading connections, ${values.duration} s per phase, Node ${process.version}`);
    out(`load average of the machine at the start: ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`);
    out();
    out(`${'reads (GET /api/v1/schemas)'.padEnd(44)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
    const alone = await phase(mock.port, 0, undefined);
    out(row('alone', alone.reads));
    const answered = [];
    for (const what of bodies) {
      const cpuBefore = cpuMs(mock.pid);
      const clients = what.clients ?? hostileClients;
      const attacked = await phase(mock.port, clients, what);
      const cpuPerHostile = (cpuMs(mock.pid) - cpuBefore) / Math.max(1, attacked.attacks.length);
      out(row(`while ${clients} client${clients === 1 ? '' : 's'} send${clients === 1 ? 's' : ''} ${what.name}`, attacked.reads));
      const largest = Math.max(...attacked.attacks.map(({ bytes }) => bytes));
      const statuses = [...new Set(attacked.attacks.map(({ status }) => status))].join(', ');
      answered.push(
        `  ${what.name} (${what.method} ${what.path}, ${what.body.length} bytes): ${attacked.attacks.length} answered (status ${statuses}), largest answer ${largest} bytes, mock CPU ${cpuPerHostile.toFixed(1)} ms per body (reads included)`,
      );
      verdicts.push([attacked.reads.p99 < TARGET_P99_MS, `reads keep p99 < ${TARGET_P99_MS} ms under ${what.name} (${attacked.reads.p99.toFixed(1)} ms)`]);
      verdicts.push([largest < 64 * 1024, `every answer to ${what.name} < 64 KiB (${largest} bytes)`]);
    }
    out();
    out('hostile bodies:');
    for (const line of answered) out(line);
    out(`mock RSS after: ${rssMiB(mock.pid).toFixed(0)} MiB; load average now: ${loadavg()[0].toFixed(1)}`);
  } finally {
    await stop(mock.child);
  }
}

async function main() {
  stopChildrenOnExit();
  const out = (line = '') => process.stdout.write(`${line}\n`);
  const verdicts = [];
  if (!values['parallel-only']) await readsUnderHostileBodies(out, verdicts);
  const many = await parallelBodies(parallel, bodies[0]);
  out();
  out(
    `${parallel} bodies of unknown keys at once, each on its own connection (fresh mock): peak RSS ${many.peak.toFixed(0)} MiB (${many.before.toFixed(0)} MiB before), all answered in ${many.seconds.toFixed(1)} s, statuses ${JSON.stringify(many.statuses)}`,
  );
  verdicts.push([many.peak < TARGET_PEAK_RSS_MIB, `peak RSS under ${parallel} parallel 1 MiB bodies < ${TARGET_PEAK_RSS_MIB} MiB (${many.peak.toFixed(0)} MiB)`]);
  out();
  for (const [ok, text] of verdicts) out(`${ok ? 'PASS' : 'MISS'} ${text}`);
  out();
  await stopAll();
}

main().catch(async (error) => {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  await stopAll();
  process.exit(1);
});
