/** Authentication (§5): every operation takes a bearer token; without one, nothing is served. */
import { isRefusal, isSuccess } from '../http.js';
import { answer, idsOf, sameId } from '../matchers.js';
import type { Probe } from '../probe.js';
import { type ResourceFacts, unknownId } from '../resources.js';

/** A read-only probe: the list of `resource` without a token is refused. */
export function missingTokenProbe(resource: ResourceFacts): Probe {
  const id = `auth.missing-token.${resource.name}`;
  return {
    name: `${resource.name} without a token`,
    readOnly: true,
    checks: [
      {
        id,
        source: 'spec',
        title: `the ${resource.noun} list is not served without a token`,
        expected: `GET ${resource.path} without an Authorization header does not answer the records the token's list holds (how it refuses is not judged)`,
        basis:
          '§5: every operation takes the header "Authorization: Bearer <token>", and the token identifies whose resources are listed; without it, no organization is named',
      },
    ],
    async run(t) {
      const withToken = await t.send({ method: 'GET', path: resource.path });
      if (!isSuccess(withToken.status)) return t.skip(`GET ${resource.path} does not answer even with the token (${withToken.status})`);
      const theirs = idsOf(withToken.body);
      // Records the token's list holds are what must not be served without it: with none, nothing can be told.
      if (theirs.length === 0)
        return t.skip(`the token's ${resource.noun} list is empty, so there is nothing that could be served without it`);
      const reply = await t.sendExpectingRefusal({ method: 'GET', path: resource.path, credentials: 'none' });
      if (reply === undefined) return t.verdict(id, true, '');
      const served = isSuccess(reply.status) ? idsOf(reply.body).filter((recordId) => theirs.some((own) => sameId(recordId, own))) : [];
      t.verdict(id, served.length === 0, `${answer(reply)}; it holds ${served.length} of the token's records`);
    },
  };
}

/** A read-only probe: a token that names no organization is refused. */
export const unknownTokenProbe: Probe = {
  name: 'unknown token',
  readOnly: true,
  checks: [
    {
      id: 'auth.unknown-token',
      source: 'assumed',
      title: 'a token that names no organization is refused',
      expected: 'GET /api/v1/schemas with a random bearer token answers a 4xx refusal (such as 401 or 403)',
      basis: '§5 says the token identifies the organization but not what happens to one that identifies none; assumed: it is refused',
    },
  ],
  async run(t) {
    const reply = await t.send({ method: 'GET', path: '/api/v1/schemas', credentials: { bearer: `not-a-token-${unknownId()}` } });
    t.verdict('auth.unknown-token', isRefusal(reply.status), answer(reply));
  },
};
