/**
 * Data saved by an older version keeps loading as the code grows: the state
 * file committed beside this test was saved by the mock at commit 095421b
 * (five kinds, every plan count written out). It must load in every later
 * version, with a kind or an optional field added; a kind a state or a plan
 * leaves out has no records; a required field added later takes its
 * default through the one upgrade step.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { createMockState } from '../../src/state/mock-state.js';
import { resetOrganization } from '../../src/state/organizations/operations.js';
import { loadStateFile } from '../../src/state/persistence/state-file.js';
import { importState } from '../../src/state/snapshot/snapshot.js';
import { upgradeRecord } from '../../src/state/snapshot/upgrade.js';

const SAVED = new URL('./saved-by-095421b.json', import.meta.url);
const saved = () => JSON.parse(readFileSync(SAVED, 'utf8'));

describe('a state saved by an older version', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('loads as a state file, with the records it held', async () => {
    dir = mkdtempSync(join(tmpdir(), 'vcm-older-'));
    const path = join(dir, 'state.json');
    copyFileSync(SAVED, path);
    const mockState = createMockState({ scenario: 'empty' });
    const notes: string[] = [];
    expect((await loadStateFile(mockState, path, (note) => notes.push(note))).loaded).toBe(true);
    const [first] = mockState.organizations.list();
    expect(first?.token).toBe('demo-token');
    const tools = mockState.store.list(first?.id ?? '', 'tools');
    expect(tools.map((tool) => tool.name)).toContain('lookup_order');
    expect(mockState.store.count(first?.id ?? '', 'sipTrunks')).toBe(3);
    // It answers through the API as it did.
    const app = createApp({ mockState });
    const listed = await app.request('/api/v1/tools', { headers: { authorization: 'Bearer demo-token' } });
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as unknown[]).length).toBe(tools.length);
  });

  it('loads without a kind it never had, and a reset seeds none of a kind its plan does not count', () => {
    const state = saved();
    for (const organization of state.organizations) {
      delete organization.records.webhooks;
      delete organization.plan.plan.counts.webhooks;
    }
    const mockState = createMockState({ scenario: 'empty' });
    importState(mockState, state);
    const orgId = mockState.organizations.list()[0]?.id ?? '';
    expect(mockState.store.count(orgId, 'webhooks')).toBe(0);
    resetOrganization(mockState, orgId);
    expect(mockState.store.count(orgId, 'webhooks')).toBe(0);
    expect(mockState.store.count(orgId, 'tools')).toBe(4);
  });

  it('is one way: a state of a later version, with a kind this one does not serve, is refused even with no record of it', () => {
    const state = saved();
    for (const organization of state.organizations) organization.records.phoneNumbers = [];
    const mockState = createMockState({ scenario: 'empty' });
    const before = mockState.organizations.list().map((organization) => organization.id);
    let refusal: unknown;
    try {
      importState(mockState, state);
    } catch (error) {
      refusal = error;
    }
    // The message names the kinds this version holds.
    const problems = (refusal as { problems?: { path: unknown[]; message: string }[] }).problems ?? [];
    expect(problems.map((problem) => problem.path)).toEqual(
      state.organizations.map((_: unknown, index: number) => ['organizations', index, 'records']),
    );
    expect(problems[0]?.message).toMatch(/one list per kind \(sipTrunks, /);
    expect(mockState.organizations.list().map((organization) => organization.id)).toEqual(before);
  });

  it('gives a field a newer version requires its value for older states, and leaves a record that has it alone', () => {
    const def = { olderStates: { region: 'eu-west', tags: [] as string[] } };
    const older = { id: 'r1', name: 'saved before region existed' };
    const upgraded = upgradeRecord(def, older) as Record<string, unknown>;
    expect(upgraded).toEqual({ id: 'r1', name: 'saved before region existed', region: 'eu-west', tags: [] });
    (upgraded.tags as string[]).push('x');
    expect(def.olderStates.tags).toEqual([]);
    const newer = { id: 'r2', region: 'us-east', tags: ['a'] };
    expect(upgradeRecord(def, newer)).toBe(newer);
    expect(upgradeRecord({}, older)).toBe(older);
  });
});

describe('scenarios and plans', () => {
  it('seed none of a kind they give no count for, or when they give no counts at all', () => {
    const mockState = createMockState({
      scenario: {
        name: 'partial',
        description: 'Counts for one kind only, and none at all.',
        organizations: [
          { token: 'some', counts: { tools: 2 }, systemTrunks: 0, lockedSchemas: [] },
          { token: 'none', systemTrunks: 0, lockedSchemas: [] },
        ],
      },
    });
    const [some, none] = mockState.organizations.list();
    expect(mockState.store.count(some?.id ?? '', 'tools')).toBe(2);
    expect(mockState.store.count(some?.id ?? '', 'assistants')).toBe(0);
    expect(mockState.store.count(none?.id ?? '', 'tools')).toBe(0);
  });

  it('refuses a count for a kind the mock does not have, naming it', () => {
    expect(() =>
      createMockState({
        scenario: {
          name: 'typo',
          description: 'A kind that does not exist.',
          organizations: [{ token: 't', counts: { tool: 2 } as never, systemTrunks: 0, lockedSchemas: [] }],
        },
      }),
    ).toThrow(/tool/);
  });
});
