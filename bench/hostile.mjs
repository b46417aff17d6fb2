#!/usr/bin/env node
/**
 * `npm run bench:hostile`: do ordinary reads stay fast while clients keep
 * sending hostile bodies (issue 24, item 1)? The compiled mock (as `npm
 * start` runs it) on 127.0.0.1; first `--readers` connections read the
 * schema list alone, then the same while `--hostile` clients each keep
 * POSTing a 1 MiB body of unknown keys to a create. Prints p50/p99/max of
 * the reads in both phases, the hostile answers' count and largest size,
 * and PASS/MISS for a p99 under 50 ms. Every phase is bounded in time; the
 * mock is stopped at the end, also on Ctrl+C.
 */
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';
import { cpuMs, rssMiB, startMock, stopAll, stopChildrenOnExit } from './processes.mjs';
import { availableParallelism, loadavg } from 'node:os';

const TOKEN = 'demo-token';
const TARGET_P99_MS = 50;

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    hostile: { type: 'string', default: '4' },
    readers: { type: 'string', default: '2' },
    path: { type: 'string', default: '/api/v1/sip-trunks' },
  },
});
const durationMs = Number(values.duration) * 1000;
const hostileClients = Number(values.hostile);
const readers = Number(values.readers);

/** A JSON object of unknown keys just under 1 MiB (the body limit). */
function hostileBody() {
  const parts = [];
  let size = 2;
  for (let index = 0; size < 1024 * 1024 - 64; index += 1) {
    const part = `"unknownField${index}":1`;
    parts.push(part);
    size += part.length + 1;
  }
  parts.pop();
  return Buffer.from(`{${parts.join(',')}}`);
}

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

async function phase(port, hostile, body) {
  const until = performance.now() + durationMs;
  const readLoops = Array.from({ length: readers }, () => loop(port, { path: '/api/v1/schemas' }, until));
  const hostileLoops = Array.from({ length: hostile }, () => loop(port, { method: 'POST', path: values.path, body }, until));
  const [reads, attacks] = await Promise.all([Promise.all(readLoops), Promise.all(hostileLoops)]);
  return { reads: summary(reads.flat()), attacks: attacks.flat() };
}

async function main() {
  stopChildrenOnExit();
  const body = hostileBody();
  const mock = await startMock({ probe: { path: '/api/v1/schemas', headers: { authorization: `Bearer ${TOKEN}` } } });
  try {
    const alone = await phase(mock.port, 0, body);
    const cpuBefore = cpuMs(mock.pid);
    const attacked = await phase(mock.port, hostileClients, body);
    const cpuPerHostile = (cpuMs(mock.pid) - cpuBefore) / Math.max(1, attacked.attacks.length);
    const answers = attacked.attacks;
    const largest = Math.max(...answers.map(({ bytes }) => bytes));
    const statuses = [...new Set(answers.map(({ status }) => status))].join(', ');
    const row = (name, s) =>
      `${name.padEnd(34)} ${String(s.count).padStart(7)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${s.max.toFixed(1).padStart(8)}${s.bad ? `  (${s.bad} not 200)` : ''}`;
    process.stdout.write(
      [
        '',
        `voice-config-mock under hostile bodies: ${readers} reading connections, ${values.duration} s per phase, Node ${process.version}`,
        `hostile body: ${body.length} bytes of unknown keys, POST ${values.path}, ${hostileClients} clients`,
        '',
        `${'reads (GET /api/v1/schemas)'.padEnd(34)} ${'count'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
        row('alone', alone.reads),
        row(`while ${hostileClients} clients send hostile bodies`, attacked.reads),
        '',
        `hostile requests answered: ${answers.length} (status ${statuses}), largest answer ${largest} bytes; mock RSS after: ${rssMiB(mock.pid).toFixed(0)} MiB`,
        // The reads' share is included: an upper bound of what one hostile body costs, and so of what a read can wait for one.
        `mock CPU per hostile request (reads included): ${cpuPerHostile.toFixed(1)} ms; load average of the machine: ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
        `${attacked.reads.p99 < TARGET_P99_MS ? 'PASS' : 'MISS'} reads keep p99 < ${TARGET_P99_MS} ms under hostile bodies (${attacked.reads.p99.toFixed(1)} ms)`,
        `${largest < 64 * 1024 ? 'PASS' : 'MISS'} every answer to a hostile body < 64 KiB (${largest} bytes)`,
        '',
      ].join('\n'),
    );
  } finally {
    await stopAll();
  }
}

main().catch(async (error) => {
  process.stderr.write(`bench: ${error.stack ?? error}\n`);
  await stopAll();
  process.exit(1);
});
