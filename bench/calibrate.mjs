/**
 * `npm run bench -- --calibrate`: what this machine allows. The raw server
 * answers PATCH-shaped requests after keeping the CPU busy for 0 to 80 µs,
 * under the bench's load; the table shows the p99 any server gets at that
 * cost per request, so the mock's figures can be read against it (on two
 * cores shared with autocannon, p99 ≤ 2 ms is a CPU budget per request).
 */
import { runLoad, summarize } from './load.mjs';
import { cpuTimes } from './processes.mjs';
import { table } from './report.mjs';

const EXTRA_US = [0, 20, 40, 60, 80];
const request = {
  method: 'PATCH',
  path: '/api/v1/schemas/00000000-0000-4000-8000-000000000000',
  headers: { authorization: 'Bearer demo-token', 'content-type': 'application/json' },
  body: JSON.stringify({ description: 'Changed by the benchmark.' }),
};
// About the size of the mock's answer to that PATCH.
const answerBody = Buffer.from(JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', padding: 'x'.repeat(240) }));

export async function calibrate(raw, opts) {
  const rows = [];
  for (const busyUs of EXTRA_US) {
    await raw.answer({ status: 200, body: answerBody, busyUs });
    const load = (extra) => runLoad({ port: raw.port, connections: opts.connections, request, ...extra });
    if (opts.warmupS > 0) await load({ durationS: opts.warmupS });
    const before = cpuTimes(raw.child.pid);
    const runs = [];
    for (let round = 0; round < opts.rounds; round++) runs.push(await load({ durationS: opts.durationS / opts.rounds }));
    const after = cpuTimes(raw.child.pid);
    const result = summarize(runs);
    const perRequest = (ms) => Math.round((ms * 1000) / result.requests);
    rows.push([
      `+${busyUs} µs`,
      `${perRequest(after.total - before.total)} (${perRequest(after.kernel - before.kernel)})`,
      Math.round(result.rps).toLocaleString('en-US'),
      result.p50.toFixed(2),
      result.p99.toFixed(2),
    ]);
    process.stderr.write(`  raw server +${busyUs} µs: p99 ${result.p99.toFixed(2)} ms\n`);
  }
  return table(['work added per request', 'CPU µs/req (kernel)', 'req/s', 'p50 ms', 'p99 ms'], rows);
}
