/**
 * Organizations are apart (§5: the token identifies the organization whose
 * resources are listed): a record the first token's organization created is
 * not listed for the second token's (spec), nor readable, changed or deletable
 * by it (assumed: the spec says only whose records are listed). Only
 * records the kit created are looked for: records both lists hold (built-in
 * schemas or trunks a platform shares) are not the spec's to forbid.
 */

import { updateExample } from '../context.js';
import { answer, holdsId, idLookup, idsOf, idsReadable, tracesRecord } from '../matchers.js';
import { deleteBody, type ResourceFacts } from '../resources.js';
import { noExampleReason } from '../target/examples.js';
import { isRefusal, isSuccess } from '../target/http.js';
import { isAddressable, recordPath } from '../target/record-path.js';
import type { CheckInfo } from '../types.js';
import type { Probe, ProbeRun } from './probe.js';
import { listed, recordPresence } from './record-presence.js';
import { SPEC_RULES } from './spec-basis.js';
import { judgeApart } from './tenancy-apart.js';
import { acceptedNotYetSeen, answerOf, unauthorizedUpdate } from './tokenless.js';
import { withArticle } from './words.js';

const BASIS = '§5: the token identifies the organization whose resources are listed; a record created with another token is not among them';

function checksFor(resource: ResourceFacts): CheckInfo[] {
  const { name, path } = resource;
  const checks: CheckInfo[] = [
    {
      id: `tenancy.${name}.apart`,
      source: 'spec',
      title: `the two organizations' ${resource.noun} lists share no record of either's`,
      expected: `GET ${path} with token2 holds no record the kit created with token, on any page; a pass needs both lists read whole, each holding a record the other does not, and token's list showing the kit's records where it created any; a record both hold that the kit did not create may be one the platform shares: noted, never failed (with none of the kit's to tell by, as in --read-only, not judged)`,
      basis: `${BASIS}; creates nothing, so it is judged in --read-only runs too; the spec does not forbid records a platform shows every organization, so only a record the kit created shows a leak`,
      rule: SPEC_RULES.tokenNamesOrganization,
    },
    {
      id: `tenancy.${name}.list`,
      source: 'spec',
      title: `${withArticle(resource.noun)} one organization created is not in the other's list`,
      expected: `GET ${path} with token2 does not hold the id of a record just created with token`,
      basis: BASIS,
      rule: SPEC_RULES.tokenNamesOrganization,
    },
    {
      id: `tenancy.${name}.get`,
      // A get is named only (§4): what it answers for another organization's record is not shown.
      source: 'assumed',
      title: `${withArticle(resource.noun)} of one organization cannot be read with the other's token`,
      expected: `GET ${path}/{id of token's record} with token2 does not answer the record (how it refuses is not judged)`,
      basis: `§4 names the get only; assumed from §5 (the token names the organization): another organization's record is not served`,
    },
    {
      id: `tenancy.${name}.update`,
      // §5 says only whose records a token lists; what another organization's update does is not stated.
      source: 'assumed',
      title: `${withArticle(resource.noun)} of one organization cannot be changed with the other's token`,
      expected: `after PATCH ${path}/{id of token's record} with token2 and the update example, the record read with token shows none of its values`,
      // Read from §5 like the delete: what the refusal answers is not judged, only that the record stays as it was.
      basis: `§5 says only whose records a token lists; assumed from it: another organization's token changes nothing of them`,
    },
    {
      id: `tenancy.${name}.delete`,
      // Like the update: no spec sentence says what another organization's delete does.
      source: 'assumed',
      title: `${withArticle(resource.noun)} of one organization cannot be deleted with the other's token`,
      expected: `after DELETE ${path}/{id of token's record} with token2, the record is still there for token`,
      basis: `§5 says only whose records a token lists; assumed from it: another organization's token deletes none of them`,
    },
  ];
  // How the refusal answers is not the isolation itself: a status the spec lists for the delete where it lists any,
  // otherwise (an idempotent server could answer 2xx and remove nothing) only assumed to be an error.
  if (resource.deleteErrors.length === 0) {
    checks.push({
      id: `tenancy.${name}.delete-refused`,
      source: 'assumed',
      title: `the cross-organization delete of ${withArticle(resource.noun)} answers a 4xx refusal`,
      expected: `DELETE ${path}/{id of token's record} with token2 answers a 4xx refusal`,
      basis: `${resource.deleteSection} lists no errors for this delete; assumed: a refused delete says so`,
    });
  } else {
    // 404 is accepted too: to the other organization the record is not there, and where the spec lists only 403
    // (the assistant delete) it ties it to no missing record, so that reading is only assumed.
    const statuses = [...new Set([...resource.deleteErrors, 404])].sort((a, b) => a - b);
    checks.push({
      id: `tenancy.${name}.delete-status`,
      source: resource.deleteErrors.includes(404) ? 'documented' : 'assumed',
      title: `the refused cross-organization delete uses a status listed for it`,
      expected: `the refusal's status is ${statuses.join(' or ')}`,
      basis: resource.deleteErrors.includes(404)
        ? `${resource.deleteSection} lists ${resource.deleteErrors.join(' and ')} as its errors`
        : `${resource.deleteSection} lists ${resource.deleteErrors.join(', ')} without a condition, and §7 says other statuses are not shown; assumed: a listed error or 404`,
    });
  }
  return checks;
}

/** A probe of one resource across two organizations; it creates (and removes) a record unless the run is read-only. */
export function tenancyProbe(resource: ResourceFacts): Probe {
  const n = resource.name;
  return {
    name: `${n} across organizations`,
    readOnly: true,
    needsToken2: true,
    checks: checksFor(resource),
    async run(t) {
      const list2 = await judgeApart(t, resource);
      const created = await createOwn(t, resource);
      if (created === undefined) {
        t.skipCheck(
          `tenancy.${n}.list`,
          t.ctx.readOnly ? 'the kit looks for a record it created, and --read-only creates none' : 'no record could be created to look for',
        );
      } else {
        // Read again: the record was created after the first read. Held on any page fails; absent counts only from the whole
        // list, and only when the first organization's list, read the same way, shows it (a positive control). The
        // control comes first, so that the other organization's list is read once the write shows.
        const own = await t.list(resource.path);
        const after = await t.list(resource.path, 'token2');
        if (after.items !== undefined && holdsId(after.items, created))
          t.verdict(`tenancy.${n}.list`, false, `token2's list holds ${created}`, created);
        else if (!(own.items !== undefined && holdsId(own.items, created)))
          t.skipCheck(
            `tenancy.${n}.list`,
            `the first organization's own list, read the same way, does not show the record just created (${own.whole ? 'read whole' : own.why}), so its absence from the other's list proves nothing`,
          );
        else if (after.items !== undefined && after.whole && idsReadable(after.items)) t.verdict(`tenancy.${n}.list`, true, '');
        else
          t.skipCheck(
            `tenancy.${n}.list`,
            after.items !== undefined && after.whole
              ? `GET ${resource.path} with token2 holds items without an id the kit reads, so the record's absence shows nothing`
              : `GET ${resource.path} with token2 was not read whole: ${after.why}`,
          );
      }
      // Without a record of its own, one the first organization lists and the second's whole list does not (not a shared built-in).
      const list1 = created === undefined ? await t.list(resource.path) : undefined;
      const apart = list2.items !== undefined && list2.whole && idsReadable(list2.items) ? list2.items : undefined;
      const apartHolds = apart && idLookup(apart);
      const id = created ?? (apartHolds && idsOf(list1?.items).find((candidate) => !apartHolds(candidate) && isAddressable(candidate)));
      if (id === undefined) {
        const why =
          apart === undefined
            ? `the second organization's list was not read whole (${list2.why})`
            : `the first organization lists no ${resource.noun} that the second does not`;
        return t.skip(why);
      }
      const url = recordPath(resource.path, id);
      const own = await t.send({ method: 'GET', path: url });
      if (!t.isRecord(own, id)) {
        return t.skip(
          `GET ${resource.path}/{id} does not answer the record even to its own organization (${own.status}; give --record-pointer if it is wrapped)`,
        );
      }
      // Served only if the answer is the record: a 200 that is not it serves nothing of the first organization.
      await t.judging([`tenancy.${n}.get`], async () => {
        const other = await t.send({ method: 'GET', path: url, credentials: 'token2' });
        if (!t.isRecord(other, id) && tracesRecord(other.text, t.record(own), isSuccess(other.status) ? id : undefined))
          t.skipCheck(
            `tenancy.${n}.get`,
            `GET ${resource.path}/{id} with the second token answered ${other.status} with the record's id or values in a shape the kit does not read as the record (give --record-pointer if it is wrapped)`,
          );
        else t.verdict(`tenancy.${n}.get`, !t.isRecord(other, id), answer(other));
      });
      if (created === undefined) {
        return t.skip(
          t.ctx.readOnly
            ? 'deletes are tried only on records the kit created, and --read-only creates none'
            : 'no record could be created to try the delete on',
        );
      }
      const example = updateExample(t.ctx, resource.path);
      await t.judging([`tenancy.${n}.update`], async () => {
        const changed = example ? await unauthorizedUpdate(t, url, example, 'token2') : undefined;
        if (changed === undefined) {
          t.skipCheck(
            `tenancy.${n}.update`,
            example
              ? `GET ${url} did not answer the record around the other organization's update, or the example changes no field it shows steadily`
              : noExampleReason(t.ctx.examples, `PATCH ${resource.path}/{id}`),
          );
        } else if (changed.changed === undefined)
          t.skipCheck(`tenancy.${n}.update`, acceptedNotYetSeen('update with token2', changed.answer));
        else t.verdict(`tenancy.${n}.update`, !changed.changed, `update with token2: ${changed.answer}`);
      });
      const listedBefore = (await listed(t, resource.path, id)).holds;
      // Whatever the answer, the record is read back: gone is evidence on its own; still there counts only after a refusal.
      const sent = await t.attempt({ method: 'DELETE', path: url, credentials: 'token2', body: deleteBody(resource) });
      const refused = sent.reply;
      const what = sent.nothing ?? answerOf(refused);
      const { state, seen } = await recordPresence(t, resource.path, id, listedBefore, sent.answeredAt, sent.settleMs);
      if (state === 'unknown') t.skipCheck(`tenancy.${n}.delete`, `after the other organization's delete, ${seen}`);
      else if (state === 'there' && (refused === undefined || sent.nothing !== undefined || !isRefusal(refused.status)))
        t.skipCheck(
          `tenancy.${n}.delete`,
          `delete: ${what}; then ${seen}, but that answer is no refusal: the delete may yet be carried out after --settle-ms`,
        );
      else t.verdict(`tenancy.${n}.delete`, state === 'there', `delete: ${what}; then ${seen}`);
      const statusCheck = `tenancy.${n}.${resource.deleteErrors.length === 0 ? 'delete-refused' : 'delete-status'}`;
      if (refused === undefined || sent.nothing !== undefined) t.skipCheck(statusCheck, `the delete: ${what}`);
      else if (resource.deleteErrors.length === 0) t.verdict(statusCheck, isRefusal(refused.status), answer(refused));
      else t.verdict(statusCheck, [...resource.deleteErrors, 404].includes(refused.status), answer(refused));
    },
  };
}

async function createOwn(t: ProbeRun, resource: ResourceFacts): Promise<string | undefined> {
  if (t.ctx.readOnly || !t.ctx.examples.create(resource.path)) return undefined;
  const { id } = await t.tryCreate(resource.path);
  return id;
}
