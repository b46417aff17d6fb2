/**
 * Requests to the control API (/__mock/): every endpoint, with bodies that
 * are close to valid (right keys, hostile values) or not JSON at all, odd ids
 * and query strings.
 */
import fc from 'fast-check';
import { resources } from '../../../src/domain/resources/index.js';
import { contentType, hostileValue, nearlyValidBody } from './bodies.js';
import { deepJson, hostileObject, notJson } from './json-text.js';
import { idSegment } from './requests.js';

export interface ControlRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string | undefined;
}

/** Ids of the mock state the fuzzing runs against: organizations, records, a snapshot to mutate. */
export interface ControlContext {
  orgIds: string[];
  recordIds: string[];
  snapshot: Record<string, any>;
}

/** A body close to what `endpoint` takes: its keys, each value either sensible or hostile. */
function nearlyValid(template: Record<string, fc.Arbitrary<unknown>>, ids: readonly string[]): fc.Arbitrary<string> {
  const entries = Object.entries(template).map(
    ([key, sensible]) => [key, fc.option(fc.oneof(sensible, hostileValue(ids)), { nil: undefined })] as const,
  );
  return fc.record(Object.fromEntries(entries)).map((body) => JSON.stringify(body));
}

/** The exported state with one hostile change: a record swapped between organizations, a field replaced, a token repeated. */
function mutatedSnapshot(ctx: ControlContext): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat(), fc.nat(), fc.constantFrom('swap', 'field', 'token', 'drop'), hostileValue(ctx.recordIds))
    .map(([a, b, change, value]) => {
      const state = structuredClone(ctx.snapshot);
      const orgs = state.organizations as any[];
      const org = orgs[a % orgs.length];
      const kind = resources[b % resources.length]?.kind ?? 'tools';
      const record = org?.records?.[kind]?.[0];
      if (change === 'swap' && record) orgs[(a + 1) % orgs.length].records[kind].push(record);
      if (change === 'field' && record) record[Object.keys(record)[b % Object.keys(record).length] ?? 'id'] = value;
      if (change === 'token' && orgs.length > 1) orgs[1].token = orgs[0].token;
      if (change === 'drop') delete state[['format', 'version', 'organizations', 'telephony'][b % 4] as string];
      return JSON.stringify(state);
    });
}

/** Every control endpoint with a body arbitrary for it. */
export function controlRequest(ctx: ControlContext): fc.Arbitrary<ControlRequest> {
  const ids = [...ctx.orgIds, ...ctx.recordIds];
  const orgId = fc.oneof(fc.constantFrom(...ctx.orgIds), idSegment(ids));
  const scenario = fc.constantFrom('default', 'empty', 'nope');
  const seed = fc.oneof(fc.nat(), fc.integer());
  const query = fc.oneof(
    fc.constant(''),
    fc.webQueryParameters().map((q) => `?${q}`),
    orgId.map((id) => `?orgId=${id}`),
  );
  const anyRecord = fc.constantFrom(...resources).chain((def) => fc.tuple(fc.constant(def.kind), nearlyValidBody(def, ids)));
  const shapes: fc.Arbitrary<[string, string, fc.Arbitrary<string> | null]>[] = [
    fc.constant(['POST', '/__mock/reset', nearlyValid({ scenario, seed, orgId }, ids)]),
    fc.constant(['GET', '/__mock/tenants', null]),
    fc.constant(['POST', '/__mock/tenants', nearlyValid({ scenario, seed, name: fc.string({ maxLength: 120 }) }, ids)]),
    orgId.map((id) => ['DELETE', `/__mock/tenants/${id}`, null]),
    query.map((q) => ['GET', `/__mock/state${q}`, null]),
    query.map((q) => ['PUT', `/__mock/state${q}`, mutatedSnapshot(ctx)]),
    fc.constant([
      'POST',
      '/__mock/records',
      anyRecord.chain(([kind, record]) => nearlyValid({ orgId, kind: fc.constant(kind), record: fc.constant(JSON.parse(record)) }, ids)),
    ]),
    query.map((q) => ['GET', `/__mock/telephony${q}`, null]),
    idSegment(ids).map((id) => ['GET', `/__mock/telephony/${id}`, null]),
    query.map((q) => ['GET', `/__mock/journal${q}`, null]),
    fc.constant(['DELETE', '/__mock/journal', null]),
    fc.constant([
      'POST',
      '/__mock/journal/verify',
      nearlyValid(
        {
          method: fc.constantFrom('GET', 'POST'),
          path: fc.constantFrom('/api/v1/*', '/api/v1/tools/:id', '/api/v1/**'),
          orgId,
          status: fc.constantFrom(200, 404),
        },
        ids,
      ),
    ]),
    fc.constant(['GET', '/__mock/faults', null]),
    fc.constant([
      'POST',
      '/__mock/faults',
      nearlyValid(
        {
          target: fc.constantFrom('http', 'telephony'),
          path: fc.constant('/api/v1/**'),
          status: fc.constantFrom(400, 503),
          probability: fc.double({ min: 0, max: 1 }),
          times: fc.nat(5),
        },
        ids,
      ),
    ]),
    idSegment(ids).map((id) => ['DELETE', `/__mock/faults/${id}`, null]),
    fc.constant(['GET', '/__mock/clock', null]),
    fc.constant([
      'POST',
      '/__mock/clock',
      nearlyValid(
        {
          // The last instant the clock may stand at, where any advance is refused.
          freezeAt: fc.constantFrom('now', '2026-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z', 'yesterday'),
          advanceMs: fc.nat(),
          resume: fc.constant(true),
        },
        ids,
      ),
    ]),
    fc.constant([
      'POST',
      '/__mock/calls',
      nearlyValid({ orgId, assistantId: fc.constantFrom(...ids), durationSeconds: fc.integer({ min: 1, max: 600 }) }, ids),
    ]),
    query.map((q) => ['GET', `/__mock/outbox${q}`, null]),
    query.map((q) => ['DELETE', `/__mock/outbox${q}`, null]),
    query.map((q) => ['POST', `/__mock/outbox/flush${q}`, null]),
    fc.constant([
      'POST',
      '/__mock/provider-states',
      nearlyValid(
        { state: fc.constantFrom('a system SIP trunk exists', ''), action: fc.constantFrom('setup', 'teardown'), params: fc.constant({}) },
        ids,
      ),
    ]),
  ];
  // No body at all (and so no Content-Type) too: such a POST is validated as {}.
  const anyBody = fc.oneof(hostileObject, notJson, deepJson, fc.constant(undefined));
  return fc
    .tuple(fc.oneof(...shapes), fc.boolean(), contentType, fc.constantFrom('PATCH', 'PUT', 'POST', 'GET', 'DELETE'))
    .chain(([[method, path, body], odd, type, otherMethod]) =>
      // Mostly the endpoint as documented; sometimes another method or a hostile body on it.
      (odd ? anyBody : (body ?? fc.constant(undefined))).map((text) => ({
        method: odd && body === null ? otherMethod : method,
        path,
        contentType: text === undefined ? undefined : odd ? type : 'application/json',
        body: text,
      })),
    );
}
