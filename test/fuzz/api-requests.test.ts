/**
 * Any method on any path around /api/v1, with ids of both organizations and
 * ids that are not ids, and with missing, odd or repeated headers. Only the
 * first organization's token (or a broken one) is ever sent, so the second
 * organization must come out exactly as it went in.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshMock, OTHER_TOKEN, TOKEN } from '../helpers/client.js';
import { contentType } from './arbitraries/bodies.js';
import { hostileObject } from './arbitraries/json-text.js';
import { apiPath, authorization, method, otherHeaders } from './arbitraries/requests.js';
import { expectNoPollution, expectValidState, expectWellFormed, snapshotOrganization } from './invariants.js';
import { idsOf, orgIdOf } from './mock-state-ids.js';
import { jsonHeaders, send } from './send.js';
import { fuzzParameters, fuzzTimeout } from './settings.js';

/** Authentication guards every path under /api/v1 (as the URL resolves it: `%2e%2e` climbs out). */
const underApi = (path: string) => {
  const { pathname } = new URL(path, 'http://localhost');
  return pathname === '/api/v1' || pathname.startsWith('/api/v1/');
};

/** One Authorization header naming the first organization's token (scheme case-insensitive, spaces or tabs). */
const sendsTheToken = (auth: readonly (readonly [string, string])[]) =>
  auth.length === 1 && /^Bearer[ \t]+demo-token[ \t]*$/i.test(auth[0]?.[1] ?? '');

describe('fuzzed requests on /api/v1', () => {
  it(
    'never answer 5xx, keep the one error shape, and leave the other organization untouched',
    async () => {
      const { mockState, app } = freshMock();
      const theirs = orgIdOf(mockState, OTHER_TOKEN);
      const ids = [...idsOf(mockState, orgIdOf(mockState, TOKEN)), ...idsOf(mockState, theirs)];
      const theirsBefore = snapshotOrganization(mockState, theirs);
      const body = fc.option(fc.tuple(contentType, hostileObject), { nil: undefined });

      await fc.assert(
        fc.asyncProperty(method, apiPath(ids), authorization, otherHeaders, body, async (verb, path, auth, extra, sent) => {
          const headers = [...auth, ...extra, ...(sent?.[0] === undefined ? [] : ([['content-type', sent[0]]] as [string, string][]))];
          const bytes = sent === undefined ? undefined : new TextEncoder().encode(sent[1]);

          const reply = await send(app, { method: verb, path, headers, body: bytes });

          expectWellFormed(reply, verb);
          // A CORS preflight carries no credentials by design, so it is answered without them.
          const preflight = verb.toUpperCase() === 'OPTIONS' && extra.some(([name]) => name === 'origin');
          if (underApi(path) && !sendsTheToken(auth) && !preflight) expect(reply.status).toBe(401);
          expectNoPollution();
          expectValidState(mockState);
          expect(snapshotOrganization(mockState, theirs)).toBe(theirsBefore);
          const list = await send(app, { method: 'GET', path: '/api/v1/tools', headers: jsonHeaders(TOKEN) });
          expect(list.status).toBe(200);
          expect(Array.isArray(list.body)).toBe(true);
        }),
        fuzzParameters(400),
      );
    },
    fuzzTimeout,
  );

  it(
    'answers 401 in the one shape for any authorization that is not exactly a known bearer token',
    async () => {
      const { app } = freshMock();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE'),
          apiPath([]).filter(underApi),
          authorization.filter((auth) => !sendsTheToken(auth)),
          async (verb, path, auth) => {
            const reply = await send(app, { method: verb, path, headers: auth });
            expect(reply.status).toBe(401);
            expect(reply.contentType).toMatch(/^application\/problem\+json/);
            expect(reply.body.title).toBe('Unauthorized');
          },
        ),
        fuzzParameters(150),
      );
    },
    fuzzTimeout,
  );
});
