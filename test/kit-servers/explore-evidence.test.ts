/**
 * explore judges a rule only on what it saw: against a target that answers in shapes that show nothing (a 500
 * where a refusal was due, a system trunk that answers neither itself nor 404, lists whose items carry no id the
 * kit reads, a capped list that never shows what was made), the rules resting on those answers are reported not
 * judged (in the JSON report, the JUnit file and the closing line), never passed, and none is failed for a shape
 * the kit does not understand either; a refusal its owner's read shows carried out breaks its rule.
 */
import { describe, expect, it } from 'vitest';
import { runExplore } from '../../contracts/conformance/explore/explore.js';
import { closing, toJunitXml, toReport } from '../../contracts/conformance/explore/report.js';
import type { Target } from '../../contracts/conformance/types.js';
import { createApp } from '../../src/http/app.js';
import { createMockState } from '../../src/state/mock-state.js';
import { type OddWay, oddProxy } from './odd-answers.js';

/** The same exploration for every odd target: seed 3, 150 sequences of up to 8 steps, every rule counted. */
const exploration = (runs = 150) => ({
  seed: 3,
  runs,
  steps: 8,
  timeLimitMs: 60_000,
  requestBudget: 1_000_000,
  strict: true,
  systemTrunkUpdate: false,
  signal: new AbortController().signal,
});

async function exploreOdd(way: OddWay, { runs, settleMs = 300 }: { runs?: number; settleMs?: number } = {}) {
  const app = createApp({ mockState: createMockState() });
  const inner = (url: string, init: RequestInit) => app.request(url, init);
  const trunks = (await (await inner('http://odd.test/api/v1/sip-trunks', { headers: { authorization: 'Bearer demo-token' } })).json()) as {
    id: string;
    isSystem?: boolean;
  }[];
  const system = trunks.find((trunk) => trunk.isSystem === true)?.id;
  const target: Target = {
    baseUrl: 'http://odd.test',
    token: 'demo-token',
    token2: 'demo-token-2',
    // The odd proxy answers after the mock wrote: a kept record shows at once, so a third of a second is enough to wait.
    settleMs,
    ...(way === 'refusals-as-500' && system !== undefined ? { systemTrunkId: system } : {}),
    fetch: oddProxy(inner, way, system),
  };
  const run = await runExplore(target, exploration(runs));
  const report = toReport(run);
  return { system, run, report, junit: toJunitXml(report), line: closing(report), failed: run.failures.map((f) => f.rule.id) };
}

const notJudged = (report: { notJudged: { check: string }[] }) => report.notJudged.map((entry) => entry.check);

describe('explore on answers that show nothing', () => {
  it('takes a 500 for no refusal, and a system trunk it cannot read for neither kept nor gone', async () => {
    const { system, run, report, junit, line, failed } = await exploreOdd('refusals-as-500');
    expect(system).toBeDefined();
    const unseen = [
      'explore.system-trunk.kept',
      'explore.tenancy.cannot-read',
      'explore.tenancy.cannot-change',
      'explore.tenancy.cannot-delete',
    ];
    for (const rule of unseen) {
      expect(notJudged(report), rule).toContain(rule);
      expect(failed, rule).not.toContain(rule);
      expect(run.judged[rule], rule).toBeUndefined();
      expect(junit).toContain(
        `<testcase name="${rule}" classname="explore.${rule.includes('system') ? 'spec' : 'assumed'}"><skipped message="not judged`,
      );
    }
    // The rest was judged on evidence (the sequences ran): the own-record reads and the other lists.
    expect(run.judged['explore.read-back']).toBeGreaterThan(0);
    expect(run.judged['explore.list.own-organization-only']).toBeGreaterThan(0);
    expect(line).toContain('not judged');
    expect(line).toContain('explore.system-trunk.kept');
    expect(line).toContain('PASSED only in part');
  }, 60_000);

  it('judges no absence from a list whose items carry no id it reads, and fails nothing for it', async () => {
    const { run, report, junit, line, failed } = await exploreOdd('lists-without-ids');
    // Trunks are listed only as bare id strings: a deleted trunk's absence from such a list shows nothing.
    const rule = 'explore.sip-trunks.deleted-gone';
    expect(notJudged(report)).toContain(rule);
    expect(run.judged[rule]).toBeUndefined();
    expect(junit).toContain(`<testcase name="${rule}" classname="explore.spec"><skipped message="not judged`);
    // A record the run made is not "missing" from a list whose items carry no id the kit reads.
    expect(failed).not.toContain('explore.list.every-own-record');
    // Only the schema list is read whole with ids, so the list rules are judged from it alone.
    expect(run.judged['explore.list.own-organization-only']).toBeGreaterThan(0);
    expect(run.judged['explore.list.every-own-record']).toBeGreaterThan(0);
    expect(run.judged['explore.schemas.list.fields']).toBeGreaterThan(0);
    // Gets of the run's own records still answer them: the read-back and 404-after-delete rules are judged.
    expect(run.judged['explore.read-back']).toBeGreaterThan(0);
    expect(run.judged['explore.deleted.get-404']).toBeGreaterThan(0);
    expect(failed).toEqual([]);
    expect(line).toContain('PASSED only in part');
  }, 60_000);

  it('reads nothing back from a get that shows none of the values written', async () => {
    const { run, report, failed } = await exploreOdd('get-shows-only-id');
    expect(failed).not.toContain('explore.read-back');
    expect(notJudged(report)).toContain('explore.read-back');
    // The rest is judged as on the mock: lists, deletes, the other organization's refusals.
    expect(run.judged['explore.list.every-own-record']).toBeGreaterThan(0);
    expect(run.judged['explore.tenancy.cannot-read']).toBeGreaterThan(0);
    expect(failed).toEqual([]);
  }, 60_000);

  it("passes no refusal its owner's read shows carried out, and no deleted trunk's absence from a list that never showed it", async () => {
    const applied = await exploreOdd('cross-writes-applied', { runs: 100 });
    // Its lists never show what the sequences made: each read waits out the settle time, kept short here.
    const capped = await exploreOdd('capped-trunks-kept', { runs: 100, settleMs: 20 });
    // Shows the newest trunk only: at times every live trunk a sequence made, and a deleted one only while newest.
    const newest = await exploreOdd('newest-trunk-kept', { runs: 100, settleMs: 20 });

    expect(applied.failed).toEqual(expect.arrayContaining(['explore.tenancy.cannot-change', 'explore.tenancy.cannot-delete']));
    // The created trunks never show in the capped list: their absence after a delete that deleted nothing is no evidence.
    expect(capped.failed).toContain('explore.deleted.get-404');
    expect(capped.failed).not.toContain('explore.sip-trunks.deleted-gone');
    expect(capped.run.judged['explore.sip-trunks.deleted-gone']).toBeUndefined();
    // A deleted trunk shows while it is the newest; where it no longer is, its absence shows nothing.
    expect(newest.failed).toEqual(expect.arrayContaining(['explore.deleted.get-404', 'explore.sip-trunks.deleted-gone']));
  }, 60_000);

  it('reads a write back once it shows (an update answered 202, a get behind), and holds no value shown in a form of its own', async () => {
    const later = await exploreOdd('updates-later', { runs: 30 });
    const ownForm = await exploreOdd('own-form-urls', { runs: 30 });
    // No write's answer shows the record: the first get decides the target's own form, after an update too.
    const unseen = await exploreOdd('unseen-own-form', { runs: 30 });
    const behind = await exploreOdd('gets-behind', { runs: 60 });

    for (const { run, failed } of [later, ownForm, unseen, behind]) {
      expect(failed).toEqual([]);
      expect(run.judged['explore.read-back']).toBeGreaterThan(0);
    }
    // The other organization's refused delete is read back by its owner once the replica shows the record.
    expect(behind.run.judged['explore.tenancy.cannot-delete']).toBeGreaterThan(0);
  }, 60_000);

  it('holds a read to the values an update sent, whatever its answer showed: before it, or an update not carried out', async () => {
    const answersBefore = await exploreOdd('update-answers-before', { runs: 30 });
    const ignored = await exploreOdd('updates-ignored', { runs: 30 });

    expect(answersBefore.failed).toEqual([]);
    expect(answersBefore.run.judged['explore.read-back']).toBeGreaterThan(0);
    expect(ignored.failed).toContain('explore.read-back');
  }, 60_000);

  it("reads its owner's get over the settle time after a refused write, where the target carries writes out later", async () => {
    // Its refused writes are carried out 100 ms later: 150 ms of settle time sees them.
    const { failed } = await exploreOdd('writes-later', { runs: 100, settleMs: 150 });

    expect(failed).toEqual(expect.arrayContaining(['explore.tenancy.cannot-change', 'explore.tenancy.cannot-delete']));
  }, 60_000);

  it("never deletes the other organization's record from before the run that its create hands back", async () => {
    const app = createApp({ mockState: createMockState() });
    const inner = (url: string, init: RequestInit) => app.request(url, init);
    const auth = { headers: { authorization: 'Bearer demo-token-2' } };
    const [existing] = (await (await inner('http://odd.test/api/v1/tools', auth)).json()) as { id: string }[];
    const run = await runExplore(
      {
        baseUrl: 'http://odd.test',
        token: 'demo-token',
        token2: 'demo-token-2',
        settleMs: 300,
        fetch: oddProxy(inner, 'create-answers-existing', existing?.id),
      },
      exploration(),
    );

    expect(existing).toBeDefined();
    expect((await inner(`http://odd.test/api/v1/tools/${existing?.id}`, auth)).status).toBe(200);
    expect(run.leftovers.map((entry) => entry.id)).toContain(existing?.id);
  }, 60_000);
});
