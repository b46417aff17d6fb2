/**
 * The conformance kit against servers that are not the mock: three small, independently written servers that
 * conform to the spec while choosing differently where it is silent. On each, the kit judges the whole spec
 * (--fail-on-skipped-spec, exit 0) and leaves the records exactly as they were, by the server's own account;
 * each way of breaking a spec rule fails the matching check; --read-only sends only GET, HEAD and OPTIONS.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allProbes } from '../../contracts/conformance/checks/index.js';
import { BREAKS, type Break, startAlpha } from './alpha.js';
import { BETA_OPENAPI, BETA_VERSION, startBeta } from './beta.js';
import { closedAfterEach } from './closed-after-each.js';
import { GAMMA_EXAMPLES, GAMMA_SYSTEM_TRUNK, startGamma } from './gamma.js';
import { type KitRun, notPassed, runKit, runKitOverHttp } from './run-kit.js';

const dir = mkdtempSync(join(tmpdir(), 'kit-servers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const started_ = closedAfterEach();

const alphaFlags = (url: string) => ['--base-url', url, '--token', 'alpha-a', '--token2', 'alpha-b'];
const betaFlags = (url: string) => [
  ...['--base-url', url, '--token', 'beta-one', '--token2', 'beta-two', '--openapi', BETA_OPENAPI],
  ...['--id-pointer', '/data/id', '--list-pointer', '/data', '--header', `X-Api-Version: ${BETA_VERSION}`],
];
const gammaFlags = (url: string) => [
  ...['--base-url', url, '--token', 'gamma-1', '--token2', 'gamma-2', '--examples', GAMMA_EXAMPLES],
  ...['--system-trunk-id', GAMMA_SYSTEM_TRUNK],
];

/** A run with a JSON and a JUnit report, read back (the server reached in process: run-kit.ts). */
const withReports = (name: string, ...argv: string[]) => reported(runKit, name, argv);
/** The same over 127.0.0.1, as a user's run goes. */
const withReportsOverHttp = (name: string, ...argv: string[]) => reported(runKitOverHttp, name, argv);

async function reported(kit: typeof runKit, name: string, argv: string[]): Promise<KitRun & { json: any; junit: string }> {
  const json = join(dir, `${name}.json`);
  const junit = join(dir, `${name}.xml`);
  const run = await kit(...argv, '--report', `json=${json}`, '--report', `junit=${junit}`);
  return { ...run, json: JSON.parse(readFileSync(json, 'utf8')), junit: readFileSync(junit, 'utf8') };
}

const servers = [
  { name: 'alpha (200 creates, 204 updates, 422, 403, ids in capitals, empty lists)', start: () => startAlpha(), flags: alphaFlags },
  {
    name: 'beta (wrapped and idempotent creates, enveloped lists, a required header, no /openapi.json)',
    start: () => startBeta(),
    flags: betaFlags,
  },
  {
    name: 'gamma (Location-only creates, {items} lists, names taken by earlier records, --examples)',
    start: () => startGamma(),
    flags: gammaFlags,
  },
];

describe('the kit on servers that are not the mock', () => {
  it.each(servers)('judges the whole spec of $name and leaves its records as they were', async ({ start, flags }) => {
    const server = await started_(start());
    const before = server.state();

    const run = await withReportsOverHttp('whole', ...flags(server.url), '--fail-on-skipped-spec', '--strict');

    expect(notPassed(run)).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.json.summary).toMatchObject({ conforms: true, skipped: 0, skippedSpec: 0, failed: 0 });
    expect(run.json.leftovers).toEqual([]);
    expect(server.state()).toBe(before);
  });

  it('reads the id of a Location-only create from its Location header', async () => {
    const gamma = await started_(startGamma());

    const run = await withReports('location', ...gammaFlags(gamma.url), '--fail-on-skipped-spec');

    expect(run.code).toBe(0);
    expect(run.json.notes).toContain('the id of a record created by POST /api/v1/tools was read from the Location header');
  });

  it('never prints a --header value, in the console or the reports', async () => {
    const beta = await started_(startBeta());
    const run = await withReports('header', ...betaFlags(beta.url));

    expect(run.code).toBe(0);
    expect(`${run.out}${run.err}${JSON.stringify(run.json)}${run.junit}`).not.toContain(BETA_VERSION);
  });

  it('reads an enveloped list without --list-pointer, and says so in the report', async () => {
    const beta = await started_(startBeta());
    const flags = betaFlags(beta.url).filter((flag, index, all) => flag !== '--list-pointer' && all[index - 1] !== '--list-pointer');

    const run = await withReports('envelope', ...flags, '--fail-on-skipped-spec');

    expect(run.code).toBe(0);
    expect(run.json.notes).toContain(
      'GET /api/v1/tools answered an object; its list was read from its "data" member (give --list-pointer to say where the list is)',
    );
    expect(run.out).toContain('its list was read from its "data" member');
  });

  it('judges the system-trunk rule through GET of --system-trunk-id when the trunk list has a shape it cannot read', async () => {
    const gamma = await started_(startGamma({ opaqueTrunkList: true }));

    const run = await withReports('opaque', ...gammaFlags(gamma.url));

    const outcome = (id: string) => run.json.results.find((result: { id: string }) => result.id === id)?.outcome;
    expect(outcome('sip-trunks.delete.system-refused')).toBe('passed');
    expect(outcome('sip-trunks.delete.system-survives')).toBe('passed');
  });

  it('sends a create again with a fresh suffix when it answers 409', async () => {
    const gamma = await started_(startGamma({ everyOtherCreateConflicts: true }));
    const before = gamma.state();

    const run = await runKit(...gammaFlags(gamma.url), '--fail-on-skipped-spec');

    expect(notPassed(run)).toEqual([]);
    expect(gamma.state()).toBe(before);
    expect(gamma.received.filter((line) => line === 'POST /api/v1/tools').length).toBeGreaterThanOrEqual(6);
  });
});

describe('safety on a shared environment', () => {
  it('never deletes or changes a record that was there before, even when a create hands back its id', async () => {
    const beta = await started_(startBeta({ createAnswersFirst: true }));
    const before = beta.state();

    const run = await withReports('idempotent', ...betaFlags(beta.url));

    expect(beta.state()).toBe(before);
    const create = run.json.results.find((result: { id: string }) => result.id === 'tools.create');
    expect(create).toMatchObject({ outcome: 'not judged', reason: expect.stringContaining('which was there before the run') });
    // The only write to a record from before the run is the one delete the spec asks for: of the system trunk.
    const held = [...before.matchAll(/"id":"([0-9a-f-]{36})","displayName":"(\w[^"]*)"/g)].filter(([, , name]) => name !== 'Carrier');
    const writes = beta.received.filter((line) => /^(DELETE|PATCH|POST) /.test(line));
    expect(held.length).toBeGreaterThan(5);
    for (const [, id] of held) expect(writes.filter((line) => line.includes(id!))).toEqual([]);
    expect(run.out.trimEnd().split('\n').at(-1)).toMatch(/^\d+ checks the spec states were not judged.*exit status 3/);
    expect(run.code).toBe(3);
  });

  it('never deletes a record from before the run when a wrong --list-pointer left the lists unread and a create hands back its id', async () => {
    const beta = await started_(startBeta({ createAnswersFirst: true }));
    const before = beta.state();
    const flags = betaFlags(beta.url).map((flag) => (flag === '/data' ? '/items' : flag));

    const run = await withReports('unread-lists', ...flags);

    expect(beta.state()).toBe(before);
    const create = run.json.results.find((result: { id: string }) => result.id === 'tools.create');
    // The answered record shows another name than the run-unique one sent: another record, whatever the lists show.
    expect(create).toMatchObject({ outcome: 'not judged', reason: expect.stringContaining('so it is another record') });
    const held = [...before.matchAll(/"id":"([0-9a-f-]{36})","displayName":"(\w[^"]*)"/g)].filter(([, , name]) => name !== 'Carrier');
    const deletes = beta.received.filter((line) => line.startsWith('DELETE '));
    for (const [, id] of held) expect(deletes.filter((line) => line.includes(id!))).toEqual([]);
    expect(run.json.leftovers).toContainEqual(
      expect.objectContaining({ path: '/api/v1/tools', note: expect.stringContaining('left alone, check it by hand') }),
    );
  });

  it.each([
    { shows: 'leave out isSystem', options: { readOmitsIsSystem: true, listOmitsIsSystem: true }, reason: 'shows isSystem: true' },
    { shows: 'leaves it out and the list shows false', options: { readOmitsIsSystem: true }, reason: 'isSystem: false' },
  ])('never tries the delete on a --system-trunk-id whose GET and list $shows', async ({ options, reason }) => {
    const gamma = await started_(startGamma(options));
    const before = gamma.state();
    const trunks: { id: string; isSystem: boolean }[] = JSON.parse(before)[0][1][0];
    const ordinary = trunks.find((trunk) => trunk.isSystem === false)!.id;
    const flags = gammaFlags(gamma.url).map((flag) => (flag === GAMMA_SYSTEM_TRUNK ? ordinary : flag));

    const run = await withReports('ordinary-trunk', ...flags);

    expect(gamma.received).not.toContain(`DELETE /api/v1/sip-trunks/${ordinary}`);
    const refused = run.json.results.find((result: { id: string }) => result.id === 'sip-trunks.delete.system-refused');
    expect(refused).toMatchObject({ outcome: 'not judged', reason: expect.stringContaining(reason) });
    expect(JSON.parse(gamma.state())[0][1][0]).toContainEqual(expect.objectContaining({ id: ordinary }));
  });

  it('tries the delete on a --system-trunk-id whose GET leaves out isSystem when the list shows isSystem: true', async () => {
    const gamma = await started_(startGamma({ readOmitsIsSystem: true }));

    const run = await withReports('system-by-list', ...gammaFlags(gamma.url));

    const outcome = (id: string) => run.json.results.find((result: { id: string }) => result.id === id)?.outcome;
    expect(outcome('sip-trunks.delete.system-refused')).toBe('passed');
  });

  it('reports a create without a token that was accepted with no id in the answer as possibly left behind', async () => {
    const alpha = await started_(startAlpha(new Set(['create-without-token-no-id'])));

    const run = await withReports('tokenless-no-id', ...alphaFlags(alpha.url));

    const check = run.json.results.find((result: { id: string }) => result.id === 'webhooks.create.needs-token');
    expect(check).toMatchObject({ outcome: 'failed', actual: expect.stringContaining('202') });
    expect(run.json.leftovers).toContainEqual(
      expect.objectContaining({ path: '/api/v1/webhooks', id: '(unknown)', note: expect.stringContaining('without a token answered 202') }),
    );
  });

  it('does not take a record another client created meanwhile for its own when comparing the list', async () => {
    const gamma = await started_(startGamma({ anotherClientCreates: true }));

    const run = await withReports('another-client', ...gammaFlags(gamma.url));

    const others = [...gamma.state().matchAll(/"name":"Someone else's \w+","id":"([0-9a-f-]{36})"/g)].map(([, id]) => id);
    expect(others.length).toBeGreaterThan(0);
    const writes = gamma.received.filter((line) => /^(DELETE|PATCH) /.test(line));
    for (const id of others) expect(writes.filter((line) => line.includes(id!))).toEqual([]);
    expect(run.json.leftovers).toContainEqual(expect.objectContaining({ path: '/api/v1/tools', id: '(unknown)' }));
  });

  it('reports a record it created but could not find, in the console, the JSON and the JUnit report', async () => {
    const gamma = await started_(startGamma({ hidesCreated: true }));

    const run = await withReports('lost', ...gammaFlags(gamma.url));

    expect(run.out).toContain('Records left behind or left alone (each note says why; check each by hand before removing it):');
    expect(run.out).toMatch(/\/api\/v1\/tools\/\(unknown\) \(POST \/api\/v1\/tools answered 201, but the new record's id was not/);
    expect(run.json.leftovers).toContainEqual(expect.objectContaining({ path: '/api/v1/tools', id: '(unknown)' }));
    expect(run.junit).toMatch(
      /<testcase classname="conformance.teardown" name="teardown: records left behind">\s*<error type="left-behind"/,
    );
  });

  it('sends only GET, HEAD and OPTIONS under --read-only', async () => {
    const alpha = await started_(startAlpha());
    const before = alpha.state();

    const run = await runKit(...alphaFlags(alpha.url), '--read-only', '--strict');

    expect(run.code).toBe(0);
    expect(new Set(alpha.received.map((line) => line.split(' ')[0]))).toEqual(new Set(['GET']));
    expect(alpha.state()).toBe(before);
  });
});

describe('broken variants fail the matching spec check', () => {
  it.each(Object.entries(BREAKS) as [Break, string][])('%s fails %s', async (broken, check) => {
    const alpha = await started_(startAlpha(new Set([broken])));

    const run = await withReports(`broken-${broken}`, ...alphaFlags(alpha.url), '--fail-on-skipped-spec');

    expect(run.code).toBe(1);
    const result = run.json.results.find((candidate: { id: string }) => candidate.id === check);
    expect(result).toMatchObject({ outcome: 'failed', source: 'spec', counted: true });
    expect(result.actual).not.toMatch(/^not checked/);
    expect(run.out).toContain(`  ✗ ${check}: `);
  });

  it('covers every rule the kit judges as spec: each spec check, its resource aside, has a broken variant', () => {
    const rule = (id: string) => id.replace(/(^|\.)(sip-trunks|assistants|schemas|tools|webhooks)(?=\.|$)/g, '$1*');
    const specRules = new Set(
      allProbes
        .flatMap((probe) => probe.checks)
        .filter((check) => check.source === 'spec')
        .map((check) => rule(check.id)),
    );
    const broken = new Set(Object.values(BREAKS).map(rule));

    expect([...specRules].filter((id) => !broken.has(id))).toEqual([]);
    expect(specRules.size).toBeGreaterThan(20);
  });
});
