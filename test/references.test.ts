/**
 * References between records (assistant → tools, schema, trunk; webhook →
 * assistant): they must name records of the caller's organization, and a
 * delete empties the references to the deleted record.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Resource } from '../src/domain/resource.js';
import { resourceByKind, resources } from '../src/domain/resources/index.js';
import { requestExamples } from '../src/state/seed/examples.js';
import { freshMock, OTHER_TOKEN, type Reply, TOKEN } from './helpers/client.js';

type Call = ReturnType<typeof freshMock>['call'];
type Json = Record<string, any>;

const T0 = new Date('2026-04-01T08:00:00.000Z');
const T1 = new Date('2026-04-01T09:00:00.000Z');

function expectValidation(reply: Reply, pointers: string[]): void {
  expect(reply.status).toBe(400);
  expect(reply.contentType).toMatch(/^application\/problem\+json/);
  expect(reply.body.status).toBe(400);
  expect(reply.body.title).toBe('Validation Error');
  expect((reply.body.errors as Json[]).map((e) => e.pointer).sort()).toEqual([...pointers].sort());
}

/** Makes, through the API, one record of every kind an assistant can point at. */
async function makeTargets(call: Call, token = TOKEN) {
  const post = async (path: string, body: Json): Promise<string> => {
    const reply = await call('POST', `/api/v1/${path}`, { token, body });
    expect(reply.status).toBe(201);
    return reply.body.id;
  };
  return {
    toolA: await post('tools', { type: 'endCall', name: 'ref_hang_up' }),
    toolB: await post('tools', { type: 'transferCall', name: 'ref_transfer', destination: '+4940123456789' }),
    schema: await post('schemas', { name: 'Ref schema', properties: { reason: 'string' } }),
    trunk: await post('sip-trunks', { name: 'Ref trunk', host: 'sip.ref.example.com' }),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('references must exist', () => {
  it('names the missing tool by its index in toolIds', async () => {
    const { call } = freshMock();
    const t = await makeTargets(call);
    const missing = randomUUID();
    const reply = await call('POST', '/api/v1/assistants', { body: { name: 'Ref test', toolIds: [t.toolA, missing] } });
    expectValidation(reply, ['/toolIds/1']);
    expect(reply.body.errors[0].message).toContain(missing);
  });

  it.each([
    { field: 'schemaId', pointer: '/schemaId' },
    { field: 'sipTrunkId', pointer: '/sipTrunkId' },
  ])('names a missing $field', async ({ field, pointer }) => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/assistants', { body: { name: 'Ref test', [field]: randomUUID() } });
    expectValidation(reply, [pointer]);
  });

  it('lists every missing reference of one assistant', async () => {
    const { call } = freshMock();
    const before = ((await call('GET', '/api/v1/assistants')).body as Json[]).length;
    const reply = await call('POST', '/api/v1/assistants', {
      body: { name: 'Ref test', toolIds: [randomUUID(), randomUUID()], schemaId: randomUUID(), sipTrunkId: randomUUID() },
    });
    expectValidation(reply, ['/toolIds/0', '/toolIds/1', '/schemaId', '/sipTrunkId']);
    expect((await call('GET', '/api/v1/assistants')).body).toHaveLength(before);
  });

  it('accepts references to records of the caller', async () => {
    const { call } = freshMock();
    const t = await makeTargets(call);
    const reply = await call('POST', '/api/v1/assistants', {
      body: { name: 'Ref test', toolIds: [t.toolA, t.toolB], schemaId: t.schema, sipTrunkId: t.trunk },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ toolIds: [t.toolA, t.toolB], schemaId: t.schema, sipTrunkId: t.trunk });
  });

  it('refuses a patch that points at a missing tool and keeps the assistant', async () => {
    const { call } = freshMock();
    const t = await makeTargets(call);
    const assistant = (await call('POST', '/api/v1/assistants', { body: { name: 'Ref test', toolIds: [t.toolA] } })).body;
    const reply = await call('PATCH', `/api/v1/assistants/${assistant.id}`, { body: { toolIds: [t.toolB, randomUUID()] } });
    expectValidation(reply, ['/toolIds/1']);
    expect((await call('GET', `/api/v1/assistants/${assistant.id}`)).body.toolIds).toEqual([t.toolA]);
  });

  it('names a missing assistant of a webhook', async () => {
    const { call } = freshMock();
    const reply = await call('POST', '/api/v1/webhooks', {
      body: { url: 'https://hooks.example.com/x', events: ['call.ended'], assistantId: randomUUID() },
    });
    expectValidation(reply, ['/assistantId']);
  });
});

describe('references to the other organization', () => {
  it('refuses tools, schema and trunk of the other organization as if missing', async () => {
    const { call } = freshMock();
    const theirs = await makeTargets(call, OTHER_TOKEN);
    const mine = await makeTargets(call, TOKEN);
    const reply = await call('POST', '/api/v1/assistants', {
      body: { name: 'Cross org', toolIds: [mine.toolA, theirs.toolB], schemaId: theirs.schema, sipTrunkId: theirs.trunk },
    });
    expectValidation(reply, ['/toolIds/1', '/schemaId', '/sipTrunkId']);
  });

  // Every reference of every resource in the registry: a kind added with a reference is covered here.
  const references = resources.flatMap((def) =>
    (def.references ?? []).map((ref) => ({ name: `${def.path} ${ref.field}`, def: def as Resource, ref })),
  );

  it.each(references)('$name: refuses a seeded record of the other organization', async ({ def, ref }) => {
    const { call } = freshMock();
    const target = resourceByKind[ref.target];
    const theirs = ((await call('GET', `/api/v1/${target.path}`, { token: OTHER_TOKEN })).body as Json[])[0]?.id as string;
    expect(theirs).toBeDefined();
    const body = { ...requestExamples(def).create, [ref.field]: ref.many ? [theirs] : theirs };
    const reply = await call('POST', `/api/v1/${def.path}`, { body });
    expectValidation(reply, [ref.many ? `/${ref.field}/0` : `/${ref.field}`]);
  });

  it('refuses a patch to a trunk of the other organization', async () => {
    const { call } = freshMock();
    const assistant = ((await call('GET', '/api/v1/assistants')).body as Json[])[0] as Json;
    const theirs = ((await call('GET', '/api/v1/sip-trunks', { token: OTHER_TOKEN })).body as Json[])[0]?.id;
    const reply = await call('PATCH', `/api/v1/assistants/${assistant.id}`, { body: { sipTrunkId: theirs } });
    expectValidation(reply, ['/sipTrunkId']);
    expect((await call('GET', `/api/v1/assistants/${assistant.id}`)).body).toStrictEqual(assistant);
  });

  it('refuses a webhook for an assistant of the other organization', async () => {
    const { call } = freshMock();
    const theirs = ((await call('GET', '/api/v1/assistants', { token: OTHER_TOKEN })).body as Json[])[0]?.id;
    const reply = await call('POST', '/api/v1/webhooks', {
      body: { url: 'https://hooks.example.com/x', events: ['call.started'], assistantId: theirs },
    });
    expectValidation(reply, ['/assistantId']);
  });
});

describe('deletes clear references', () => {
  /** Two assistants: one pointing at everything, one at nothing; and a webhook for the first. */
  async function scene(call: Call) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const t = await makeTargets(call);
    const linked = (
      await call('POST', '/api/v1/assistants', {
        body: { name: 'Linked', toolIds: [t.toolA, t.toolB], schemaId: t.schema, sipTrunkId: t.trunk },
      })
    ).body;
    const plain = (await call('POST', '/api/v1/assistants', { body: { name: 'Plain' } })).body;
    const hook = (
      await call('POST', '/api/v1/webhooks', {
        body: { url: 'https://hooks.example.com/linked', events: ['call.ended'], assistantId: linked.id },
      })
    ).body;
    expect([linked.id, plain.id, hook.id].every((id) => typeof id === 'string')).toBe(true);
    vi.setSystemTime(T1);
    return { ...t, linked, plain, hook };
  }

  it('removes a deleted tool from toolIds and keeps the others', async () => {
    const { call } = freshMock();
    const s = await scene(call);
    expect((await call('DELETE', `/api/v1/tools/${s.toolA}`)).status).toBe(200);
    const after = (await call('GET', `/api/v1/assistants/${s.linked.id}`)).body;
    expect(after).toStrictEqual({ ...s.linked, toolIds: [s.toolB], updatedAt: T1.toISOString() });
    expect((await call('GET', `/api/v1/assistants/${s.plain.id}`)).body).toStrictEqual(s.plain);
  });

  it('sets schemaId to null when the schema is deleted', async () => {
    const { call } = freshMock();
    const s = await scene(call);
    expect((await call('DELETE', `/api/v1/schemas/${s.schema}`)).status).toBe(200);
    const after = (await call('GET', `/api/v1/assistants/${s.linked.id}`)).body;
    expect(after).toStrictEqual({ ...s.linked, schemaId: null, updatedAt: T1.toISOString() });
    expect((await call('GET', `/api/v1/assistants/${s.plain.id}`)).body).toStrictEqual(s.plain);
  });

  it('sets sipTrunkId to null when the trunk is deleted', async () => {
    const { call } = freshMock();
    const s = await scene(call);
    expect((await call('DELETE', `/api/v1/sip-trunks/${s.trunk}`)).status).toBe(200);
    const after = (await call('GET', `/api/v1/assistants/${s.linked.id}`)).body;
    expect(after).toStrictEqual({ ...s.linked, sipTrunkId: null, updatedAt: T1.toISOString() });
  });

  it('sets assistantId of its webhooks to null when the assistant is deleted', async () => {
    const { call } = freshMock();
    const s = await scene(call);
    expect((await call('DELETE', `/api/v1/assistants/${s.linked.id}`)).status).toBe(200);
    const after = (await call('GET', `/api/v1/webhooks/${s.hook.id}`)).body;
    expect(after).toMatchObject({ id: s.hook.id, assistantId: null, updatedAt: T1.toISOString(), createdAt: T0.toISOString() });
    expect(after.url).toBe(s.hook.url);
  });

  it('clears references in seeded records too', async () => {
    const { call } = freshMock();
    const assistants = (await call('GET', '/api/v1/assistants')).body as Json[];
    const user = assistants.find((a) => a.toolIds.length > 0);
    if (!user) throw new Error('the seed has no assistant with tools');
    const toolId = user.toolIds[0] as string;
    expect((await call('DELETE', `/api/v1/tools/${toolId}`)).status).toBe(200);
    const after = (await call('GET', '/api/v1/assistants')).body as Json[];
    expect(after.flatMap((a) => a.toolIds)).not.toContain(toolId);
    expect(after.find((a) => a.id === user.id)?.toolIds).toEqual(user.toolIds.slice(1));
  });

  it('leaves references alone when a delete is refused', async () => {
    const { call } = freshMock();
    const trunks = (await call('GET', '/api/v1/sip-trunks')).body as Json[];
    const system = trunks.find((t) => t.isSystem === true)?.id;
    const assistant = (await call('POST', '/api/v1/assistants', { body: { name: 'On system trunk', sipTrunkId: system } })).body;
    expect((await call('DELETE', `/api/v1/sip-trunks/${system}`)).status).toBe(403);
    expect((await call('GET', `/api/v1/assistants/${assistant.id}`)).body).toStrictEqual(assistant);
  });
});

describe('indexed rules follow changes', () => {
  it('frees a tool name once its tool is renamed or deleted', async () => {
    const { call } = freshMock({ scenario: 'empty' });
    const body = { type: 'endCall', name: 'hang_up' };
    const first = (await call('POST', '/api/v1/tools', { body })).body;
    expect((await call('POST', '/api/v1/tools', { body })).status).toBe(409);
    await call('PATCH', `/api/v1/tools/${first.id}`, { body: { name: 'hang_up_old' } });
    const second = await call('POST', '/api/v1/tools', { body });
    expect(second.status).toBe(201);
    await call('DELETE', `/api/v1/tools/${second.body.id}`);
    expect((await call('POST', '/api/v1/tools', { body })).status).toBe(201);
  });

  it('clears a reference added by an update, and not one removed by an update', async () => {
    const { call } = freshMock({ scenario: 'empty' });
    const tool = (await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'bye' } })).body;
    const other = (await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'bye2' } })).body;
    const a = (await call('POST', '/api/v1/assistants', { body: { name: 'A' } })).body;
    const b = (await call('POST', '/api/v1/assistants', { body: { name: 'B', toolIds: [tool.id] } })).body;
    await call('PATCH', `/api/v1/assistants/${a.id}`, { body: { toolIds: [tool.id, other.id] } });
    await call('PATCH', `/api/v1/assistants/${b.id}`, { body: { toolIds: [] } });
    const bBefore = (await call('GET', `/api/v1/assistants/${b.id}`)).body;
    await call('DELETE', `/api/v1/tools/${tool.id}`);
    expect((await call('GET', `/api/v1/assistants/${a.id}`)).body.toolIds).toEqual([other.id]);
    expect((await call('GET', `/api/v1/assistants/${b.id}`)).body).toEqual(bBefore);
  });
});
