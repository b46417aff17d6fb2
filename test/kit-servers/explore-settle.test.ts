/**
 * explore fails a target only on what the spec states, and waits as verify does: against the mock behind a proxy
 * whose tool list shows a new tool only after a second (a search index catching up) and whose trunk deletes answer
 * 202 and are carried out 100 ms later, the late trunk delete breaks nothing within --settle-ms, and the late tool
 * list breaks only the assumed rule for the lists the spec names only, never a counted one.
 */
import { describe, expect, it } from 'vitest';
import { runExplore } from '../../contracts/conformance/explore/explore.js';
import { toReport } from '../../contracts/conformance/explore/report.js';
import type { Target } from '../../contracts/conformance/types.js';
import { mockBehind } from '../helpers/mock-behind.js';

const LIST_LAG_MS = 1000;

function laggingTarget(): Target {
  return mockBehind(
    async (req, inner) => {
      const path = new URL(req.url).pathname;
      if (req.method === 'DELETE' && /^\/api\/v1\/sip-trunks\/[^/]+$/.test(path) && req.headers.has('authorization')) {
        const read = await inner(new Request(req.url, { headers: req.headers }));
        const trunk = read.ok ? ((await read.json()) as { isSystem?: boolean }) : undefined;
        if (trunk !== undefined && trunk.isSystem !== true) {
          setTimeout(() => void inner(req), 100);
          return Response.json({}, { status: 202 });
        }
      }
      const res = await inner(req);
      if (req.method !== 'GET' || path !== '/api/v1/tools' || !res.ok) return res;
      const now = Date.now();
      const tools = (await res.json()) as { createdAt?: string }[];
      return Response.json(tools.filter((tool) => now - Date.parse(tool.createdAt ?? '') > LIST_LAG_MS));
    },
    { settleMs: 400 },
  );
}

describe('explore on a target that carries writes out later', () => {
  it('waits --settle-ms for a trunk delete answered 202, and fails no spec rule for a list the spec names only', async () => {
    const run = await runExplore(laggingTarget(), {
      seed: 1,
      runs: 40,
      steps: 8,
      timeLimitMs: 60_000,
      requestBudget: 1_000_000,
      strict: false,
      systemTrunkUpdate: false,
      signal: new AbortController().signal,
    });
    const report = toReport(run);
    const broken = run.failures.map((failure) => failure.rule.id);

    expect(run.judged['explore.sip-trunks.deleted-gone']).toBeGreaterThan(0);
    expect(run.judged['explore.deleted.get-404']).toBeGreaterThan(0);
    expect(broken).not.toContain('explore.sip-trunks.deleted-gone');
    expect(broken).not.toContain('explore.deleted.get-404');
    expect(broken).not.toContain('explore.list.every-own-record');
    expect(broken).toContain('explore.list.every-own-record.other-lists');
    expect(report.outcome).toBe('passed');
    expect(run.leftovers).toEqual([]);
  }, 90_000);
});
