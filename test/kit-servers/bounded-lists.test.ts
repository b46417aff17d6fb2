/**
 * The kit's memory is bounded whatever a target's lists answer: endless pages of new records, one page of more
 * records than --max-records, or endless pages of huge records, end as "not read whole" (the reason naming the
 * flag), and are never reported as failures of the target. One kit run per shape, read-only.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SuiteReport } from '../../contracts/conformance/types.js';
import { answer, bearerOf, listen, type Running, schemaRecord } from './plumbing.js';
import { runKit } from './run-kit.js';

const TOKENS = ['big-1', 'big-2'];
const dir = mkdtempSync(join(tmpdir(), 'bounded-lists-'));
const started: Running[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.close()));
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Every list but the schema list is `huge` (one page of that many records), endless (pages of 500 new ones), or
 * heavy: endless pages by Link header, one new record a page, each with a description of `heavy` MiB.
 */
async function start(shape: { huge: number } | { heavy: number } | 'endless'): Promise<Running> {
  const heavy = typeof shape === 'object' && 'heavy' in shape ? shape.heavy : undefined;
  const description = 'x'.repeat((heavy ?? 0) * 1024 * 1024);
  // Each organization its own records: the lists of the two are apart, as they must be.
  const huge = TOKENS.map(() =>
    shape === 'endless' || !('huge' in shape)
      ? []
      : Array.from({ length: shape.huge }, (_, index) => ({ id: randomUUID(), name: `r${index}`, isSystem: false })),
  );
  const schemas = TOKENS.map(() => [schemaRecord(randomUUID(), { name: 'Topics' })]);
  const running = await listen((req, _body, res) => {
    const url = new URL(req.url ?? '/', 'http://big');
    const org = TOKENS.indexOf(bearerOf(req) ?? '');
    if (org === -1) return answer(res, 401, { message: 'no token' });
    if (url.pathname === '/api/v1/schemas') return answer(res, 200, schemas[org]);
    if (!/^\/api\/v1\/[a-z-]+$/.test(url.pathname)) return answer(res, 404, { message: 'not found' });
    if (heavy !== undefined) {
      const page = Number(url.searchParams.get('page') ?? 1);
      const link = `<${url.pathname}?page=${page + 1}>; rel="next"`;
      return answer(res, 200, [{ id: randomUUID(), name: `r${page}`, isSystem: false, description }], { link });
    }
    if (shape !== 'endless') return answer(res, 200, huge[org]);
    const page = Number(url.searchParams.get('cursor') ?? 0);
    const data = Array.from({ length: 500 }, () => ({ id: randomUUID(), isSystem: false }));
    return answer(res, 200, { data, next_cursor: String(page + 1) });
  });
  started.push(running);
  return running;
}

async function judge(server: Running, ...flags: string[]) {
  const report = join(dir, `${randomUUID()}.json`);
  const run = await runKit(
    '--base-url',
    server.url,
    '--token',
    TOKENS[0]!,
    '--token2',
    TOKENS[1]!,
    '--read-only',
    '--report',
    `json=${report}`,
    ...flags,
  );
  return { run, json: JSON.parse(readFileSync(report, 'utf8')) as SuiteReport };
}

describe('bounds on the lists the kit reads', { timeout: 120_000 }, () => {
  it('ends endless pages at --max-records, and fails nothing of the target for it', async () => {
    const { run, json } = await judge(await start('endless'), '--max-records', '2000');

    expect(run.code).toBe(0);
    expect(json.summary.failed).toBe(0);
    const reason = json.results.find((result) => result.id === 'tenancy.tools.apart')?.reason ?? '';
    expect(reason).toContain('--max-records');
  });

  // A page of 200,000 records is read by readList alone in list-shapes.test.ts (a whole run reads each list some fifty
  // times); here a page past a lower --max-records shows what a run makes of it.
  it('carries at most 60 exchanges in full in a result whose probe read many pages, and still lists every request', async () => {
    const { json } = await judge(await start('endless'), '--max-pages', '40');

    const apart = json.results.find((result) => result.id === 'tenancy.tools.apart');
    expect(apart?.exchanges).toHaveLength(60);
    expect((apart?.evidence.requests as unknown[] | undefined)?.length).toBeGreaterThanOrEqual(80);
  });

  it('takes a page past --max-records as not read whole, failing nothing', async () => {
    const { run, json } = await judge(await start({ huge: 12_000 }), '--max-records', '10000');

    expect(run.code).toBe(0);
    expect(json.summary.failed).toBe(0);
    expect(json.results.find((result) => result.id === 'tools.list.ids-uuid')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('--max-records'),
    });
  });
});

/** The built command's verify, in a child process whose heap is capped at `heapMiB`: its exit code and stderr. */
function verifyInCappedHeap(heapMiB: number, ...argv: string[]): Promise<{ code: number | null; err: string }> {
  const cli = new URL('../../dist/voice-config-mock.cjs', import.meta.url).pathname;
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMiB}`, cli, 'verify', ...argv], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, err })));
}

describe('bounds on the bytes the kit reads of a list', { timeout: 120_000 }, () => {
  it('ends endless pages of huge records at --max-list-mib, in a heap far smaller than the pages, with a report', async () => {
    // Half a MiB a record, one a page, without end: read to --max-pages (1000), the pages would hold 500 MiB.
    const server = await start({ heavy: 0.5 });
    const report = join(dir, `${randomUUID()}.json`);
    const flags = ['--base-url', server.url, '--token', TOKENS[0]!, '--token2', TOKENS[1]!, '--read-only', '--settle-ms', '0'];
    const run = await verifyInCappedHeap(96, ...flags, '--max-list-mib', '2', '--report', `json=${report}`);

    expect(run.err).not.toMatch(/heap|memory/i);
    expect(run.code).toBe(0);
    const json = JSON.parse(readFileSync(report, 'utf8')) as SuiteReport;
    expect(json.summary.failed).toBe(0);
    expect(json.target.maxListMiB).toBe(2);
    expect(json.results.find((result) => result.id === 'tools.list.ids-uuid')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringMatching(/holds more than 2 MiB of answers .*--max-list-mib/),
    });
  });
});
