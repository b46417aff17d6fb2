#!/usr/bin/env node
/**
 * The conformance kit's peak memory on lists too long to read whole: the built
 * `voice-config-mock verify --read-only` runs under /usr/bin/time -v against a
 * server in this process on 127.0.0.1 whose trunk, assistant, tool and webhook
 * lists are either endless (`--shape endless`: 1,000 new records a page, each
 * page naming a next cursor, forever) or one page of 200,000 records (`--shape
 * huge`: a bare array that ignores paging). The schema list is a bare array of
 * one record. Prints, per shape, the kit's peak RSS, its wall time, its exit
 * status and how many checks failed (the target is not at fault: a list the
 * kit could not read whole is "not judged", never a failure). Run after
 * `npm run build:code`; the target is a peak under 512 MiB.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { shape: { type: 'string', multiple: true } } });
const SHAPES = values.shape ?? ['endless', 'huge'];
const TOKENS = ['bench-a', 'bench-b'];
const PAGE = 1_000;
const HUGE = 200_000;
const LIMIT_MIB = 512;
const at = '2026-01-01T00:00:00Z';

const record = () => ({ id: randomUUID(), name: 'Record', createdAt: at });
/** One page of 200,000 records per token, serialised once. */
const hugePages = new Map(TOKENS.map((token) => [token, JSON.stringify(Array.from({ length: HUGE }, record))]));
const schemaLists = new Map(
  TOKENS.map((token) => [
    token,
    JSON.stringify([
      { id: randomUUID(), name: `Topics of ${token}`, type: 'Free', description: '', properties: { topic: 'string' }, isLocked: false, createdAt: at, updatedAt: at },
    ]),
  ]),
);

function serve(shape) {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://bench');
    const send = (status, text) => res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!TOKENS.includes(token)) return send(401, '{"message":"unauthenticated"}');
    const match = /^\/api\/v1\/(sip-trunks|assistants|schemas|tools|webhooks)$/.exec(url.pathname);
    if (!match || req.method !== 'GET') return send(404, '{"message":"not found"}');
    if (match[1] === 'schemas') return send(200, schemaLists.get(token));
    if (shape === 'huge') return send(200, hugePages.get(token));
    const next = Number(url.searchParams.get('cursor') ?? 0) + PAGE;
    send(200, JSON.stringify({ data: Array.from({ length: PAGE }, record), next_cursor: String(next) }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const dir = mkdtempSync(join(tmpdir(), 'kit-list-rss-'));
console.log(`kit peak RSS on lists too long to read whole (read-only runs, target < ${LIMIT_MIB} MiB)`);
for (const shape of SHAPES) {
  const server = await serve(shape);
  const base = `http://127.0.0.1:${server.address().port}`;
  const report = join(dir, `${shape}.json`);
  const argv = ['-v', process.execPath, ...(process.env.KIT_NODE_FLAGS ?? '').split(' ').filter(Boolean), 'dist/voice-config-mock.cjs', 'verify', '--base-url', base, '--token', TOKENS[0], '--token2', TOKENS[1]];
  // Spawned, not spawned synchronously: this process's server must keep answering while the kit runs.
  const child = await run('/usr/bin/time', [...argv, '--read-only', '--report', `json=${report}`]);
  server.close();
  const peakKiB = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(child.stderr)?.[1]);
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/.exec(child.stderr)?.[1];
  if (!existsSync(report)) {
    console.log(`${shape.padEnd(8)} the kit ended with ${child.code} and no report:\n${child.stderr.split('\n').slice(0, 12).join('\n')}`);
    continue;
  }
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const peak = peakKiB / 1024;
  const notWhole = json.notes.filter((note) => note.includes('--max-')).length;
  console.log(
    `${shape.padEnd(8)} peak RSS ${peak.toFixed(1)} MiB (${peak < LIMIT_MIB ? 'PASS' : 'MISS'}), wall ${wall}, exit ${child.code}, ` +
      `${json.summary.failed} failed, ${json.summary.notJudged} not judged, ${notWhole} notes naming a --max- bound`,
  );
}

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
