/** The checks of one resource's create → get → update → delete round trip, with their sources. */

import type { ResourceFacts } from '../resources.js';
import type { CheckInfo } from '../types.js';
import { SPEC_RULES } from './spec-basis.js';
import { withArticle } from './words.js';

const ASSUMED_PATHS =
  'assumed: the REST shape POST <collection>, GET/PATCH/DELETE <collection>/{id}, with bodies from the target’s OpenAPI examples';

/** The check ids of the round trip of `resource`. */
export function roundTripIds(resource: ResourceFacts) {
  const n = resource.name;
  return {
    createNeedsToken: `${n}.create.needs-token`,
    updateNeedsToken: `${n}.update.needs-token`,
    create: `${n}.create`,
    getAfterCreate: `${n}.get-after-create`,
    listAfterCreate: `${n}.list-after-create`,
    update: `${n}.update`,
    getAfterUpdate: `${n}.get-after-update`,
    deleteNeedsToken: `${n}.delete.needs-token`,
    deleteAccepted: `${n}.delete.accepts-example`,
    deleteEmpty: `${n}.delete.empty-object`,
    listAfterDelete: `${n}.list-after-delete`,
    getAfterDelete: `${n}.get-after-delete`,
  };
}

/** Declares the round-trip checks of `resource`; `delete.empty-object` only where the spec documents `{}`. */
export function roundTripChecks(resource: ResourceFacts): CheckInfo[] {
  const ids = roundTripIds(resource);
  const { path, name } = resource;
  const documentedDelete = resource.deleteErrors.length > 0;
  const how = resource.deleteSendsEmptyObject ? 'with {} and a JSON content type' : 'with no body';
  // §5's rule reached through a path the spec does not show: judged once the round trip has found the path working.
  const needsToken = (id: string, what: string, expected: string): CheckInfo => ({
    id,
    source: 'spec',
    title: `${withArticle(resource.noun)} cannot be ${what} without a token`,
    expected: `${expected} (how it refuses is not judged)`,
    basis: `§5: every operation takes the header "Authorization: Bearer <token>"; judged on the path the round trip found answering with the token (${ASSUMED_PATHS})`,
    rule: SPEC_RULES.everyOperationTakesToken,
  });
  const checks: CheckInfo[] = [
    needsToken(
      ids.createNeedsToken,
      'created',
      `POST ${path} with the example but without an Authorization header answers no created record`,
    ),
    needsToken(
      ids.updateNeedsToken,
      'changed',
      `PATCH ${path}/{id} with the example but without an Authorization header leaves the record as it was`,
    ),
    assumed(
      ids.create,
      `the published ${resource.noun} create example is accepted`,
      `POST ${path} answers 2xx, and the new record's id (top-level "id", at --id-pointer, in Location, or new in the list) is a UUID`,
    ),
    assumed(ids.getAfterCreate, 'a created record can be read back', `GET ${path}/{id} answers 2xx with the record of that id`),
    name === 'schemas'
      ? {
          id: ids.listAfterCreate,
          source: 'spec',
          title: 'a created schema appears in the schema list',
          expected: `GET ${path} includes the created id`,
          basis: '§4 List schemas: the list holds all schemas of the caller’s organization',
          rule: SPEC_RULES.schemaList,
        }
      : assumed(ids.listAfterCreate, `a created ${resource.noun} appears in the list`, `GET ${path} includes the created id`),
    assumed(
      ids.update,
      'the published update example is accepted',
      `PATCH ${path}/{id} answers 2xx; a record in the answer shows the sent values`,
    ),
    assumed(ids.getAfterUpdate, 'an update is visible on the next read', `GET ${path}/{id} shows the values sent by PATCH`),
    {
      id: ids.deleteNeedsToken,
      source: 'spec',
      title: `${withArticle(resource.noun)} cannot be deleted without a token`,
      expected: `DELETE ${path}/{id} ${how} but without an Authorization header leaves the record in place (how it answers is not judged)`,
      basis: documentedDelete
        ? `§5: every operation takes the header "Authorization: Bearer <token>"; ${resource.deleteSection} is one of them`
        : `§5: every operation takes the bearer header; this delete's path is not in the spec, so it is judged once the delete with the token shows the path works (${ASSUMED_PATHS})`,
      rule: SPEC_RULES.everyOperationTakesToken,
    },
    documentedDelete
      ? {
          id: ids.deleteAccepted,
          source: 'spec',
          title: `the ${resource.noun} delete accepts the spec’s example request`,
          expected: `DELETE ${path}/{id} ${how} answers 2xx`,
          basis: `${resource.deleteSection}: the request is the path id ${how === 'with no body' ? 'and no body' : 'and, in the example, an empty JSON object with a JSON content type'}`,
          rule: resource.deleteSendsEmptyObject ? SPEC_RULES.deleteExampleEmptyObject : SPEC_RULES.deleteToolNoBody,
        }
      : assumed(ids.deleteAccepted, 'a created record can be deleted', `DELETE ${path}/{id} ${how} answers 2xx`),
  ];
  if (resource.deleteAnswersEmptyObject) {
    checks.push({
      id: ids.deleteEmpty,
      source: 'spec',
      title: `the ${resource.noun} delete answers an empty JSON object`,
      expected: 'the delete answers the body {} (its content type is not judged: the spec does not give one)',
      basis: `${resource.deleteSection}: the success response is an empty JSON object`,
      rule: SPEC_RULES.deleteAnswersEmptyObject,
    });
  }
  checks.push(
    name === 'sip-trunks'
      ? {
          id: ids.listAfterDelete,
          source: 'spec',
          title: 'a deleted ordinary trunk is gone from the list',
          expected: `GET ${path} no longer includes the deleted id`,
          basis:
            '§3 rule 2: when a trunk without isSystem=true is deleted, the trunk is removed (the clean-up at the telephony provider the rule also names cannot be seen through this API and is not judged)',
          rule: SPEC_RULES.ordinaryDeleteRemoves,
        }
      : assumed(ids.listAfterDelete, 'a deleted record is gone from the list', `GET ${path} no longer includes the deleted id`),
    assumed(ids.getAfterDelete, 'a deleted record answers 404', `GET ${path}/{id} answers 404 (or 410 Gone) after the delete`),
  );
  return checks;
}

function assumed(id: string, title: string, expected: string): CheckInfo {
  return { id, source: 'assumed', title, expected, basis: `not in the spec (create, get and update are named only); ${ASSUMED_PATHS}` };
}
