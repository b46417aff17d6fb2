/**
 * §5 on a get: a record is not read without a token. Read-only: the record is
 * one the token's list holds (in a run that writes, the one the kit created
 * for each kind is among them), read first with the token to show the path
 * works, then without one.
 */
import { idsOf, tracesRecord } from '../matchers.js';
import type { ResourceFacts } from '../resources.js';
import { isSuccess } from '../target/http.js';
import { isAddressable, recordPath } from '../target/record-path.js';
import type { Probe } from './probe.js';
import { SPEC_RULES } from './spec-basis.js';
import { withArticle } from './words.js';

/** A read-only probe of the get of `resource` without a token. */
export function tokenlessGetProbe(resource: ResourceFacts): Probe {
  const id = `${resource.name}.get.needs-token`;
  const { path } = resource;
  return {
    name: `${resource.name} get without a token`,
    readOnly: true,
    checks: [
      {
        id,
        source: 'spec',
        title: `${withArticle(resource.noun)} cannot be read without a token`,
        expected: `GET ${path}/{id} without an Authorization header does not answer the record (how it refuses is not judged)`,
        basis: `§5: every operation takes the header "Authorization: Bearer <token>"; judged on a record the token's list holds, once GET ${path}/{id} with the token answers it (the path is assumed: the REST shape GET <collection>/{id})`,
        rule: SPEC_RULES.everyOperationTakesToken,
      },
    ],
    async run(t) {
      const list = await t.list(path);
      // The newest records are the kit's own seeds, where there are any: read those first.
      const candidates = idsOf(list.items).filter(isAddressable).reverse().slice(0, 3);
      if (candidates.length === 0) return t.skip(`the token's list of ${path} holds no record to read (${list.first.status})`);
      for (const candidate of candidates) {
        const url = recordPath(path, candidate);
        const own = await t.send({ method: 'GET', path: url });
        if (!t.isRecord(own, candidate)) continue;
        // An answer that shows nothing (a 5xx, a 429) or none at all ends the probe, the check not judged (probe.ts).
        const reply = await t.send({ method: 'GET', path: url, credentials: 'none' });
        const served = t.isRecord(reply, candidate);
        // An answer that is not the record as the kit reads it, yet holds its values (or, a 2xx, its id), may serve it
        // in another shape: a refusal is judged by what it holds, not by its status alone.
        const traced = tracesRecord(reply.text, t.record(own), isSuccess(reply.status) ? candidate : undefined);
        if (!served && traced)
          return t.skipCheck(
            id,
            `GET ${path}/{id} without a token answered ${reply.status} with the record's id or values in a shape the kit does not read as the record (give --record-pointer if it is wrapped)`,
          );
        return t.verdict(id, !served, `${reply.status}: the record ${candidate} was served`, t.record(reply));
      }
      t.skip(
        `GET ${path}/{id} with the token does not answer the record for any of ${candidates.length} listed ids, so the path is not known to work (give --record-pointer if the record is wrapped)`,
      );
    },
  };
}
