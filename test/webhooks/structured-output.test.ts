/** Structured output: one value of the declared type per property, the same for the same seed and call. */
import { base, en, Faker } from '@faker-js/faker';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockState } from '../../src/state/mock-state.js';
import { generateStructuredOutput } from '../../src/state/webhooks/events.js';
import { simulateCall } from '../../src/state/webhooks/simulate-call.js';
import { webhookMock } from './setup.js';

const mocks: { stop(): void }[] = [];
afterEach(() => {
  for (const mock of mocks.splice(0)) mock.stop();
});

async function outputsOf(seed: number, calls: number) {
  const mock = await webhookMock({ seed });
  mocks.push(mock);
  const assistant = await mock.assistant();
  const results = [];
  for (let i = 0; i < calls; i++) {
    const call = await mock.call('demo-token', assistant.id);
    results.push({ id: call.id, output: analysisOf(call).structuredOutput });
  }
  return results;
}

/** The analysis carried by a call's `call.analyzed` event. */
const analysisOf = (call: { events: { data: Record<string, unknown> }[] }) =>
  (call.events[2]?.data.analysis ?? {}) as { structuredOutput: Record<string, unknown> };

const typeChecks = {
  string: (value: unknown) => typeof value === 'string',
  integer: (value: unknown) => Number.isInteger(value),
  number: (value: unknown) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value: unknown) => typeof value === 'boolean',
} as const;

describe('structured output', () => {
  it('is the same for the same seed and call, and differs between calls', async () => {
    const once = await outputsOf(5, 2);
    const again = await outputsOf(5, 2);
    expect(again).toEqual(once);
    expect(once[0]?.output).not.toEqual(once[1]?.output);
    expect(once[0]?.id).not.toBe(once[1]?.id);
  });

  it('is not shifted by a call that was refused', async () => {
    const [first] = await outputsOf(5, 1);
    const mock = await webhookMock({ seed: 5 });
    mocks.push(mock);
    const assistant = await mock.assistant();
    const refused = await mock.app.request('/__mock/calls', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orgId: mock.orgId('demo-token'), assistantId: assistant.id, durationSeconds: 10_000_000 }),
    });
    expect(refused.status).toBe(400);
    const call = await mock.call('demo-token', assistant.id);
    expect({ id: call.id, output: analysisOf(call).structuredOutput }).toEqual(first);
  });

  it('changes with the seed', async () => {
    expect((await outputsOf(5, 1))[0]).not.toEqual((await outputsOf(6, 1))[0]);
  });

  it('of a seeded assistant has exactly the properties of its seeded schema, typed', async () => {
    const mockState = createMockState({ seed: 3 });
    mocks.push(mockState.outbox);
    const orgId = mockState.organizations.byToken('demo-token')?.id ?? '';
    const assistant = mockState.store.list(orgId, 'assistants').find((a) => a.schemaId !== null);
    const schema = mockState.store.get(orgId, 'schemas', String(assistant?.schemaId));
    const call = await simulateCall(mockState, { orgId, assistantId: String(assistant?.id) });
    const output = analysisOf(call).structuredOutput;
    const properties = schema?.properties as Record<keyof typeof typeChecks, string>;
    expect(Object.keys(output).sort()).toEqual(Object.keys(properties).sort());
    for (const [name, type] of Object.entries(properties))
      expect(typeChecks[type as keyof typeof typeChecks](output[name]), name).toBe(true);
  });

  it('gives every property of any schema one value of its type', () => {
    const schema = fc.dictionary(
      fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/),
      fc.constantFrom('string', 'integer', 'number', 'boolean'),
      { maxKeys: 12 },
    );
    fc.assert(
      fc.property(schema, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (properties, seed) => {
        const faker = new Faker({ locale: [en, base] });
        faker.seed(seed);
        const output = generateStructuredOutput(properties, faker);
        expect(Object.keys(output).sort()).toEqual(Object.keys(properties).sort());
        for (const [name, type] of Object.entries(properties)) expect(typeChecks[type as keyof typeof typeChecks](output[name])).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
