/**
 * Records written down in a scenario file: made as the API makes a create
 * (the same checks), with the ids, times and flags the file gives, ids drawn
 * from the seed where it gives none, references by the file's ids, generated
 * records on top, every problem listed with its place, and a reset going back
 * to exactly these records.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMockState, scenarioProblems } from '../src/state/mock-state.js';
import { parseScenario, type Scenario } from '../src/state/seed/scenario.js';
import { freshMock } from './helpers/client.js';
import { readmeBlock } from './helpers/readme.js';

const team = JSON.parse(readFileSync(new URL('../fixtures/team.json', import.meta.url), 'utf8')) as Scenario;
const TOOL = '0b5b8f0e-2a51-4a7e-9a3c-1d2e3f405162';
const TRUNK = '6a1f0c52-7b3e-4d8a-9c21-5e4f3a2b1c0d';

/** A one-organization scenario with these records. */
const withRecords = (records: Record<string, unknown[]>, counts: Record<string, number> = {}): Scenario =>
  parseScenario({ name: 'r', organizations: [{ token: 't', records, counts }] }, 'test');

describe('records in a scenario file', () => {
  it('serves the records of fixtures/team.json as written, with generated ones on top', async () => {
    const { call } = freshMock({ scenario: team });
    const as = { token: 'team-token' };
    const assistants = (await call('GET', '/api/v1/assistants', as)).body as Record<string, any>[];
    expect(assistants.map((a) => a.name).sort()).toEqual(['After hours', 'Front desk', 'Orders']);
    const front = assistants.find((a) => a.name === 'Front desk');
    expect(front).toMatchObject({
      id: '4f8e2a6c-1b3d-4e5f-a7b9-c0d1e2f3a4b5',
      sipTrunkId: TRUNK,
      toolIds: [TOOL, '9c3d2e1f-0a4b-4c5d-8e6f-7a8b9c0d1e2f'],
      createdAt: '2026-01-05T09:00:00.000Z',
      updatedAt: '2026-01-05T09:00:00.000Z',
      // Defaults filled in as a create fills them.
      language: 'en-US',
    });
    const [trunk] = (await call('GET', '/api/v1/sip-trunks', as)).body as Record<string, any>[];
    expect(trunk).toMatchObject({ id: TRUNK, isSystem: true, port: 5060 });
    // Written as a system trunk, it is one: its delete is refused.
    expect((await call('DELETE', `/api/v1/sip-trunks/${TRUNK}`, as)).status).toBe(403);
    const [schema] = (await call('GET', '/api/v1/schemas', as)).body as Record<string, any>[];
    expect(schema).toMatchObject({ name: 'Order follow-up', isLocked: true });
    // The counts still generate records beside the written ones.
    expect((await call('GET', '/api/v1/webhooks', as)).body).toHaveLength(2);
  });

  it('draws the ids a file leaves out from the seed: the same seed gives the same ids, another seed others', () => {
    const idsOf = (seed: number) => {
      const state = createMockState({ scenario: team, seed });
      const org = state.organizations.list()[0]?.id ?? '';
      return state.store
        .list(org, 'assistants')
        .map((record) => record.id)
        .sort();
    };
    expect(idsOf(1)).toEqual(idsOf(1));
    expect(idsOf(2)).not.toEqual(idsOf(1));
    // The written id stays whatever the seed.
    expect(idsOf(2)).toContain('4f8e2a6c-1b3d-4e5f-a7b9-c0d1e2f3a4b5');
  });

  it('goes back to exactly these records on a reset', async () => {
    const { call, mockState } = freshMock({ scenario: team });
    const as = { token: 'team-token' };
    const before = (await call('GET', '/api/v1/assistants', as)).body;
    await call('POST', '/api/v1/assistants', { ...as, body: { name: 'Made later' } });
    const [first] = before as { id: string }[];
    await call('PATCH', `/api/v1/assistants/${first?.id}`, { ...as, body: { name: 'Renamed' } });
    mockState.reset();
    expect((await call('GET', '/api/v1/assistants', as)).body).toEqual(before);
  });

  it('lists every problem of the records with its place, a reference to a record not in the file among them', () => {
    const scenario = withRecords({
      tools: [
        { id: TOOL, type: 'function', name: 'ok', url: 'https://api.example.com/a' },
        { type: 'function', name: 'noUrl' },
        { id: TOOL, type: 'function', name: 'again', url: 'https://api.example.com/b' },
      ],
      assistants: [{ name: '' }, { name: 'Refers', toolIds: ['00000000-0000-4000-8000-000000000000'] }],
      webhooks: [{ url: 'ftp://nowhere', events: ['call.ended'] }],
    });
    const problems = scenarioProblems(scenario);
    expect(problems).toEqual([
      expect.stringMatching(/^organizations\[0\]\.records\.tools\[1\]\.url: /),
      expect.stringMatching(/^organizations\[0\]\.records\.tools\[2\]\.id: Another tool of this organization has id /),
      expect.stringMatching(/^organizations\[0\]\.records\.assistants\[0\]\.name: /),
      expect.stringMatching(/^organizations\[0\]\.records\.assistants\[1\]\.toolIds(\[0\])?: .*00000000-0000-4000-8000-000000000000/),
      expect.stringMatching(/^organizations\[0\]\.records\.webhooks\[0\]\.url: /),
    ]);
    expect(scenarioProblems(team)).toEqual([]);
  });

  it('refuses a field a file may not set, and an id that is no UUID, where the file says it', () => {
    expect(() => withRecords({ tools: [{ id: 'tool-1', type: 'function', name: 'x', url: 'https://api.example.com/a' }] })).toThrow(
      /organizations\[0\]\.records\.tools\[0\]\.id: /,
    );
    expect(() => parseScenario({ name: 'r', organizations: [{ token: 't', records: { trunks: [] } }] }, 'f.json')).toThrow(
      /organizations\[0\]\.records: Unrecognized key: "trunks"/,
    );
    // A flag of another kind is no field of a tool: the create check refuses it.
    expect(
      scenarioProblems(withRecords({ tools: [{ type: 'function', name: 'x', url: 'https://a.example.com', isLocked: true }] })),
    ).toEqual([expect.stringMatching(/^organizations\[0\]\.records\.tools\[0\]\.isLocked: /)]);
  });

  it('takes the example of docs/cli.md, which seeds without a problem', () => {
    const example = readmeBlock('json', '"records"', 'docs/cli.md');
    expect(example).toBeDefined();
    const scenario = parseScenario(JSON.parse(example ?? ''), 'docs/cli.md');
    expect(scenario.organizations[0]?.records?.assistants?.length).toBeGreaterThan(0);
    expect(scenarioProblems(scenario)).toEqual([]);
  });
});
