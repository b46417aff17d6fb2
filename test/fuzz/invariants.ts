/**
 * What must hold after any request, however hostile: no 5xx, the one problem
 * shape for every error, no prototype pollution, every stored record valid
 * and every reference inside its own organization.
 */
import { expect } from 'vitest';
import { resourceByKind, resources } from '../../src/domain/resources/index.js';
import { problemKinds } from '../../src/http/problem.js';
import type { MockState } from '../../src/state/mock-state.js';

/** A response as the fuzz tests see it: text kept, JSON parsed when it parses. */
export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
  body: any;
}

const PROBLEM_KEYS = new Set(['type', 'title', 'status', 'detail', 'errors']);
const KNOWN_PROBLEMS = new Set(Object.values(problemKinds).map(({ status, title }) => `${status} ${title}`));

/** An error answer in the one shape: problem+json, the table's title for its status, errors[] of {pointer, message}. */
export function expectProblem(reply: { status: number; contentType: string | null; body: any }, status?: number, title?: string): void {
  if (status !== undefined) expect(reply.status).toBe(status);
  expect(reply.contentType).toMatch(/^application\/problem\+json/);
  const body = reply.body;
  expect(typeof body === 'object' && body !== null && !Array.isArray(body)).toBe(true);
  for (const key of Object.keys(body)) expect(PROBLEM_KEYS.has(key), `unexpected problem key ${key}`).toBe(true);
  expect(body).toEqual(expect.objectContaining({ type: expect.any(String), title: expect.any(String), detail: expect.any(String) }));
  expect(body.status).toBe(reply.status);
  expect(KNOWN_PROBLEMS.has(`${body.status} ${body.title}`), `${body.status} ${body.title} is not in the problem table`).toBe(true);
  if (title !== undefined) expect(body.title).toBe(title);
  if (body.errors !== undefined) {
    expect(Array.isArray(body.errors) && body.errors.length > 0).toBe(true);
    for (const error of body.errors) {
      expect(Object.keys(error).sort()).toEqual(['message', 'pointer']);
      expect(error.pointer).toMatch(/^(\/[^/]*)*$/);
      expect(typeof error.message).toBe('string');
    }
  }
}

/** Never a 5xx; errors in the one problem shape; successes are JSON (HEAD answers carry no body). */
export function expectWellFormed(reply: Answer, method: string): void {
  expect(reply.status, `${reply.status} ${reply.text.slice(0, 300)}`).toBeLessThan(500);
  if (method.toUpperCase() === 'HEAD' || reply.status === 204) return;
  if (reply.status >= 400) expectProblem(reply);
  else expect(reply.contentType).toMatch(/^application\/json/);
}

const prototypes: [string, object][] = [
  ['Object', Object.prototype],
  ['Array', Array.prototype],
  ['Function', Function.prototype],
  ['String', String.prototype],
];
const namesOf = (target: object) => Reflect.ownKeys(target).map(String).sort();
const pristine = new Map(prototypes.map(([name, proto]) => [name, namesOf(proto)]));

/** No request may add to the built-in prototypes (prototype pollution). */
export function expectNoPollution(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  for (const [name, proto] of prototypes) expect(namesOf(proto), `${name}.prototype changed`).toEqual(pristine.get(name));
}

/**
 * Every stored record still parses as its resource's record once presented;
 * across records (unless told not to): every reference points at a record of
 * the same organization, and every trunk has its configuration at the
 * provider, in its own organization.
 */
export function expectValidState(mockState: MockState, check: { acrossRecords: boolean } = { acrossRecords: true }): void {
  for (const org of mockState.organizations.list()) {
    for (const def of resources) {
      for (const record of mockState.store.list(org.id, def.kind)) {
        const presented = def.toResponse(record, { fresh: false });
        const shown = def.record.safeParse(presented);
        expect(shown.success, `${def.kind} ${record.id}: ${shown.error?.message}`).toBe(true);
        // Stored as its schema gives it back (a name trimmed, defaults filled), not merely a value the schema would take.
        expect(shown.data, `${def.kind} ${record.id} is not in its schema's own form`).toEqual(presented);
        // The rules across fields (a transfer tool's destination, say), which no field schema sees.
        expect(def.check?.(record, undefined) ?? [], `${def.kind} ${record.id} breaks a rule across fields`).toEqual([]);
        for (const { field, target, many } of check.acrossRecords ? (def.references ?? []) : []) {
          const ids = (many ? record[field] : [record[field]]) as (string | null)[];
          for (const refId of ids) {
            if (refId !== null)
              expect(
                mockState.store.get(org.id, target, refId),
                `${def.kind}.${field} → ${resourceByKind[target].kind} ${refId}`,
              ).toBeDefined();
          }
        }
      }
    }
    for (const trunk of check.acrossRecords ? mockState.store.list(org.id, 'sipTrunks') : []) {
      expect(mockState.telephony.configuration(trunk.id)?.orgId).toBe(org.id);
    }
  }
}

/** Everything one organization holds, as text, to compare before and after. */
export function snapshotOrganization(mockState: MockState, orgId: string): string {
  const records = Object.fromEntries(resources.map((def) => [def.kind, mockState.store.list(orgId, def.kind)]));
  return JSON.stringify({ records, telephony: mockState.telephony.configurations(orgId) });
}

/** A validation problem says "Missing" only where the request body really has nothing. */
export function expectMissingOnlyWhereAbsent(reply: Answer, requestText: string): void {
  if (reply.status !== 400 || !Array.isArray(reply.body?.errors)) return;
  let sent: unknown;
  try {
    sent = JSON.parse(requestText);
  } catch {
    return;
  }
  for (const { pointer, message } of reply.body.errors as { pointer: string; message: string }[]) {
    if (!message.startsWith('Missing')) continue;
    const path = pointer
      .split('/')
      .slice(1)
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
    let value: unknown = sent;
    for (const key of path)
      value = typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as any)[key] : undefined;
    expect(value, `${pointer} is reported missing but was sent`).toBeUndefined();
  }
}
