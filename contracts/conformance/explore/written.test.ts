/**
 * What explore holds a read of its own record to: never a secret, never a key the target shows in a form of its own,
 * and, after an update, every value it sent. A record no answer has shown is read before its first update (steps.ts),
 * so its own form is known by then; an update's values are held strictly after it.
 */
import { describe, expect, it } from 'vitest';
import type { ModelRecord } from './model.js';
import type { Reply, Session } from './target-seam.js';
import { heldAfterUpdate, heldTo, madeRecord } from './written.js';

/** A session that reads any JSON object with an id as a record, and as the record of that id. */
const recordOf = (body: unknown) =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && typeof (body as { id?: unknown }).id === 'string'
    ? (body as Record<string, unknown>)
    : undefined;
const session = {
  record: recordOf,
  isRecord: (reply: Reply, id: string) => recordOf(reply.body)?.id === id,
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

/** A record created with `sent`, its create answered `reply` (by default 201 with no body). */
const made = (sent: Record<string, unknown> = created, reply = answered(201)): ModelRecord =>
  madeRecord(session, reply, { kind: 'schemas', owner: 'token', id: 'record-1', created: sent, example: sent }, 0);
const unseenRecord = () => made();

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
    expect(made(sent).written).toEqual({ name: 'a' });
    expect(made(sent, answered(201, { id: 'record-1', ...sent, password: '****' })).written).toEqual({ name: 'a' });
    const record = { ...unseenRecord(), written: { name: 'a' }, ownForm: [] };
    const answer = answered(200, { id: 'record-1', ...sent, name: 'b' });
    expect(heldAfterUpdate(session, answer, record, { ...sent, name: 'b' }).written).toEqual({ name: 'b' });
  });

  it('takes a create’s answer for the record only where it shows every value sent: `{id}` alone leaves the first read to decide', () => {
    const whole = made(created, answered(201, { id: 'record-1', ...created, type: 'free' }));
    expect(whole.ownForm).toEqual(['type']);
    expect(whole.written).toEqual({ name: 'Support case', description: 'Created' });
    const idOnly = made(created, answered(201, { id: 'record-1' }));
    expect(idOnly.ownForm).toBeUndefined();
    expect(idOnly.written).toEqual(created);
  });

  it('takes a created value the first read shows otherwise for the target’s own form, before any update', () => {
    const read = { id: 'record-1', name: 'Support case', type: 'free', description: 'Created' };
    expect(heldTo(unseenRecord(), read)).toEqual({ name: 'Support case', description: 'Created' });
  });

  it('holds every value an update sent once it is made, whatever the read shows: an update not carried out fails', () => {
    const record = unseenRecord();
    Object.assign(record, heldAfterUpdate(session, answered(204), record, { description: 'Updated', maxDurationSeconds: 900 }), {
      updates: 1,
    });
    const notCarriedOut = { id: 'record-1', ...created, maxDurationSeconds: 600 };
    expect(heldTo(record, notCarriedOut)).toEqual({ ...created, description: 'Updated', maxDurationSeconds: 900 });
  });

  it('takes an update’s answer for the record only when it is that record: a 202 with a job of its own shows nothing', () => {
    const record = { ...unseenRecord(), ownForm: undefined };
    const job = heldAfterUpdate(session, answered(202, { id: 'job-1', status: 'queued' }), record, { description: 'Updated' });
    expect(job.ownForm).toBeUndefined();
    const shown = heldAfterUpdate(session, answered(200, { id: 'record-1', ...created, type: 'free', description: 'Updated' }), record, {
      description: 'Updated',
    });
    expect(shown.ownForm).toEqual(['type']);
    expect(shown.written).toEqual({ name: 'Support case', description: 'Updated' });
  });
});
