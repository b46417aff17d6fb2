/**
 * No verdict without evidence: where a target hides what a check rests on (a list whose later pages the kit cannot
 * reach, a record wrapped where the kit does not look), the check is "not judged", never "passed"; given the flag
 * the reason names, the same check is judged. And --read-only judges what it can without writing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type AlphaShape, type Break, startAlpha } from './alpha.js';
import type { Running } from './plumbing.js';
import { runKit } from './run-kit.js';

const dir = mkdtempSync(join(tmpdir(), 'kit-evidence-'));
const started: Running[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Result {
  id: string;
  outcome: string;
  reason?: string;
  evidence: { requests: { method: string; path: string; status?: number }[]; failing?: unknown };
}

let runs = 0;
async function kitOn(breaks: Break[], shape: AlphaShape, ...flags: string[]) {
  const alpha = await startAlpha(new Set(breaks), shape);
  started.push(alpha);
  const before = alpha.state();
  const json = join(dir, `run-${runs++}.json`);
  const run = await runKit('--base-url', alpha.url, '--token', 'alpha-a', '--token2', 'alpha-b', ...flags, '--report', `json=${json}`);
  const report = JSON.parse(readFileSync(json, 'utf8'));
  const result = (id: string): Result => report.results.find((candidate: Result) => candidate.id === id);
  return { ...run, report, result, alpha, before };
}

// A kept trunk makes the kit read again for a few seconds (a delete may settle late), and its cleanup too.
describe('a list whose later pages the kit cannot read', { timeout: 60_000 }, () => {
  it('leaves list-after-delete not judged, naming --page-param, when a deleted trunk may be on a page it cannot reach', async () => {
    const run = await kitOn(['trunk-delete-keeps'], { paging: 'after' });

    expect(run.result('sip-trunks.list-after-delete')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('--page-param'),
    });
    expect(run.code).toBe(3);
    expect(run.out.trimEnd().split('\n').at(-1)).toMatch(/not judged.*exit status 3/);
  });

  it('fails it once --page-param says how to reach the next page, with the deleted trunk on a later page', async () => {
    const run = await kitOn(['trunk-delete-keeps'], { paging: 'after' }, '--page-param', 'after');

    const check = run.result('sip-trunks.list-after-delete');
    expect(check.outcome).toBe('failed');
    expect(check.evidence.requests.some((request) => request.path.includes('?after='))).toBe(true);
    expect(run.code).toBe(1);
  });

  it('never passes a tenancy list check when the other organization’s list is not read whole', async () => {
    const run = await kitOn(['lists-all-organizations'], { paging: 'after' });

    for (const kind of ['sip-trunks', 'assistants', 'tools', 'webhooks']) {
      expect(run.result(`tenancy.${kind}.list`).outcome).not.toBe('passed');
      expect(run.result(`tenancy.${kind}.apart`).outcome).not.toBe('passed');
    }
    expect(run.code).not.toBe(0);
  });

  it('follows a Link header by itself, judging the whole spec of a conforming target and leaving its records as they were', async () => {
    const run = await kitOn([], { paging: 'link' }, '--strict');

    expect(run.report.summary).toMatchObject({ failed: 0, notJudgedSpec: 0, conforms: true });
    expect(run.code).toBe(0);
    expect(run.report.target.lists['/api/v1/schemas']).toContain('Link');
    expect(run.out).toContain('Paging (--paging auto');
    expect(run.alpha.state()).toBe(run.before);
  });

  it('fails a deleted trunk kept on a later Link page', async () => {
    const followed = await kitOn(['trunk-delete-keeps'], { paging: 'link' });

    expect(followed.result('sip-trunks.list-after-delete').outcome).toBe('failed');
  });

  it('leaves it not judged with --paging none, saying so', async () => {
    const stopped = await kitOn(['trunk-delete-keeps'], { paging: 'link' }, '--paging', 'none');

    expect(stopped.result('sip-trunks.list-after-delete')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('--paging none'),
    });
  });
});

describe('a record the kit cannot read', () => {
  it('leaves the get checks not judged, naming --record-pointer, and judges them given it', async () => {
    const hidden = await kitOn(['get-without-token'], { wrapGets: true });
    const given = await kitOn(['get-without-token'], { wrapGets: true }, '--record-pointer', '/payload');

    expect(hidden.result('tools.get-after-create')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('--record-pointer'),
    });
    expect(hidden.result('tools.get.needs-token')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('--record-pointer'),
    });
    expect(given.result('tools.get.needs-token').outcome).toBe('failed');
    expect(given.result('tools.get-after-create').outcome).toBe('passed');
  });
});

describe('evidence in the JSON report', { timeout: 60_000 }, () => {
  it('carries each check’s requests and statuses, the failing part of a failure, and no token', async () => {
    const run = await kitOn(['trunk-delete-keeps'], {});

    const check = run.result('sip-trunks.list-after-delete');
    expect(check.outcome).toBe('failed');
    expect(check.evidence.requests).toContainEqual(expect.objectContaining({ method: 'DELETE', status: 200 }));
    expect(check.evidence.failing).toEqual(expect.any(String));
    for (const result of run.report.results as Result[]) expect(result.evidence.requests).toEqual(expect.any(Array));
    expect(JSON.stringify(run.report)).not.toContain('alpha-b');
  });
});

describe('--read-only judges what it can', () => {
  it('judges the gets without a token and the organizations apart, exits 0, and says --read-only accepts the rest', async () => {
    const run = await kitOn([], {}, '--read-only');

    expect(run.result('sip-trunks.get.needs-token').outcome).toBe('passed');
    expect(run.result('schemas.get.needs-token').outcome).toBe('passed');
    expect(run.result('tenancy.schemas.apart').outcome).toBe('passed');
    expect(run.code).toBe(0);
    expect(run.out.trimEnd().split('\n').at(-1)).toContain('--read-only, which implies --allow-unjudged');
    expect(new Set(run.alpha.received.map((line) => line.split(' ')[0]))).toEqual(new Set(['GET']));
  });

  it('fails a get served without a token, and never passes another organization’s records in the list', async () => {
    const get = await kitOn(['get-without-token'], {}, '--read-only');
    const lists = await kitOn(['lists-all-organizations'], {}, '--read-only');

    expect(get.result('schemas.get.needs-token').outcome).toBe('failed');
    // A record both lists hold may be one a platform shares: without a record of its own (--read-only creates none),
    // the kit cannot tell a leak, so it does not judge it.
    expect(lists.result('tenancy.schemas.apart')).toMatchObject({
      outcome: 'not judged',
      reason: expect.stringContaining('--read-only creates none'),
    });
    expect(get.code).toBe(1);
  });
});

describe('exit status', () => {
  it('is 3 when nothing failed but spec checks were not judged, and 0 with --allow-unjudged, which the last line says', async () => {
    const partial = await kitOn([], {}, '--paging', 'none', '--record-pointer', '/nowhere');
    const accepted = await kitOn([], {}, '--record-pointer', '/nowhere', '--allow-unjudged');

    expect(partial.report.summary.counted).toBe(0);
    expect(partial.code).toBe(3);
    expect(accepted.code).toBe(0);
    expect(accepted.out.trimEnd().split('\n').at(-1)).toMatch(/Accepted by --allow-unjudged: exit status 0\.$/);
  });
});
