/**
 * Integrity of the state the control API writes: an injected record cannot
 * take over another organization's telephony configuration, a snapshot must
 * hold together, and the journal can always be read back.
 */
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/domain/resources/index.js';
import { exportState } from '../../src/state/snapshot/snapshot.js';
import { freshMock, TOKEN } from '../helpers/client.js';
import { expectProblem } from './invariants.js';
import { send } from './send.js';

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const putState = (app: Parameters<typeof send>[0], state: unknown) =>
  send(app, { method: 'PUT', path: '/__mock/state', headers: [['content-type', 'application/json']], body: json(state) });

describe('integrity of control API writes', () => {
  it("refuses to inject a SIP trunk with the id of another organization's trunk, and leaves that trunk's configuration alone", async () => {
    const { app, mockState } = freshMock();
    const [mine, theirs] = mockState.organizations.list();
    const trunk = mockState.store.list(theirs?.id ?? '', 'sipTrunks').find((t) => t.isSystem !== true);
    const before = mockState.telephony.configuration(trunk?.id ?? '');
    expect(before?.orgId).toBe(theirs?.id);
    const body = json({
      orgId: mine?.id,
      kind: 'sipTrunks',
      record: { id: trunk?.id, name: 'Taken over', host: 'pbx.example.com' },
    });
    const reply = await send(app, {
      method: 'POST',
      path: '/__mock/records',
      headers: [['content-type', 'application/json']],
      body,
    });
    expectProblem(reply, 409, 'Conflict');
    expect(mockState.telephony.configuration(trunk?.id ?? '')).toEqual(before);
    expect(mockState.store.get(mine?.id ?? '', 'sipTrunks', trunk?.id ?? '')).toBeUndefined();
  });

  it('reads the journal after a deeply nested API body', async () => {
    const { app } = freshMock();
    const depth = 20_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const rejected = await send(app, {
      method: 'POST',
      path: `/api/v1/${resources[0].path}`,
      headers: [
        ['authorization', `Bearer ${TOKEN}`],
        ['content-type', 'application/json'],
      ],
      body: new TextEncoder().encode(deep),
    });
    expectProblem(rejected, 400);
    const journal = await send(app, { method: 'GET', path: '/__mock/journal', headers: [] });
    expect(journal.status).toBe(200);
  });

  it('refuses a snapshot whose records reference another organization', async () => {
    const { app, mockState } = freshMock();
    const state = exportState(mockState) as Record<string, any>;
    const [mine, theirs] = state.organizations;
    mine.records.assistants[0].toolIds = [theirs.records.tools[0].id];
    expectProblem(await putState(app, state), 400);
  });

  it('refuses a snapshot that gives one SIP trunk id to two organizations', async () => {
    const { app, mockState } = freshMock();
    const state = exportState(mockState) as Record<string, any>;
    const [mine, theirs] = state.organizations;
    theirs.records.sipTrunks.push(mine.records.sipTrunks[0]);
    expectProblem(await putState(app, state), 400);
  });

  it("refuses a snapshot of one organization that takes a trunk id another organization keeps, and leaves that trunk's configuration alone", async () => {
    const { app, mockState } = freshMock();
    const [mine, theirs] = mockState.organizations.list();
    if (!mine || !theirs) throw new Error('the default scenario has two organizations');
    const [ownId] = mockState.store.list(mine.id, 'sipTrunks').map((trunk) => trunk.id);
    const [theirId] = mockState.store.list(theirs.id, 'sipTrunks').map((trunk) => trunk.id);
    if (!ownId || !theirId) throw new Error('both organizations hold SIP trunks');
    const before = mockState.telephony.configuration(theirId);
    // The organization's own snapshot, with its first trunk's id replaced by the other organization's, everywhere.
    const text = JSON.stringify(exportState(mockState, mine.id)).replaceAll(ownId, theirId);
    const answer = await send(app, {
      method: 'PUT',
      path: `/__mock/state?orgId=${mine.id}`,
      headers: [['content-type', 'application/json']],
      body: new TextEncoder().encode(text),
    });
    expectProblem(answer, 400);
    expect(mockState.telephony.configuration(theirId)).toEqual(before);
    expect(mockState.store.get(theirs.id, 'sipTrunks', theirId)).toBeDefined();
  });
});
