/**
 * What a create costs with --state-file, where every create is on disk
 * (appended to the change log and flushed) before its 201: at the demo size
 * and at a large state, one client at a time and ten at once. Reported per
 * create: time to the answer, the mock's CPU time, and the bytes the mock
 * wrote to the disk (/proc/<pid>/io write_bytes, flushes included). A write
 * that cost the size of the state would show at 100,000 records as tens of
 * MB per create; the change log keeps it at the size of the change.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { cpuMs, send, startMock, stop, stopChildrenOnExit } from './processes.mjs';
import { median, table } from './report.mjs';

const headers = { authorization: 'Bearer demo-token', 'content-type': 'application/json' };
const probe = { path: '/api/v1/schemas', headers };
let serial = 0;
const create = (port) =>
  send(port, {
    method: 'POST',
    path: '/api/v1/schemas',
    headers,
    body: JSON.stringify({ name: `Write cost ${serial++}`, properties: { topic: 'string' } }),
  });

/** Bytes this process has caused to be written to storage so far. */
function diskBytes(pid) {
  const line = readFileSync(`/proc/${pid}/io`, 'utf8').split('\n').find((l) => l.startsWith('write_bytes:'));
  return Number(line?.split(/\s+/)[1] ?? Number.NaN);
}

/** `count` creates from `clients` clients at once; per create: ms to the answer (median, p99), mock CPU ms, disk bytes. */
async function measure(mock, file, { count, clients }) {
  const times = [];
  const [cpu, disk, log] = [cpuMs(mock.pid), diskBytes(mock.pid), statSync(`${file}.log`).size];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let n = 0; n < count / clients; n++) {
        const at = performance.now();
        const { status } = await create(mock.port);
        if (status !== 201) throw new Error(`a create answered ${status}`);
        times.push(performance.now() - at);
      }
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  return {
    perSecond: Math.round((count / wall) * 1000),
    median: median(times).toFixed(2),
    p99: (times[Math.floor(times.length * 0.99)] ?? 0).toFixed(2),
    cpu: ((cpuMs(mock.pid) - cpu) / count).toFixed(3),
    disk: Math.round((diskBytes(mock.pid) - disk) / count),
    log: Math.round((statSync(`${file}.log`).size - log) / count),
  };
}

/** `writeLargeStateApart` comes from bench/state-file.mjs, which runs this (an import back would wait on itself). */
export async function measureWriteCosts({ records, writeLargeStateApart }) {
  stopChildrenOnExit();
  const scratch = mkdtempSync(join(tmpdir(), 'vcm-write-cost-'));
  try {
    const plain = await startMock({ probe });
    const demo = (await send(plain.port, { path: '/__mock/state' })).body;
    await stop(plain.child);
    const demoFile = join(scratch, 'demo.json');
    writeFileSync(demoFile, demo);
    const large = join(scratch, 'large.json');
    const held = writeLargeStateApart(demoFile, records, large, { perKind: 5000 });
    const rows = [];
    for (const [label, source] of [
      ['demo', demoFile],
      [`${Math.round(held / 1000)}k`, large],
    ]) {
      const file = join(scratch, `${label}-state.json`);
      writeFileSync(file, readFileSync(source));
      const mock = await startMock({ args: ['--state-file', file, '--max-records', '1000000'], probe });
      await measure(mock, file, { count: 200, clients: 1 });
      for (const clients of [1, 10]) {
        const r = await measure(mock, file, { count: 2000, clients });
        rows.push([label, `${statSync(file).size}`, String(clients), `${r.perSecond}`, r.median, r.p99, r.cpu, `${r.disk}`, `${r.log}`]);
      }
      await stop(mock.child);
    }
    const header = ['state', 'state file (bytes)', 'clients', 'creates/s', 'p50 ms', 'p99 ms', 'mock CPU ms/create', 'disk bytes/create', 'log bytes/create'];
    process.stdout.write(`\nWrite cost per create with --state-file (2,000 creates each, Node ${process.version}):\n\n${table(header, rows)}\n`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
