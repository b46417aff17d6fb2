/**
 * An organization holds at most `limits.recordsPerKind` records of each kind.
 * Creating beyond it answers 409 Record Limit Reached and changes nothing;
 * the limit is per organization and per kind, and a delete makes room again.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../src/domain/resource.js';
import { resources } from '../../src/domain/resources/index.js';
import { createApp } from '../../src/http/app.js';
import { DEFAULT_LIMITS } from '../../src/state/limits.js';
import { createMockState } from '../../src/state/mock-state.js';
import { createRecord } from '../../src/state/operations.js';
import { requestExamples } from '../../src/state/seed/examples.js';
import { freshMock, OTHER_TOKEN } from '../helpers/client.js';
import { withDistinctUniques } from '../helpers/unique-fields.js';
import { expectProblem } from './invariants.js';
import { withLimits } from './limited-mock-state.js';
import { fuzzParameters, fuzzTimeout } from './settings.js';

/** A valid create body; unique fields (a tool's name) differ for each index. */
const validBody = (def: Resource, index: number) => withDistinctUniques(def, requestExamples(def).create, index);

describe('record limit', () => {
  it('is 10,000 records per kind per organization by default', () => {
    expect(DEFAULT_LIMITS.recordsPerKind).toBe(10_000);
  });

  it(
    'answers 409 record-limit once the limit is reached, for every kind and any small limit',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...resources),
          fc.integer({ min: 1, max: 4 }),
          fc.integer({ min: 1, max: 3 }),
          async (def, limit, extra) => {
            const mockState = withLimits(createMockState({ scenario: 'empty' }), { recordsPerKind: limit });
            const { call } = freshMock({ mockState });
            const statuses: number[] = [];
            for (let i = 0; i < limit + extra; i++) {
              const reply = await call('POST', `/api/v1/${def.path}`, { body: validBody(def, i) });
              statuses.push(reply.status);
              if (i >= limit) {
                expectProblem(reply, 409, 'Record Limit Reached');
                expect(reply.body.type).toBe('urn:voice-config-mock:problem:record-limit');
                expect(reply.body.detail).toContain(`${limit} ${def.names.plural}`);
              }
            }
            expect(statuses).toEqual([...Array(limit).fill(201), ...Array(extra).fill(409)]);
            const list = await call('GET', `/api/v1/${def.path}`);
            expect(list.status).toBe(200);
            expect(list.body).toHaveLength(limit);
          },
        ),
        fuzzParameters(12),
      );
    },
    fuzzTimeout,
  );

  it('refuses a full collection even for an invalid body, before validation', async () => {
    const mockState = withLimits(createMockState({ scenario: 'empty' }), { recordsPerKind: 0 });
    const { call } = freshMock({ mockState });
    const reply = await call('POST', '/api/v1/tools', { body: { name: 'bad name!' } });
    expectProblem(reply, 409, 'Record Limit Reached');
    expect(reply.body.errors).toBeUndefined();
  });

  it('counts per organization and per kind, and a delete makes room again', async () => {
    const mockState = withLimits(createMockState({ scenario: 'empty' }), { recordsPerKind: 1 });
    const { call } = freshMock({ mockState });
    const first = await call('POST', '/api/v1/schemas', { body: { name: 'First' } });
    expect(first.status).toBe(201);
    expectProblem(await call('POST', '/api/v1/schemas', { body: { name: 'Second' } }), 409, 'Record Limit Reached');
    expect((await call('POST', '/api/v1/schemas', { body: { name: 'Theirs' }, token: OTHER_TOKEN })).status).toBe(201);
    expect((await call('POST', '/api/v1/tools', { body: { type: 'endCall', name: 'hang_up' } })).status).toBe(201);
    expect((await call('DELETE', `/api/v1/schemas/${first.body.id}`)).status).toBe(200);
    const again = await call('POST', '/api/v1/schemas', { body: { name: 'Second' } });
    expect(again.status).toBe(201);
    expect(again.contentType).toMatch(/^application\/json/);
    expect(again.body.name).toBe('Second');
  });

  it('is enforced by createRecord itself, so every caller of the domain is bounded', () => {
    const mockState = createMockState({ scenario: 'empty' });
    const org = mockState.organizations.byToken('demo-token');
    if (!org) throw new Error('the empty scenario has no demo-token organization');
    const ctx = { ...mockState.context(org.id), limits: { recordsPerKind: 2 } };
    const def = resources[1];
    createRecord(ctx, def, { name: 'One' });
    createRecord(ctx, def, { name: 'Two' });
    expect(() => createRecord(ctx, def, { name: 'Three' })).toThrow(expect.objectContaining({ kind: 'record-limit' }));
    expect(mockState.store.list(org.id, def.kind)).toHaveLength(2);
  });

  it('takes a snapshot holding more than the limit, as it takes seeding, and then refuses creates giving the real count', async () => {
    const mockState = createMockState({ scenario: 'empty', limits: { recordsPerKind: 2 } });
    const app = createApp({ mockState });
    const org = mockState.organizations.byToken('demo-token')!;
    const schemas = ['One', 'Two', 'Three'].map((name, index) => ({
      id: `00000000-0000-4000-8000-00000000000${index}`,
      name,
      type: 'Free',
      description: '',
      properties: {},
      isLocked: false,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    }));
    const state = (await (await app.request('/__mock/state')).json()) as {
      organizations: { id: string; records: Record<string, unknown[]> }[];
    };
    const mine = state.organizations.find((organization) => organization.id === org.id)!;
    mine.records.schemas = schemas;
    const put = await app.request('/__mock/state', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(state),
    });
    expect(put.status).toBe(200);
    const { call } = freshMock({ mockState });
    const refused = await call('POST', '/api/v1/schemas', { body: { name: 'Four' } });
    expectProblem(refused, 409, 'Record Limit Reached');
    expect(refused.body.detail).toContain('already holds 3 schemas, and 2 is the most it can hold');
  });
});
