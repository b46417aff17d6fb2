/**
 * What explore holds a read of its own record to: never a secret, never a key the target shows in a form of its own,
 * and, after an update, every value it sent. Here where no write's answer showed the record, so the first read that
 * shows it has to tell the target's own form from an update not carried out.
 */
import { describe, expect, it } from 'vitest';
import type { ModelRecord } from './model.js';
import type { Reply, Session } from './target-seam.js';
import { heldAfterUpdate, heldTo, shownAsSent } from './written.js';

/** A session that reads any JSON object as the record. */
const session = {
  record: (body: unknown) => (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : undefined),
} as unknown as Session;
const answered = (status: number, body?: unknown): Reply => ({
  status,
  contentType: body === undefined ? null : 'application/json',
  headers: new Headers(),
  body,
  text: body === undefined ? '' : JSON.stringify(body),
  json: body !== undefined,
});
const created = { name: 'Support case', type: 'Free', description: 'Created' };

/** A record created with `created`, whose create answered no record. */
function unseenRecord(): ModelRecord {
  return {
    kind: 'schemas',
    owner: 'token',
    id: 'record-1',
    deleted: false,
    created,
    example: created,
    written: shownAsSent(session, answered(201), created),
    updates: 0,
    writtenAt: 0,
  } as ModelRecord;
}

/** The record after an update of its description answered 204, as the step records it. */
function updatedUnseen(): ModelRecord {
  const record = unseenRecord();
  Object.assign(record, heldAfterUpdate(session, answered(204), record, { description: 'Updated' }), { updates: 1 });
  return record;
}

describe('what explore holds a read to', () => {
  it('never holds a member named as a secret, in any of the ways the masker names one', () => {
    const sent = {
      name: 'a',
      password: 'p1',
      passwd: 'p2',
      apiKey: 'k1',
      'api-key': 'k2',
      privateKey: 'k3',
      signingSecret: 's',
      authToken: 't',
    };
    expect(shownAsSent(session, answered(201), sent)).toEqual({ name: 'a' });
    const record = { ...unseenRecord(), written: { name: 'a' }, ownForm: [] };
    expect(heldAfterUpdate(session, answered(200, { ...sent, name: 'b' }), record, { ...sent, name: 'b' }).written).toEqual({ name: 'b' });
  });

  it('takes a created value the first read shows otherwise for the target’s own form, after an unseen update too', () => {
    const record = updatedUnseen();
    expect(record.ownForm).toBeUndefined();
    const read = { id: 'record-1', name: 'Support case', type: 'free', description: 'Updated' };
    expect(heldTo(record, read)).toEqual({ name: 'Support case', description: 'Updated' });
  });

  it('holds a read that still shows the value from before an unseen update to the value sent', () => {
    const record = updatedUnseen();
    const notCarriedOut = { id: 'record-1', name: 'Support case', type: 'Free', description: 'Created' };
    expect(heldTo(record, notCarriedOut)).toEqual({ ...created, description: 'Updated' });
    // A value shown as neither the one sent nor the one before is the target's own form of it: not held.
    const ownForm = { id: 'record-1', name: 'Support case', type: 'Free', description: 'UPDATED' };
    expect(heldTo(record, ownForm)).toEqual({ name: 'Support case', type: 'Free' });
  });

  it('holds a second unseen update to its own value, with the first update’s value as the one from before', () => {
    const record = updatedUnseen();
    Object.assign(record, heldAfterUpdate(session, answered(204), record, { description: 'Created again' }), { updates: 2 });
    expect(record.before).toEqual({ description: 'Updated' });
    const stillFirst = { id: 'record-1', name: 'Support case', type: 'Free', description: 'Updated' };
    expect(heldTo(record, stillFirst)).toEqual({ ...created, description: 'Created again' });
  });

  it('forgets the values from before once an answer shows the record', () => {
    const record = updatedUnseen();
    const shown = { id: 'record-1', ...created, description: 'Again' };
    const next = heldAfterUpdate(session, answered(200, shown), record, { description: 'Again' });
    expect(next.before).toBeUndefined();
    expect(next.ownForm).toEqual([]);
    expect(next.written).toEqual({ ...created, description: 'Again' });
  });
});
