/**
 * Many clients at once, over a real port: parallel creates, updates and
 * deletes across organizations (the scenario's two and two fresh tenants). Every record created is listed exactly once
 * and only in its own organization; of ten parallel deletes of one record
 * exactly one succeeds; the final state is valid.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createControlClient } from '../src/client/control-client.js';
import type { Resource } from '../src/domain/resource.js';
import { resources } from '../src/domain/resources/index.js';
import { startServer } from '../src/server/server.js';
import { requestExamples } from '../src/state/seed/examples.js';
import { expectProblem, expectValidState } from './fuzz/invariants.js';
import { OTHER_TOKEN, TOKEN } from './helpers/client.js';
import { serverForTests } from './helpers/server.js';
import { withDistinctUniques } from './helpers/unique-fields.js';

interface Reply {
  status: number;
  contentType: string | null;
  body: any;
}

const mock = serverForTests();
let tokens: string[];

async function call(method: string, path: string, token: string, body?: unknown): Promise<Reply> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${mock.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get('content-type'), body: text ? JSON.parse(text) : undefined };
}

let bodiesMade = 0;
/** A valid create body; unique fields (a tool's name) take a value of their own for each body. */
function createBody(def: Resource, _tag: string): Record<string, unknown> {
  return withDistinctUniques(def, requestExamples(def).create, bodiesMade++);
}

const listIds = async (def: Resource, token: string) =>
  ((await call('GET', `/api/v1/${def.path}`, token)).body as { id: string }[]).map((r) => r.id);

beforeAll(async () => {
  // Two fresh tenants from the control API beside the scenario's two: one seeded, one empty.
  const control = createControlClient({ baseUrl: mock.url });
  const fresh = await Promise.all([control.createTenant({ scenario: 'default', seed: 7 }), control.createTenant({ name: 'Empty tenant' })]);
  tokens = [TOKEN, OTHER_TOKEN, ...fresh.map((tenant) => tenant.token)];
});

describe('concurrency over a real port', () => {
  it('lists every record created in parallel exactly once, and only in its own organization', async () => {
    const perKind = 15;
    const jobs = tokens.flatMap((token, t) =>
      resources.flatMap((def) =>
        Array.from({ length: perKind }, async (_, i) => {
          const reply = await call('POST', `/api/v1/${def.path}`, token, createBody(def, `${t}_${i}`));
          expect(reply.status, JSON.stringify(reply.body)).toBe(201);
          expect(reply.contentType).toMatch(/^application\/json/);
          return { token, def, id: reply.body.id as string };
        }),
      ),
    );
    const created = await Promise.all(jobs);
    expect(created).toHaveLength(tokens.length * resources.length * perKind);

    for (const def of resources) {
      for (const token of tokens) {
        const listed = await listIds(def, token);
        expect(new Set(listed).size).toBe(listed.length);
        for (const record of created.filter((c) => c.def === def)) {
          const times = listed.filter((id) => id === record.id).length;
          expect(times, `${def.kind} ${record.id} of ${record.token} listed ${times} times for ${token}`).toBe(
            record.token === token ? 1 : 0,
          );
        }
      }
    }
    expectValidState(mock.server.mockState);
  });

  it('lets exactly one of ten parallel deletes of a record succeed, in every organization', async () => {
    for (const def of resources) {
      const targets = await Promise.all(
        tokens.map(async (token) => ({
          token,
          id: (await call('POST', `/api/v1/${def.path}`, token, createBody(def, `del_${token}`))).body.id as string,
        })),
      );
      const replies = await Promise.all(
        targets.flatMap(({ token, id }) =>
          Array.from({ length: 10 }, async () => ({ token, reply: await call('DELETE', `/api/v1/${def.path}/${id}`, token) })),
        ),
      );
      // An unknown assistant answers 403 on delete (the only error the spec lists there); the others 404.
      const gone = def.deleteOfUnknown === 'forbidden' ? 403 : 404;
      for (const token of tokens) {
        const mine = replies.filter((r) => r.token === token).map((r) => r.reply);
        const wins = mine.filter((r) => r.status === 200);
        expect(wins).toHaveLength(1);
        expect(wins[0]?.contentType).toMatch(/^application\/json/);
        expect(wins[0]?.body).toEqual({});
        const losses = mine.filter((r) => r.status !== 200);
        expect(losses).toHaveLength(9);
        for (const loss of losses) expectProblem(loss, gone);
      }
      for (const { token, id } of targets) expect(await listIds(def, token)).not.toContain(id);
      for (const { id } of targets) if (def.kind === 'sipTrunks') expect(mock.server.mockState.telephony.configuration(id)).toBeUndefined();
    }
    expectValidState(mock.server.mockState);
  });

  it('never brings back a record that updates and a delete raced for: once the delete succeeded, it is gone', async () => {
    for (const def of resources) {
      const id = (await call('POST', `/api/v1/${def.path}`, TOKEN, createBody(def, 'race'))).body.id as string;
      const patch = stormPatch(def, 1);
      const [before, removal, after] = await Promise.all([
        call('PATCH', `/api/v1/${def.path}/${id}`, TOKEN, patch),
        call('DELETE', `/api/v1/${def.path}/${id}`, TOKEN),
        call('PATCH', `/api/v1/${def.path}/${id}`, TOKEN, patch),
      ]);
      expect(removal.status).toBe(200);
      for (const update of [before, after]) expect([200, 404]).toContain(update.status);
      expect((await call('GET', `/api/v1/${def.path}/${id}`, TOKEN)).status).toBe(404);
      expect(await listIds(def, TOKEN)).not.toContain(id);
    }
    expectValidState(mock.server.mockState);
  });

  it('creates one tool of a name however many ask for it at once; the rest answer 409', async () => {
    const body = { ...requestExamples(resources.find((def) => def.kind === 'tools') as Resource).create, name: 'contested_name' };
    const replies = await Promise.all(Array.from({ length: 8 }, () => call('POST', '/api/v1/tools', TOKEN, body)));
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 201)) expectProblem(reply, 409);
    const named = (await call('GET', '/api/v1/tools', TOKEN)).body.filter((tool: { name: string }) => tool.name === 'contested_name');
    expect(named).toHaveLength(1);
  });

  it('holds the record limit when creates race for the last places', async () => {
    const limited = await startServer({ port: 0, scenario: 'empty', limits: { recordsPerKind: 3 } });
    try {
      const control = createControlClient({ baseUrl: limited.url });
      const [tenant] = (await control.listTenants()) as { token: string }[];
      const token = tenant?.token ?? '';
      const webhook = requestExamples(resources.find((def) => def.kind === 'webhooks') as Resource).create;
      const replies = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const res = await fetch(`${limited.url}/api/v1/webhooks`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(webhook),
          });
          return { status: res.status, contentType: res.headers.get('content-type'), body: await res.json() };
        }),
      );
      expect(replies.filter((reply) => reply.status === 201)).toHaveLength(3);
      for (const reply of replies.filter((r) => r.status !== 201)) expectProblem(reply, 409);
      const listed = await fetch(`${limited.url}/api/v1/webhooks`, { headers: { authorization: `Bearer ${token}` } });
      expect(await listed.json()).toHaveLength(3);
    } finally {
      await limited.close();
    }
  });

  it('keeps organizations apart and the state valid under a mixed storm of writes and cross-organization attempts', async () => {
    const [mine, ...others] = tokens as [string, ...string[]];
    const othersBefore = await Promise.all(others.map((token) => Promise.all(resources.map((def) => listIds(def, token)))));
    const jobs: Promise<Outcome>[] = [];
    const track = (def: Resource, kind: Outcome['kind'], reply: Promise<Reply>, id?: string) =>
      jobs.push(reply.then((r) => ({ ...r, def, kind, id: id ?? r.body?.id })));
    for (const [index, def] of resources.entries()) {
      for (const [i, id] of (await listIds(def, mine)).entries()) {
        if (i % 3 === 0) track(def, 'delete', call('DELETE', `/api/v1/${def.path}/${id}`, mine), id);
        else track(def, 'update', call('PATCH', `/api/v1/${def.path}/${id}`, mine, stormPatch(def, i)), id);
        track(def, 'create', call('POST', `/api/v1/${def.path}`, mine, createBody(def, `storm_${i}`)));
      }
      for (const id of othersBefore.flatMap((lists) => lists[index] ?? [])) {
        track(def, 'foreign', call('DELETE', `/api/v1/${def.path}/${id}`, mine), id);
        track(def, 'foreign', call('PATCH', `/api/v1/${def.path}/${id}`, mine, stormPatch(def, 0)), id);
      }
    }
    const outcomes = await Promise.all(jobs);
    expect(outcomes.filter((o) => o.kind === 'create' && o.status === 201).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.kind === 'delete' && o.status === 200).length).toBeGreaterThan(0);
    for (const outcome of outcomes) {
      expect(outcome.status).toBeLessThan(500);
      if (outcome.kind === 'foreign') expect(outcome.status).toBeGreaterThanOrEqual(400);
      if (outcome.status >= 400) expectProblem(outcome);
    }
    for (const def of resources) {
      const listed = await listIds(def, mine);
      const ofDef = outcomes.filter((o) => o.def === def && o.status < 300);
      for (const o of ofDef.filter((o) => o.kind !== 'delete')) expect(listed.filter((id) => id === o.id)).toHaveLength(1);
      for (const o of ofDef.filter((o) => o.kind === 'delete')) expect(listed).not.toContain(o.id);
    }
    expect(await Promise.all(others.map((token) => Promise.all(resources.map((def) => listIds(def, token)))))).toEqual(othersBefore);
    expectValidState(mock.server.mockState);
  });
});

type Outcome = Reply & { def: Resource; kind: 'create' | 'update' | 'delete' | 'foreign'; id: string };

/** A change every record of the kind accepts (locked schemas refuse it with 403, as they should). */
function stormPatch(def: Resource, i: number): Record<string, unknown> {
  if (def.kind === 'sipTrunks' || def.kind === 'assistants') return { name: `Storm ${i}` };
  if (def.kind === 'webhooks') return { enabled: i % 2 === 0 };
  if (def.kind === 'schemas' || def.kind === 'tools') return { description: `storm ${i}` };
  // A kind not named here: its documented patch.
  return requestExamples(def).update;
}
