/**
 * Seeded mock states: deterministic for a seed, the two demo organizations with
 * the data the design asks for, every record in the shape responses
 * document, the schema list exactly as the spec describes it, and lists
 * newest first.
 */
import { describe, expect, it } from 'vitest';
import type { StoredRecord } from '../src/domain/resource.js';
import { resources, schemas, sipTrunks } from '../src/domain/resources/index.js';
import { toolTypes } from '../src/domain/resources/tool.js';
import { createMockState, type MockState } from '../src/state/mock-state.js';
import { freshMock, OTHER_TOKEN, TOKEN } from './helpers/client.js';

const TOKENS = [TOKEN, OTHER_TOKEN] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOCKED_SCHEMA_NAMES = ['Call outcome', 'Call summary', 'Sentiment'];
const SCHEMA_FIELDS = ['createdAt', 'description', 'id', 'isLocked', 'name', 'properties', 'type', 'updatedAt'];

/** Every organization's records of every kind, keyed by token and kind. */
function snapshotOf(mockState: MockState): Record<string, Record<string, StoredRecord[]>> {
  return Object.fromEntries(
    mockState.organizations
      .list()
      .map((org) => [org.token, Object.fromEntries(resources.map((def) => [def.kind, mockState.store.list(org.id, def.kind)]))]),
  );
}

function allIds(mockState: MockState): string[] {
  return mockState.organizations
    .list()
    .flatMap((org) => [org.id, ...resources.flatMap((def) => mockState.store.list(org.id, def.kind).map((r) => r.id))]);
}

function recordsOf(mockState: MockState, token: string) {
  const org = mockState.organizations.byToken(token);
  if (!org) throw new Error(`no organization for ${token}`);
  const list = (kind: (typeof resources)[number]['kind']) => mockState.store.list(org.id, kind);
  return {
    org,
    trunks: list('sipTrunks'),
    schemas: list('schemas'),
    tools: list('tools'),
    assistants: list('assistants'),
    webhooks: list('webhooks'),
  };
}

function isIsoUtc(value: unknown): boolean {
  return typeof value === 'string' && value.endsWith('Z') && new Date(Date.parse(value)).toISOString() === value;
}

describe('determinism', () => {
  it('gives the same organizations, records and ids for the same seed', () => {
    const first = createMockState({ seed: 7 });
    const second = createMockState({ seed: 7 });
    expect(second.organizations.list()).toEqual(first.organizations.list());
    const a = snapshotOf(first);
    const b = snapshotOf(second);
    for (const token of TOKENS) {
      for (const def of resources) {
        expect(a[token]?.[def.kind]?.length, `${token} ${def.kind}`).toBeGreaterThan(0);
        expect(b[token]?.[def.kind], `${token} ${def.kind}`).toEqual(a[token]?.[def.kind]);
      }
    }
  });

  it('gives different ids for a different seed', () => {
    const seven = allIds(createMockState({ seed: 7 }));
    const eight = new Set(allIds(createMockState({ seed: 8 })));
    expect(seven.length).toBeGreaterThan(0);
    expect(seven.filter((id) => eight.has(id))).toEqual([]);
  });

  it('uses seed 1 when none is given', () => {
    expect(snapshotOf(createMockState())).toEqual(snapshotOf(createMockState({ seed: 1 })));
  });

  // Faker takes any number, and 2^32 + 1 picks what 1 does: only the seeds --seed takes are seeds.
  it.each([Number.NaN, 1.5, -1, 2 ** 31, 2 ** 32 + 1])('refuses %s as a seed, in-process and in a reset', (seed) => {
    expect(() => createMockState({ seed })).toThrow(/^The seed must be a whole number from 0 to 2147483647; got/);
    const mockState = createMockState({ seed: 3 });
    const before = snapshotOf(mockState);
    expect(() => mockState.reset({ seed })).toThrow(RangeError);
    expect(mockState.seed).toBe(3);
    expect(snapshotOf(mockState)).toEqual(before);
  });

  it('takes 0 and 2147483647, the ends of the range', () => {
    expect(createMockState({ seed: 0 }).seed).toBe(0);
    expect(createMockState({ seed: 2 ** 31 - 1 }).seed).toBe(2 ** 31 - 1);
  });
});

describe('default mockState', () => {
  const mockState = createMockState();

  it('has two organizations with the tokens demo-token and demo-token-2', () => {
    const orgs = mockState.organizations.list();
    expect(orgs.map((org) => org.token)).toEqual(['demo-token', 'demo-token-2']);
    expect(new Set(orgs.map((org) => org.id)).size).toBe(2);
    for (const org of orgs) expect(org.id).toMatch(UUID);
  });

  it.each(TOKENS)('gives %s a system trunk and an ordinary trunk', (token) => {
    const { trunks } = recordsOf(mockState, token);
    expect(trunks.filter((trunk) => trunk.isSystem === true).length).toBeGreaterThanOrEqual(1);
    expect(trunks.filter((trunk) => trunk.isSystem === false).length).toBeGreaterThanOrEqual(1);
  });

  it.each(TOKENS)('gives %s the three locked schemas and unlocked ones', (token) => {
    const { schemas: list } = recordsOf(mockState, token);
    const locked = list.filter((schema) => schema.isLocked === true);
    expect(locked.map((schema) => schema.name).sort()).toEqual(LOCKED_SCHEMA_NAMES);
    expect(list.filter((schema) => schema.isLocked === false).length).toBeGreaterThanOrEqual(1);
  });

  it.each(TOKENS)('gives %s tools of each of the four types', (token) => {
    const { tools } = recordsOf(mockState, token);
    expect(new Set(tools.map((tool) => tool.type))).toEqual(new Set(['function', 'apiRequest', 'transferCall', 'endCall']));
    expect(toolTypes).toHaveLength(4);
  });

  it.each(TOKENS)('gives %s assistants that reference tools, a schema and a trunk of the same organization', (token) => {
    const { assistants, tools, schemas: list, trunks } = recordsOf(mockState, token);
    const toolIds = new Set(tools.map((r) => r.id));
    const schemaIds = new Set(list.map((r) => r.id));
    const trunkIds = new Set(trunks.map((r) => r.id));
    expect(assistants.length).toBeGreaterThanOrEqual(1);
    for (const assistant of assistants) {
      for (const toolId of assistant.toolIds as string[]) expect(toolIds).toContain(toolId);
      if (assistant.schemaId !== null) expect(schemaIds).toContain(assistant.schemaId);
      if (assistant.sipTrunkId !== null) expect(trunkIds).toContain(assistant.sipTrunkId);
    }
    expect(assistants.some((assistant) => (assistant.toolIds as string[]).length > 0)).toBe(true);
    expect(assistants.some((assistant) => assistant.schemaId !== null)).toBe(true);
    expect(assistants.some((assistant) => assistant.sipTrunkId !== null)).toBe(true);
  });

  it.each(TOKENS)('gives %s webhooks whose assistant, if any, is of the same organization', (token) => {
    const { webhooks, assistants } = recordsOf(mockState, token);
    const assistantIds = new Set(assistants.map((r) => r.id));
    expect(webhooks.length).toBeGreaterThanOrEqual(1);
    for (const webhook of webhooks) if (webhook.assistantId !== null) expect(assistantIds).toContain(webhook.assistantId);
  });

  it.each(TOKENS)('provisions every seeded trunk of %s at the telephony provider', (token) => {
    const { org, trunks } = recordsOf(mockState, token);
    expect(mockState.telephony.configurations(org.id)).toHaveLength(trunks.length);
    for (const trunk of trunks) {
      expect(mockState.telephony.configuration(trunk.id)).toMatchObject({
        trunkId: trunk.id,
        orgId: org.id,
        host: trunk.host,
        port: trunk.port,
        transport: trunk.transport,
        phoneNumbers: trunk.phoneNumbers,
        hasCredentials: trunk.password !== null,
      });
    }
  });
});

describe('seeded records as responses show them', () => {
  const mockState = createMockState();
  const rows = TOKENS.flatMap((token) => resources.map((def) => ({ token, kind: def.kind, def })));

  it.each(rows)('every $kind of $token parses with the resource record schema', ({ token, def }) => {
    const org = mockState.organizations.byToken(token);
    const records = org ? mockState.store.list(org.id, def.kind) : [];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const shown = def.toResponse(record, { fresh: false });
      const result = def.record.safeParse(shown);
      expect(result.error?.issues, `${def.kind} ${record.id}: ${JSON.stringify(shown)}`).toBeUndefined();
      expect(result.success).toBe(true);
    }
  });

  it('never shows a sip trunk password', () => {
    const org = mockState.organizations.byToken(TOKEN);
    for (const trunk of org ? mockState.store.list(org.id, sipTrunks.kind) : []) {
      const shown = sipTrunks.toResponse(trunk, { fresh: false });
      expect(shown).not.toHaveProperty('password');
      expect(shown.hasPassword).toBe(trunk.password !== null);
    }
  });
});

describe('schema list', () => {
  it.each(TOKENS)('answers %s with every schema of the organization in exactly the spec fields', async (token) => {
    const { call, mockState, orgOf } = freshMock();
    const reply = await call('GET', '/api/v1/schemas', { token });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^application\/json/);
    expect(Array.isArray(reply.body)).toBe(true);
    const stored = mockState.store.list(orgOf(token).id, schemas.kind);
    expect((reply.body as { id: string }[]).map((schema) => schema.id)).toEqual(stored.map((schema) => schema.id));
    expect((reply.body as { isLocked: boolean }[]).filter((schema) => schema.isLocked)).toHaveLength(3);

    for (const schema of reply.body as Record<string, unknown>[]) {
      expect(Object.keys(schema).sort()).toEqual(SCHEMA_FIELDS);
      expect(schema.id).toMatch(UUID);
      expect(schema.name).toEqual(expect.any(String));
      expect(schema.type).toBe('Free');
      expect(schema.description).toEqual(expect.any(String));
      expect(schema.isLocked).toBeTypeOf('boolean');
      const properties = schema.properties;
      expect(properties).toBeTypeOf('object');
      expect(properties).not.toBeNull();
      expect(Array.isArray(properties)).toBe(false);
      for (const [name, typeName] of Object.entries(properties as object)) {
        expect(name).toEqual(expect.any(String));
        expect(typeName).toEqual(expect.any(String));
      }
      expect(isIsoUtc(schema.createdAt), String(schema.createdAt)).toBe(true);
      expect(isIsoUtc(schema.updatedAt), String(schema.updatedAt)).toBe(true);
    }
  });

  it('shows each organization only its own schemas', async () => {
    const { call } = freshMock();
    const mine = await call('GET', '/api/v1/schemas', { token: TOKEN });
    const theirs = await call('GET', '/api/v1/schemas', { token: OTHER_TOKEN });
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    const theirIds = new Set((theirs.body as { id: string }[]).map((schema) => schema.id));
    expect((mine.body as { id: string }[]).filter((schema) => theirIds.has(schema.id))).toEqual([]);
  });
});

describe('ids and timestamps', () => {
  const mockState = createMockState();
  const rows = TOKENS.flatMap((token) => resources.map((def) => ({ token, kind: def.kind })));

  it.each(rows)('every $kind of $token has a uuid id and iso 8601 utc timestamps', ({ token, kind }) => {
    const org = mockState.organizations.byToken(token);
    const records = org ? mockState.store.list(org.id, kind) : [];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.id).toMatch(UUID);
      expect(isIsoUtc(record.createdAt), String(record.createdAt)).toBe(true);
      expect(isIsoUtc(record.updatedAt), String(record.updatedAt)).toBe(true);
    }
  });
});

describe('empty scenario', () => {
  it('has the two tokens and no records', () => {
    const mockState = createMockState({ scenario: 'empty' });
    expect(mockState.organizations.list().map((org) => org.token)).toEqual(['demo-token', 'demo-token-2']);
    for (const org of mockState.organizations.list()) {
      for (const def of resources) expect(mockState.store.list(org.id, def.kind), `${org.token} ${def.kind}`).toEqual([]);
    }
    expect(mockState.telephony.configurations()).toEqual([]);
  });

  it.each(TOKENS.flatMap((token) => resources.map((def) => ({ token, path: def.path }))))(
    'lists no $path for $token',
    async ({ token, path }) => {
      const { call } = freshMock({ scenario: 'empty' });
      const reply = await call('GET', `/api/v1/${path}`, { token });
      expect(reply.status).toBe(200);
      expect(reply.contentType).toMatch(/^application\/json/);
      expect(reply.body).toEqual([]);
    },
  );
});

describe('list order', () => {
  const rows = TOKENS.flatMap((token) => resources.map((def) => ({ token, path: def.path })));

  it.each(rows)('lists the seeded $path of $token newest first', async ({ token, path }) => {
    const { call } = freshMock();
    const reply = await call('GET', `/api/v1/${path}`, { token });
    expect(reply.status).toBe(200);
    expect(reply.contentType).toMatch(/^application\/json/);
    const created = (reply.body as { createdAt: string }[]).map((record) => record.createdAt);
    expect(created.length).toBeGreaterThan(1);
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(created).size).toBe(created.length);
  });

  it('lists a record created through the api first', async () => {
    const { call } = freshMock();
    const created = await call('POST', '/api/v1/schemas', { body: { name: 'Newest schema' } });
    expect(created.status).toBe(201);
    const reply = await call('GET', '/api/v1/schemas');
    expect(reply.status).toBe(200);
    expect(reply.body[0]).toMatchObject({ id: created.body.id, name: 'Newest schema' });
  });
});

describe('large plans', () => {
  const organization = (tools: number) => ({
    token: 'large-token',
    counts: { sipTrunks: 0, schemas: 0, tools, assistants: 0, webhooks: 0 },
    systemTrunks: 0,
    lockedSchemas: [],
  });
  const plan = (tools: number) => ({ organizations: [organization(tools)] });

  it('seed as many records as the plan asks for, even past the per-organization limit and with unique tool names', () => {
    const mockState = createMockState({
      scenario: { name: 'large', description: 'many tools', ...plan(10_000) },
      limits: { recordsPerKind: 5 },
    });
    const org = mockState.organizations.byToken('large-token');
    const tools = mockState.store.list(org?.id ?? '', 'tools');
    expect(tools).toHaveLength(10_000);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(10_000);
  });

  it('are refused in a scenario of your own past 10,000 records of a kind, system trunks and locked schemas included', () => {
    const base = organization(0);
    const scenario = (change: Partial<typeof base>) => ({ name: 'mine', description: 'too many', organizations: [{ ...base, ...change }] });
    expect(() => createMockState({ scenario: scenario({ counts: { ...base.counts, schemas: 10_001 } }) })).toThrow(
      /Scenario "mine", organization 0: counts\.schemas: Too big/,
    );
    expect(() => createMockState({ scenario: scenario({ systemTrunks: 5_000, counts: { ...base.counts, sipTrunks: 5_001 } }) })).toThrow(
      /At most 10000 SIP trunks, system trunks included/,
    );
  });

  it('at the limit, make a state the mock loads back', async () => {
    const mockState = createMockState({ scenario: { name: 'full', description: 'as many as allowed', ...plan(10_000) } });
    const { app } = freshMock({ mockState });
    const state = await (await app.request('/__mock/state')).text();
    const res = await app.request('/__mock/state', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: state });
    expect(res.status).toBe(200);
  });

  it('are refused in a snapshot past 10,000 records of a kind, before anything changes', async () => {
    const { app } = freshMock();
    const state = (await (await app.request('/__mock/state')).json()) as {
      organizations: { plan: { plan: { counts: Record<string, number> } } }[];
    };
    const first = state.organizations[0];
    if (!first) throw new Error('no organization in the snapshot');
    first.plan.plan.counts.tools = 10_001;
    const res = await app.request('/__mock/state', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(state),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ errors: [{ pointer: '/organizations/0/plan/plan/counts/tools' }] });
  });
});
