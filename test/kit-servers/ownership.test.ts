/**
 * verify changes or deletes only the records it can show it created in this run. A create that answers a record
 * the kit did not make (an idempotent create handing back a trunk from before the run that sits on a page the kit
 * did not read, or a trunk another client made, under another name, on lists read whole) leaves that record
 * untouched: the checks that needed the kit's own record are not judged, naming it, and the report lists it for a
 * person to look at. A list whose total (X-Total-Count) is above what the kit read is not whole, so nothing is
 * judged on its absences, and nothing in it is taken for new; so is one whose later page answered 429, or whose
 * answer holds a next token beside a count of the page's records.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { createMockState } from '../../src/state/mock-state.js';
import { serveFetch } from './buggy-proxy.js';
import { idempotentProxy } from './idempotent-creates.js';
import { judgeServer } from './judge.js';
import { unprovenListsProxy } from './unproven-lists.js';

const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
});

const TRUNKS = 'http://mock.test/api/v1/sip-trunks';
const FIRST = { authorization: 'Bearer demo-token', 'content-type': 'application/json' };

/** The mock, and the host of the trunk create example its OpenAPI document publishes (the one the kit sends). */
async function mockWithExampleHost() {
  const app = createApp({ mockState: createMockState() });
  const inner = (url: string, init: RequestInit) => app.request(url, init);
  const document = (await (await inner('http://mock.test/openapi.json', {})).json()) as {
    paths: Record<string, { post: { requestBody: { content: Record<string, { example: { host: string } }> } } }>;
  };
  const { host } = document.paths['/api/v1/sip-trunks']!.post.requestBody.content['application/json']!.example;
  return { inner, host };
}

const writesTo = (received: string[], id: string) => received.filter((line) => /^(PATCH|PUT|DELETE) /.test(line) && line.includes(id));

describe('a create that answers a record the kit did not make', () => {
  it('leaves a trunk from before the run alone when an idempotent create hands it back from a page the kit did not read', async () => {
    const { inner, host } = await mockWithExampleHost();
    const made = await inner(TRUNKS, {
      method: 'POST',
      headers: FIRST,
      body: JSON.stringify({ name: 'Production carrier (customer)', host, port: 5060, transport: 'udp' }),
    });
    const victim = (await made.json()) as { id: string; name: string };
    // The list shows the newest first: two trunks made after it push it onto the second page.
    for (const name of ['Backup carrier', 'Office PBX'])
      await inner(TRUNKS, {
        method: 'POST',
        headers: FIRST,
        body: JSON.stringify({ name, host: `${name.split(' ')[0]}.example.net`, port: 5060 }),
      });
    const listed = (await (await inner(TRUNKS, { headers: FIRST })).json()) as { id: string }[];
    const received: string[] = [];
    const served = await serveFetch(idempotentProxy(inner, 'per-host-paged', received));
    closing.push(served.close);

    const { run, json, outcome } = await judgeServer({ ...served, received }, ['demo-token', 'demo-token-2']);

    // The trunk sits past the first page, which is all the kit sees without following pages.
    expect(listed.findIndex((trunk) => trunk.id === victim.id)).toBeGreaterThanOrEqual(2);
    expect(received.filter((line) => line === 'POST /api/v1/sip-trunks').length).toBeGreaterThan(1);
    // Never changed or deleted, by any credentials: still there as it was.
    expect(writesTo(received, victim.id)).toEqual([]);
    expect(await (await inner(`${TRUNKS}/${victim.id}`, { headers: FIRST })).json()).toMatchObject({ name: victim.name, host });
    // The checks that needed the kit's own trunk are not judged, naming the trunk it was handed; none passed on it.
    const onVictim = json.results.filter((result) => result.reason?.includes(victim.id));
    expect(onVictim.length).toBeGreaterThan(3);
    for (const result of onVictim) expect(result.outcome, result.id).toBe('not judged');
    expect(onVictim[0]?.reason).toContain('not the run-unique');
    for (const id of ['sip-trunks.get-after-create', 'sip-trunks.delete.accepts-example', 'sip-trunks.list-after-delete'])
      expect(outcome(id), id).not.toBe('passed');
    // Reported for a person to look at, never as the kit's own, and said in the notes.
    expect(json.leftovers).toContainEqual(
      expect.objectContaining({ path: '/api/v1/sip-trunks', id: victim.id, note: expect.stringContaining('left alone') }),
    );
    expect(json.notes.some((note) => note.includes(victim.id))).toBe(true);
    // The lists announce more records than the first page holds: not whole, so neither tenancy rule passes on them,
    // though the second organization's trunk list leaks the first's on its later pages.
    expect(json.target.notWhole).toEqual(expect.arrayContaining(['/api/v1/sip-trunks', '/api/v1/tools']));
    expect(run.out).toContain('not read whole: /api/v1/sip-trunks');
    expect(outcome('tenancy.sip-trunks.apart')).toBe('not judged');
    expect(outcome('tenancy.sip-trunks.list')).not.toBe('passed');
    expect(json.results.find((result) => result.id === 'tenancy.sip-trunks.apart')?.reason).toMatch(/holds \d+ records but showed 2/);
    expect(run.code).toBe(3);
  }, 180_000);

  it('leaves a trunk another client made alone when a create answers it instead, on lists read whole', async () => {
    const { inner } = await mockWithExampleHost();
    const received: string[] = [];
    const served = await serveFetch(idempotentProxy(inner, 'another-client', received));
    closing.push(served.close);

    const { run, json, outcome, withOutcome } = await judgeServer({ ...served, received }, ['demo-token', 'demo-token-2']);

    const trunks = (await (await inner(TRUNKS, { headers: FIRST })).json()) as { id: string; name: string }[];
    const others = trunks.filter((trunk) => trunk.name.startsWith("Another client's trunk"));
    // Every trunk the first organization's creates answered is another client's, and each is still there, untouched.
    expect(others.length).toBeGreaterThan(1);
    for (const other of others) expect(writesTo(received, other.id), other.name).toEqual([]);
    for (const other of others) expect(json.leftovers.map((entry) => entry.id)).toContain(other.id);
    const named = json.results.filter((result) => others.some((other) => result.reason?.includes(other.id)));
    expect(named.length).toBeGreaterThan(3);
    for (const result of named) expect(result.outcome, result.id).toBe('not judged');
    expect(named[0]?.reason).toMatch(/whose name is "Another client's trunk \d+", not the run-unique/);
    expect(outcome('sip-trunks.list-after-delete')).not.toBe('passed');
    // The lists were read whole and the other kinds are the kit's own: judged as on the mock.
    expect(json.target.notWhole).toBeUndefined();
    expect(outcome('tools.list-after-delete')).toBe('passed');
    expect(outcome('tenancy.sip-trunks.apart')).toBe('passed');
    expect(withOutcome('failed'), run.out).toEqual([]);
    expect(run.code).toBe(3);
  }, 180_000);
});

describe('on lists the kit cannot show it read whole', () => {
  it("judges no tenancy rule, though the second organization sees the first one's records on pages not read", async () => {
    const app = createApp({ mockState: createMockState() });
    const served = await serveFetch(unprovenListsProxy((url, init) => app.request(url, init)));
    closing.push(served.close);

    const { run, json, outcome, withOutcome } = await judgeServer({ ...served, received: [] }, ['demo-token', 'demo-token-2'], () => [
      '--paging',
      'page',
    ]);
    const reason = (id: string) => json.results.find((result) => result.id === id)?.reason ?? '';

    for (const kind of ['sip-trunks', 'assistants', 'tools']) {
      expect(outcome(`tenancy.${kind}.apart`), kind).toBe('not judged');
      expect(outcome(`tenancy.${kind}.list`), kind).not.toBe('passed');
    }
    // A throttled page is no refusal of ?page=; a next token counts whatever the count says; a total counts.
    expect(reason('tenancy.sip-trunks.apart')).toContain('answered 429');
    expect(reason('tenancy.assistants.apart')).toContain('"nextToken" member with a value');
    expect(reason('tenancy.tools.apart')).toMatch(/says it holds \d+ records, and the kit read 2/);
    expect(json.target.notWhole).toEqual(expect.arrayContaining(['/api/v1/sip-trunks', '/api/v1/assistants', '/api/v1/tools']));
    // The lists served whole are judged as on the mock.
    expect(outcome('tenancy.webhooks.apart')).toBe('passed');
    expect(outcome('tenancy.schemas.apart')).toBe('passed');
    expect(withOutcome('failed'), run.out).toEqual([]);
    expect(run.code).toBe(3);
  }, 180_000);
});
