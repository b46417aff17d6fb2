/** Authentication (§5): every operation takes a bearer token; without one, nothing is served. */

import { answer, idLookup, idsOf, isUuid } from '../matchers.js';
import { type ResourceFacts, unknownId } from '../resources.js';
import { isRefusal, isSuccess } from '../target/http.js';
import type { Probe } from './probe.js';
import { SPEC_RULES } from './spec-basis.js';

const WITHOUT = {
  missing: { phrase: 'without a token', request: 'without an Authorization header', credentials: () => 'none' as const },
  unknown: {
    phrase: 'with a token that names no organization',
    request: 'with a random bearer token',
    credentials: () => ({ bearer: `not-a-token-${unknownId()}` }),
  },
};

/**
 * A read-only probe: the list of `resource`, asked without a token or with a
 * token no organization holds, serves none of the records the token's list
 * (and, given --token2, the second token's) holds. How it refuses is not
 * judged here.
 */
export function refusedTokenProbe(resource: ResourceFacts, kind: keyof typeof WITHOUT): Probe {
  const id = `auth.${kind}-token.${resource.name}`;
  const { phrase, request, credentials } = WITHOUT[kind];
  return {
    name: `${resource.name} ${phrase}`,
    readOnly: true,
    checks: [
      {
        id,
        source: 'spec',
        title: `the ${resource.noun} list is not served ${phrase}`,
        expected: `GET ${resource.path} ${request} does not answer the records the token's (or token2's) list holds (how it refuses is not judged)`,
        basis:
          kind === 'missing'
            ? '§5: every operation takes the header "Authorization: Bearer <token>", and the token identifies whose resources are listed; without it, no organization is named'
            : '§5: the token identifies whose resources are listed; a token no organization holds names none of them',
        rule: kind === 'missing' ? SPEC_RULES.everyOperationTakesToken : SPEC_RULES.tokenNamesOrganization,
      },
    ],
    async run(t) {
      const withToken = await t.list(resource.path);
      if (!isSuccess(withToken.first.status))
        return t.skip(`GET ${resource.path} does not answer even with the token (${withToken.first.status})`);
      const withToken2 = t.ctx.target.token2 === undefined ? undefined : await t.list(resource.path, 'token2');
      const theirs = [...idsOf(withToken.items), ...(withToken2 ? idsOf(withToken2.items) : [])];
      // Records the tokens' lists hold are what must not be served without them: with none, nothing can be told.
      if (theirs.length === 0) {
        const shown = `${withToken.first.status} ${withToken.first.contentType ?? '(no content type)'}`;
        return t.skip(`the token's ${resource.noun} list holds no ids (${shown}), so there is nothing that could be served ${phrase}`);
      }
      // An answer that shows nothing (a 5xx, a 429) or none at all ends the probe, the check not judged (probe.ts).
      const reply = await t.send({ method: 'GET', path: resource.path, credentials: credentials() });
      // Served: the answer names one of the tokens' records, in whatever shape it has and whatever its status (a 401
      // that carries the list serves it). Not served is known only once every page of it was read.
      const servedIn = (text: string) => {
        // UUIDs are looked up among those the text holds; other ids (few, in practice) are searched for.
        const lower = text.toLowerCase();
        const written = new Set(lower.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []);
        return theirs.filter((own) => written.has(own.toLowerCase()) || (!isUuid(own as unknown) && lower.includes(own.toLowerCase())));
      };
      const served = servedIn(reply.text);
      if (served.length > 0) return t.verdict(id, false, `${answer(reply)}; it holds ${served.length} of the tokens' records`, served);
      if (!isSuccess(reply.status)) return t.verdict(id, true, '');
      const whole = await t.list(resource.path, credentials());
      const theirsHold = idLookup(theirs.map((id) => ({ id })));
      const later = idsOf(whole.items).filter(theirsHold);
      if (later.length > 0)
        return t.verdict(id, false, `${answer(reply)}; its later pages hold ${later.length} of the tokens' records`, later);
      if (whole.items === undefined)
        return t.skipCheck(
          id,
          `the answer ${phrase} (${answer(reply)}) could not be read as a list, so whether it holds the tokens' records on later pages is not known`,
        );
      if (!whole.whole) return t.skipCheck(id, `the answer ${phrase} is a list with more pages the kit could not read: ${whole.why}`);
      // Records the kit cannot place are the tokens' own only if the tokens' lists, read whole, do not hold them.
      const partial = [withToken, withToken2].find((read) => read !== undefined && !read.whole);
      if (partial !== undefined && idsOf(whole.items).length > 0)
        return t.skipCheck(
          id,
          `the answer ${phrase} lists records, and the ${partial === withToken ? "token's" : "second token's"} list was not read whole (${partial.why}), so whether they are its records is not known`,
        );
      t.verdict(id, true, '');
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
