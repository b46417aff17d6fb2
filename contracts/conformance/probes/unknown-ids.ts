/**
 * Deletes of ids no record has. Safe in --read-only runs: the id is a fresh
 * random UUID, so no implementation holds a record it could remove.
 */
import { answer } from '../matchers.js';
import type { Probe } from '../probe.js';
import { deleteBody, type ResourceFacts, unknownId } from '../resources.js';
import type { CheckInfo } from '../types.js';

function checkFor(resource: ResourceFacts): CheckInfo & { statuses: number[] } {
  const id = `${resource.name}.delete.unknown-id`;
  const how = resource.deleteSendsEmptyObject ? 'with the example body {}' : 'with no body';
  if (resource.deleteErrors.includes(404)) {
    return {
      id,
      source: 'spec',
      statuses: [404],
      title: `a delete of an unknown ${resource.noun} id answers 404`,
      expected: `DELETE ${resource.path}/<random uuid> ${how} answers 404`,
      basis: `${resource.deleteSection} and §7: 404 Not Found Error is listed for this delete; a random id names no record`,
    };
  }
  if (resource.deleteErrors.length > 0) {
    return {
      id,
      source: 'documented',
      statuses: resource.deleteErrors,
      title: `a delete of an unknown ${resource.noun} id answers an error the spec lists for it`,
      expected: `DELETE ${resource.path}/<random uuid> ${how} answers ${resource.deleteErrors.join(' or ')}`,
      basis: `${resource.deleteSection}: the only error listed is ${resource.deleteErrors.join(', ')}, so an unknown id should get it`,
    };
  }
  return {
    id,
    source: 'assumed',
    statuses: [404],
    title: `a delete of an unknown ${resource.noun} id answers 404`,
    expected: `DELETE ${resource.path}/<random uuid> ${how} answers 404`,
    basis: `${resource.deleteSection}; no errors are listed, assumed: 404 like the documented deletes`,
  };
}

/** A read-only probe of the delete of a random id of `resource`. */
export function unknownIdProbe(resource: ResourceFacts): Probe {
  const { statuses, ...check } = checkFor(resource);
  return {
    name: `${resource.name} delete of an unknown id`,
    readOnly: true,
    checks: [check],
    async run(t) {
      const reply = await t.send({ method: 'DELETE', path: `${resource.path}/${unknownId()}`, body: deleteBody(resource) });
      t.verdict(check.id, statuses.includes(reply.status), answer(reply));
    },
  };
}
