/**
 * Tenant isolation under fuzzing: the first organization's token aimed at
 * the second organization's ids (in paths and inside bodies) never reads,
 * changes, deletes or references a record of the second organization, and
 * never learns anything of it that the request did not already contain.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Resource } from '../../src/domain/resource.js';
import { resources } from '../../src/domain/resources/index.js';
import { freshMock, OTHER_TOKEN, TOKEN } from '../helpers/client.js';
import { contentType, nearlyValidBody } from './arbitraries/bodies.js';
import { expectNoPollution, expectValidState, expectWellFormed, snapshotOrganization } from './invariants.js';
import { idsOf, orgIdOf } from './mock-state-ids.js';
import { jsonHeaders, send } from './send.js';
import { fuzzParameters, fuzzTimeout } from './settings.js';

type App = ReturnType<typeof freshMock>['app'];

/** The second organization as its own token sees it: every list, in order. */
async function listsSeenBy(app: App, token: string): Promise<string> {
  const lists = await Promise.all(
    resources.map((def) => send(app, { method: 'GET', path: `/api/v1/${def.path}`, headers: jsonHeaders(token) })),
  );
  return JSON.stringify(lists.map((list) => [list.status, list.body]));
}

describe('tenant isolation under fuzzing', () => {
  it(
    "never lets one organization's token read, change or reference another organization's records",
    async () => {
      const { mockState, app } = freshMock();
      const theirs = orgIdOf(mockState, OTHER_TOKEN);
      const theirIds = idsOf(mockState, theirs);
      const theirSecrets = [
        ...mockState.store.list(theirs, 'webhooks').map((hook) => String(hook.secret)),
        ...mockState.store.list(theirs, 'sipTrunks').flatMap((trunk) => (typeof trunk.password === 'string' ? [trunk.password] : [])),
      ];
      const storeBefore = snapshotOrganization(mockState, theirs);
      const listsBefore = await listsSeenBy(app, OTHER_TOKEN);
      const request = fc.record({
        def: fc.constantFrom<Resource>(...resources),
        method: fc.constantFrom('GET', 'PATCH', 'DELETE', 'POST'),
        target: fc.constantFrom(...theirIds),
        type: contentType,
        pick: fc.nat(),
      });

      await fc.assert(
        fc.asyncProperty(
          request.chain((shape) => fc.tuple(fc.constant(shape), nearlyValidBody(shape.def, theirIds))),
          async ([{ def, method, target, type }, text]) => {
            const path = method === 'POST' ? `/api/v1/${def.path}` : `/api/v1/${def.path}/${target}`;
            const reply = await send(app, { method, path, headers: jsonHeaders(TOKEN, type), body: new TextEncoder().encode(text) });

            expectWellFormed(reply, method);
            if (method !== 'POST') expect(reply.status, `${method} ${path} answered ${reply.status}`).toBeGreaterThanOrEqual(400);
            const asked = `${path} ${text}`;
            for (const id of theirIds)
              if (reply.text.includes(id)) expect(asked, `the answer names ${id}, which the request did not`).toContain(id);
            for (const secret of theirSecrets) expect(reply.text).not.toContain(secret);
            expectNoPollution();
            expectValidState(mockState);
            expect(snapshotOrganization(mockState, theirs)).toBe(storeBefore);
          },
        ),
        fuzzParameters(300),
      );
      expect(await listsSeenBy(app, OTHER_TOKEN)).toBe(listsBefore);
    },
    fuzzTimeout,
  );
});
