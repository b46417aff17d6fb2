/**
 * verify on a target that leaks a record in a shape the kit does not read: a get refused to the caller (no
 * token, the other organization's) answers 200 with the record wrapped as {"payload": ...}, while its owner gets
 * it bare. Not being the record "as the kit reads records" is no evidence that it was kept back: the checks that
 * rest on it are not judged, never passed, and the run does not exit 0.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { createMockState } from '../../src/state/mock-state.js';
import { serveFetch } from './buggy-proxy.js';
import { judgeServer } from './judge.js';
import { oddProxy } from './odd-answers.js';

const closing: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(closing.map((close) => close()));
});

describe('a get that leaks the record wrapped where the kit does not look', () => {
  it('leaves the no-token and cross-organization gets not judged, and everything else as on the mock', async () => {
    const app = createApp({ mockState: createMockState() });
    const served = await serveFetch(oddProxy((url, init) => app.request(url, init), 'leak-wrapped'));
    closing.push(served.close);
    const { run, json, outcome, withOutcome } = await judgeServer({ ...served, received: [] }, ['demo-token', 'demo-token-2']);

    for (const kind of ['sip-trunks', 'assistants', 'schemas', 'tools', 'webhooks']) {
      expect(outcome(`${kind}.get.needs-token`), kind).toBe('not judged');
      expect(outcome(`tenancy.${kind}.get`), kind).toBe('not judged');
      const reason = json.results.find((result) => result.id === `${kind}.get.needs-token`)?.reason ?? '';
      expect(reason).toContain('in a shape the kit does not read as the record');
    }
    // Nothing else comes out differently for it: the rest of the mock's behaviour is judged and passes.
    expect(withOutcome('failed'), run.out).toEqual([]);
    expect(withOutcome('passed').length).toBeGreaterThan(40);
    // Spec checks not judged: the run does not say the target conforms.
    expect(run.code).toBe(3);
  }, 120_000);

  it('judges no absence from lists whose items carry no id it reads (bare id strings, an id under another name)', async () => {
    const app = createApp({ mockState: createMockState() });
    const served = await serveFetch(oddProxy((url, init) => app.request(url, init), 'lists-without-ids'));
    closing.push(served.close);
    const { run, outcome, withOutcome, json } = await judgeServer({ ...served, received: [] }, ['demo-token', 'demo-token-2']);
    const reason = (id: string) => json.results.find((result) => result.id === id)?.reason ?? '';

    for (const kind of ['sip-trunks', 'assistants', 'tools', 'webhooks']) {
      // A record the run just made is not "missing" from such a list, nor a deleted one "gone" from it.
      expect(outcome(`${kind}.list-after-create`), kind).toBe('not judged');
      expect(reason(`${kind}.list-after-create`)).toContain('no id the kit reads');
      expect(outcome(`${kind}.list-after-delete`), kind).not.toBe('passed');
      expect(outcome(`tenancy.${kind}.apart`), kind).toBe('not judged');
    }
    // The schema list is a bare array of records with ids, as the spec shows it: judged as on the mock.
    expect(outcome('schemas.list-after-create')).toBe('passed');
    expect(outcome('schemas.list-after-delete')).toBe('passed');
    expect(outcome('tenancy.schemas.apart')).toBe('passed');
    expect(withOutcome('failed'), run.out).toEqual([]);
    expect(run.code).toBe(3);
  }, 120_000);

  it('takes a 429 to the system trunk delete for neither a refusal nor an acceptance', async () => {
    const app = createApp({ mockState: createMockState() });
    const served = await serveFetch(oddProxy((url, init) => app.request(url, init), 'rate-limited-system-delete'));
    closing.push(served.close);
    const { run, outcome, withOutcome, json } = await judgeServer({ ...served, received: [] }, ['demo-token', 'demo-token-2']);

    for (const check of ['sip-trunks.delete.system-refused', 'sip-trunks.delete.system-status', 'sip-trunks.delete.system-survives'])
      expect(outcome(check), check).toBe('not judged');
    expect(json.results.find((result) => result.id === 'sip-trunks.delete.system-refused')?.reason).toContain('429');
    expect(withOutcome('failed'), run.out).toEqual([]);
    expect(run.code).toBe(3);
  }, 120_000);

  it('judges a refusal by what it carries, not by its status alone', async () => {
    const app = createApp({ mockState: createMockState() });
    const served = await serveFetch(oddProxy((url, init) => app.request(url, init), 'refusal-carries-record'));
    closing.push(served.close);
    const { run, outcome, withOutcome } = await judgeServer({ ...served, received: [] }, ['demo-token', 'demo-token-2']);

    for (const kind of ['sip-trunks', 'assistants', 'schemas', 'tools', 'webhooks']) {
      // A 401 that carries the list serves it, without a token as with one no organization holds.
      expect(outcome(`auth.missing-token.${kind}`), kind).toBe('failed');
      expect(outcome(`auth.unknown-token.${kind}`), kind).toBe('failed');
      // A 404 that carries the record in a member the kit does not read is no evidence that it was kept back.
      expect(outcome(`${kind}.get.needs-token`), kind).toBe('not judged');
      expect(outcome(`tenancy.${kind}.get`), kind).toBe('not judged');
    }
    expect(
      withOutcome('failed').every((id) => /^auth\.(missing|unknown)-token\./.test(id)),
      run.out,
    ).toBe(true);
    expect(run.code).toBe(1);
  }, 120_000);

  it('reads nothing back from a get that shows none of the values written', async () => {
    const app = createApp({ mockState: createMockState() });
    const served = await serveFetch(oddProxy((url, init) => app.request(url, init), 'get-shows-only-id'));
    closing.push(served.close);
    const { run, outcome, withOutcome, json } = await judgeServer({ ...served, received: [] }, ['demo-token', 'demo-token-2']);

    for (const kind of ['sip-trunks', 'assistants', 'schemas', 'tools', 'webhooks']) {
      // The record is found by its id: that much is seen.
      expect(outcome(`${kind}.get-after-create`), kind).toBe('passed');
      expect(outcome(`${kind}.get-after-update`), kind).toBe('not judged');
      expect(json.results.find((result) => result.id === `${kind}.get-after-update`)?.reason).toContain('nothing written can be read back');
    }
    expect(withOutcome('failed'), run.out).toEqual([]);
  }, 120_000);

  it('never deletes a record from before the run that a create hands back, when the lists hide their ids', async () => {
    const app = createApp({ mockState: createMockState() });
    const inner = (url: string, init: RequestInit) => app.request(url, init);
    const auth = { headers: { authorization: 'Bearer demo-token' } };
    const [existing] = (await (await inner('http://odd.test/api/v1/tools', auth)).json()) as { id: string }[];
    const served = await serveFetch(oddProxy(inner, 'create-answers-existing', existing?.id));
    closing.push(served.close);
    const { json } = await judgeServer({ ...served, received: [] }, ['demo-token', 'demo-token-2']);

    expect(existing).toBeDefined();
    // The tool from before the run is still there, and is listed as one to check by hand, not deleted.
    expect((await inner(`http://odd.test/api/v1/tools/${existing?.id}`, auth)).status).toBe(200);
    expect(json.leftovers.map((entry) => entry.id)).toContain(existing?.id);
  }, 120_000);
});
