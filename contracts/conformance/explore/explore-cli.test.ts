/**
 * The explore command: its refusals (exit 2), its reports (the JSON names CI scripts read, a JUnit case per
 * rule, the console's table), --replay of a saved sequence (1 while the rule breaks, 0 once it holds), and an
 * interrupt (130, with what the run created deleted first).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/http/app.js';
import { createMockState } from '../../../src/state/mock-state.js';
import { buggyProxy, serveFetch } from '../../../test/kit-servers/buggy-proxy.js';
import { runExploreCommand } from './cli.js';
import { ALL_RULES } from './rules.js';

const dir = mkdtempSync(join(tmpdir(), 'explore-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function explore(...argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runExploreCommand(argv, { out: (text) => (out += text), err: (text) => (out += text) });
  return { code, out };
}

const mockFetch = () => {
  const app = createApp({ mockState: createMockState() });
  return (url: string, init: RequestInit) => app.request(url, init);
};

describe('explore: usage', () => {
  it('refuses --read-only, since exploring writes', async () => {
    const run = await explore('--base-url', 'http://127.0.0.1:1', '--token', 't', '--read-only');
    expect(run.code).toBe(2);
    expect(run.out).toContain('explore writes');
  });

  it('refuses a missing --base-url, a bad --seed and an unknown option with exit 2', async () => {
    for (const argv of [['--token', 't'], ['--base-url', 'http://x.test', '--token', 't', '--seed', 'abc'], ['--nope']]) {
      const run = await explore(...argv);
      expect(run.code, run.out).toBe(2);
      expect(run.out).toMatch(/--base-url is required|--seed must be|unknown option --nope/);
    }
  });

  it('prints its help', async () => {
    const run = await explore('--help');
    expect(run.code).toBe(0);
    expect(run.out).toContain('--replay FILE');
  });
});

describe('explore: reports and replay', () => {
  let buggy: Awaited<ReturnType<typeof serveFetch>>;
  let mock: Awaited<ReturnType<typeof serveFetch>>;
  const json = join(dir, 'report.json');
  const junit = join(dir, 'report.xml');
  beforeAll(async () => {
    buggy = await serveFetch(buggyProxy(mockFetch(), ['delete-twice-accepted']));
    mock = await serveFetch(mockFetch());
  });
  afterAll(async () => {
    await buggy?.close();
    await mock?.close();
  });
  const flags = (url: string) => ['--base-url', url, '--token', 'demo-token', '--token2', 'demo-token-2'];

  it('writes the JSON names CI scripts read, a JUnit case per rule and a table of the shortest sequence', async () => {
    const run = await explore(
      ...flags(buggy.url),
      '--seed',
      '1',
      '--runs',
      '400',
      '--steps',
      '10',
      '--max-failures',
      '1',
      '--report',
      `json=${json}`,
      '--report',
      `junit=${junit}`,
    );

    // A documented rule: counted only with --strict, so the run passes without it.
    expect(run.code, run.out).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report).toMatchObject({ outcome: 'passed', seed: 1 });
    expect(typeof report.runs).toBe('number');
    const [failure] = report.failures;
    expect(failure).toMatchObject({
      check: 'explore.deleted.delete-again-refused',
      source: 'documented',
      reproduced: '3/3',
      counted: false,
    });
    for (const step of failure.steps) expect(Object.keys(step)).toEqual(expect.arrayContaining(['method', 'path', 'status']));
    expect(failure.steps.at(-1)).toMatchObject({ method: 'DELETE', status: 200 });
    expect(run.out).toMatch(/shortest sequence: 3 steps, reproduced 3\/3/);
    expect(run.out).toContain('← breaks explore.deleted.delete-again-refused');
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(ALL_RULES.length);
    expect(xml).toContain('name="explore.deleted.delete-again-refused" classname="explore.documented"><skipped');
  }, 60_000);

  it('exits 3 when a spec rule was never judged, naming it; 0 with --allow-unjudged, saying so', async () => {
    // One sequence of one step cannot judge every spec rule.
    const short = [...flags(mock.url), '--seed', '1', '--runs', '1', '--steps', '1'];
    const unjudged = await explore(...short);
    expect(unjudged.code, unjudged.out).toBe(3);
    expect(unjudged.out).toMatch(/PASSED only in part/);
    const accepted = await explore(...short, '--allow-unjudged');
    expect(accepted.code, accepted.out).toBe(0);
    expect(accepted.out).toContain('The spec rules not judged were accepted (--allow-unjudged).');
  }, 30_000);

  it('replays the saved sequence: 1 while the rule breaks (with --strict), 0 on a target that keeps it', async () => {
    const broken = await explore(...flags(buggy.url), '--replay', json, '--strict');
    expect(broken.code, broken.out).toBe(1);
    expect(broken.out).toContain('broken again (explore.deleted.delete-again-refused)');
    const kept = await explore(...flags(mock.url), '--replay', json, '--strict');
    expect(kept.code, kept.out).toBe(0);
    expect(kept.out).toContain('not reproduced');
  }, 30_000);

  it('counts the documented rule with --strict: exit 1, outcome failed', async () => {
    const run = await explore(
      ...flags(buggy.url),
      '--seed',
      '1',
      '--runs',
      '400',
      '--steps',
      '10',
      '--max-failures',
      '1',
      '--strict',
      '--report',
      `json=${json}`,
    );
    expect(run.code, run.out).toBe(1);
    expect(JSON.parse(readFileSync(json, 'utf8')).outcome).toBe('failed');
  }, 60_000);

  it('stops on an interrupt with 130, after deleting what it created', async () => {
    const stop = new AbortController();
    let out = '';
    const io = {
      out: (text: string) => {
        out += text;
        if (/sequences, \d+ requests/.test(text)) stop.abort();
      },
      err: (text: string) => (out += text),
    };
    const before = await (await fetch(`${mock.url}/api/v1/tools`, { headers: { authorization: 'Bearer demo-token' } })).text();
    const code = await runExploreCommand(
      [...flags(mock.url), '--seed', '3', '--runs', '200', '--report', `json=${join(dir, 'stopped.json')}`],
      io,
      stop.signal,
    );
    expect(code, out).toBe(130);
    expect(await (await fetch(`${mock.url}/api/v1/tools`, { headers: { authorization: 'Bearer demo-token' } })).text()).toBe(before);
  }, 60_000);
});
