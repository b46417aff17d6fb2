/**
 * Creates, updates and deletes of every resource with hostile bodies and
 * content types, all with the first organization's token and with ids of
 * both organizations inside. After every request: no 5xx, errors in the one
 * problem shape, a refused request changed nothing, no prototype pollution,
 * a valid state, the other organization untouched, and a list still answers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/domain/resources/index.js';
import { freshMock, OTHER_TOKEN, TOKEN } from '../helpers/client.js';
import { hostileBody } from './arbitraries/bodies.js';
import { expectMissingOnlyWhereAbsent, expectNoPollution, expectValidState, expectWellFormed, snapshotOrganization } from './invariants.js';
import { idsOf, orgIdOf } from './mock-state-ids.js';
import { jsonHeaders, send } from './send.js';
import { fuzzParameters, fuzzTimeout } from './settings.js';

const operation = fc.oneof(
  { weight: 5, arbitrary: fc.constant('POST') },
  { weight: 4, arbitrary: fc.constant('PATCH') },
  { weight: 1, arbitrary: fc.constant('DELETE') },
);

describe.each(resources)('fuzzed bodies on $path', (def) => {
  it(
    'never answer 5xx, keep the one error shape and leave every organization consistent',
    async () => {
      const { mockState, app } = freshMock();
      const mine = orgIdOf(mockState, TOKEN);
      const theirs = orgIdOf(mockState, OTHER_TOKEN);
      const ids = [...idsOf(mockState, mine), ...idsOf(mockState, theirs)];
      const theirsBefore = snapshotOrganization(mockState, theirs);
      const collection = `/api/v1/${def.path}`;

      await fc.assert(
        fc.asyncProperty(operation, fc.nat(), hostileBody(def, ids), async (method, pick, body) => {
          const own = mockState.store.list(mine, def.kind);
          const target = own.length > 0 ? own[pick % own.length]?.id : '7d0f3c1e-0000-4000-8000-000000000000';
          const path = method === 'POST' ? collection : `${collection}/${target}`;
          const mineBefore = snapshotOrganization(mockState, mine);

          const reply = await send(app, { method, path, headers: jsonHeaders(TOKEN, body.contentType), body: body.bytes });

          expectWellFormed(reply, method);
          expectMissingOnlyWhereAbsent(reply, new TextDecoder().decode(body.bytes));
          if (reply.status >= 400) expect(snapshotOrganization(mockState, mine)).toBe(mineBefore);
          else if (method !== 'DELETE') expect(def.record.safeParse(reply.body).error).toBeUndefined();
          expectNoPollution();
          expectValidState(mockState);
          expect(snapshotOrganization(mockState, theirs)).toBe(theirsBefore);
          const list = await send(app, { method: 'GET', path: '/api/v1/schemas', headers: jsonHeaders(TOKEN) });
          expect(list.status).toBe(200);
          expect(Array.isArray(list.body)).toBe(true);
        }),
        fuzzParameters(150),
      );
    },
    fuzzTimeout,
  );
});
