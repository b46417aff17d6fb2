#!/usr/bin/env node
/**
 * What the largest valid state body costs in heap (issue 30): a snapshot of
 * `--mib` MiB of the smallest valid records (schemas with no properties:
 * the most objects per byte a snapshot can hold) is PUT to the mock's app in
 * this process; prints the peak heap and RSS while it loads, per MiB of body,
 * and the heap limit of this node. Run with `node --expose-gc`.
 */
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { createApp } from '../dist/src/http/app.js';

const { values } = parseArgs({ options: { mib: { type: 'string', default: '32' } } });
const MIB = 1024 * 1024;
const target = Number(values.mib) * MIB;
const at = '2026-01-01T00:00:00.000Z';
const records = [];
let size = 0;
const organizations = [];
for (let org = 0; size < target; org++) {
  const schemas = [];
  for (let n = 0; n < 100_000 && size < target; n++) {
    const id = `00000000-0000-4000-8000-${String(org * 100_000 + n).padStart(12, '0')}`;
    const record = { id, name: `S${n}`, type: 'Free', description: '', properties: {}, isLocked: false, createdAt: at, updatedAt: at };
    size += JSON.stringify(record).length + 1;
    schemas.push(record);
  }
  organizations.push({ id: `org-${org}`, name: `Org ${org}`, token: `token-${org}`, records: { schemas } });
  records.push(schemas.length);
}
const body = JSON.stringify({ format: 'voice-config-mock/state', version: 1, organizations, telephony: [] });
organizations.length = 0;
globalThis.gc?.();
const app = createApp({ scenario: 'empty' });
const before = process.memoryUsage();
let peakHeap = before.heapUsed;
let peakRss = before.rss;
const sample = setInterval(() => {
  const now = process.memoryUsage();
  peakHeap = Math.max(peakHeap, now.heapUsed);
  peakRss = Math.max(peakRss, now.rss);
}, 5);
const started = performance.now();
const res = await app.request('/__mock/state', { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
const ms = performance.now() - started;
const after = process.memoryUsage();
peakHeap = Math.max(peakHeap, after.heapUsed);
peakRss = Math.max(peakRss, after.rss);
clearInterval(sample);
const bodyMiB = Buffer.byteLength(body) / MIB;
const grew = (peakHeap - before.heapUsed) / MIB;
process.stdout.write(
  [
    `state body: ${bodyMiB.toFixed(1)} MiB, ${records.reduce((a, b) => a + b, 0)} records (status ${res.status}, ${(ms / 1000).toFixed(1)} s)`,
    `heap before: ${(before.heapUsed / MIB).toFixed(0)} MiB (the body text included); peak heap: ${(peakHeap / MIB).toFixed(0)} MiB, +${grew.toFixed(0)} MiB while loading (${(grew / bodyMiB).toFixed(1)} MiB per MiB of body)`,
    `peak RSS: ${(peakRss / MIB).toFixed(0)} MiB; heap limit of this node: ${(getHeapStatistics().heap_size_limit / MIB).toFixed(0)} MiB`,
    '',
  ].join('\n'),
);
