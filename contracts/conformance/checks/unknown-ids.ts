/**
 * Deletes of ids no record has: the id is a fresh random UUID, so no
 * implementation holds a record it could remove. Still a DELETE, so not sent
 * in --read-only runs, which send only GET, HEAD and OPTIONS.
 */
import { answer } from '../matchers.js';
import { deleteBody, type ResourceFacts, unknownId } from '../resources.js';
import type { CheckInfo } from '../types.js';
import type { Probe } from './probe.js';

function checkFor(resource: ResourceFacts): CheckInfo & { statuses: number[] } {
  const how = resource.deleteSendsEmptyObject ? 'with the example body {}' : 'with no body';
  const listed = resource.deleteErrors.includes(404);
  // 404 is always accepted: a random id names no record. Where the spec lists other errors with no condition
  // (a server may answer 403 for ids it does not hold), those are accepted too.
  const statuses = [...new Set([...resource.deleteErrors, 404])].sort((a, b) => a - b);
  const common = {
    id: `${resource.name}.delete.unknown-id`,
    statuses,
    expected: `DELETE ${resource.path}/<random uuid> ${how} answers ${statuses.join(' or ')}`,
  };
  if (listed && resource.deleteErrors.length > 1) {
    // The spec lists more than one error and ties none of them to a condition: any of them is a refusal it allows.
    // That an unknown id gets one of them at all is read from the list, not stated: documented.
    return {
      ...common,
      source: 'documented',
      title: `a delete of an unknown ${resource.noun} id answers one of the errors listed for it`,
      basis: `${resource.deleteSection} and §7: ${resource.deleteErrors.join(' and ')} are listed for this delete, with no condition for either`,
    };
  }
  if (listed) {
    // §7 lists 404 for this delete without its condition ("other status codes and their conditions: not shown"):
    // that an unknown id gets it is read from the list, not stated, so documented (an idempotent 2xx conforms).
    return {
      ...common,
      source: 'documented',
      title: `a delete of an unknown ${resource.noun} id answers 404`,
      basis: `${resource.deleteSection} and §7: 404 Not Found Error is the only error listed for this delete, with no condition; a random id names no record`,
    };
  }
  // 404 is not listed for this delete: the spec ties its errors (403 for the assistant delete) to no missing record,
  // and says other statuses are not shown. So the expectation is only assumed, and 404 is accepted with them.
  return {
    ...common,
    source: 'assumed',
    title: `a delete of an unknown ${resource.noun} id answers ${statuses.join(' or ')}`,
    basis:
      resource.deleteErrors.length > 0
        ? `${resource.deleteSection} lists ${resource.deleteErrors.join(', ')} without a condition, and §7 says other statuses are not shown; assumed: a random id gets 404 or a listed error`
        : `${resource.deleteSection}; no errors are listed, assumed: 404 like the documented deletes`,
  };
}

/** A read-only probe of the delete of a random id of `resource`. */
export function unknownIdProbe(resource: ResourceFacts): Probe {
  const { statuses, ...check } = checkFor(resource);
  return {
    name: `${resource.name} delete of an unknown id`,
    // A DELETE, even of a random id: --read-only sends only GET, HEAD and OPTIONS.
    readOnly: false,
    checks: [check],
    async run(t) {
      const reply = await t.send({ method: 'DELETE', path: `${resource.path}/${unknownId()}`, body: deleteBody(resource) });
      t.verdict(check.id, statuses.includes(reply.status), answer(reply));
    },
  };
}
