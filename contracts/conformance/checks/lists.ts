/**
 * The other four lists: their path and shape are assumed; an id they show is a UUID by §2, and a trunk's isSystem,
 * where shown, a boolean. Their payload is not shown, so an item may leave either out.
 */

import { answer, isUuid } from '../matchers.js';
import type { ResourceFacts } from '../resources.js';
import { isSuccess } from '../target/http.js';
import { judgeListField } from './list-fields.js';
import type { Probe } from './probe.js';
import { SPEC_RULES } from './spec-basis.js';

/** A read-only probe of one list (`GET /api/v1/<resource>`). */
export function listProbe(resource: ResourceFacts): Probe {
  const arrayId = `${resource.name}.list.json-array`;
  const idsId = `${resource.name}.list.ids-uuid`;
  const flagId = (flag: string) => `${resource.name}.list.field.${flag}`;
  return {
    name: `${resource.name} list`,
    readOnly: true,
    checks: [
      {
        id: arrayId,
        source: 'assumed',
        title: `the ${resource.noun} list answers a JSON list`,
        expected: `GET ${resource.path} answers 2xx and a JSON array: bare, at --list-pointer, or as the one array among "data", "items" and "results" of an object`,
        basis: `§4 names the ${resource.noun} list without its path or shape; assumed: the same path as the documented schema list, and a JSON array in the answer`,
      },
      {
        id: idsId,
        source: 'spec',
        title: `every ${resource.noun} has a UUID id`,
        expected: `each item of GET ${resource.path} that shows "id" has a string in UUID format there`,
        basis: '§2: all identifiers are strings in UUID format',
        rule: SPEC_RULES.idsAreUuids,
      },
      ...resource.flags.map((flag) => ({
        id: flagId(flag),
        source: 'spec' as const,
        title: `every ${resource.noun} record has "${flag}" as a boolean`,
        expected: `each item of GET ${resource.path} that shows "${flag}" has true or false there`,
        basis: `§2 and §3: the ${resource.noun} record carries the boolean flag ${flag}`,
        rule: SPEC_RULES.isSystemFlag,
      })),
    ],
    async run(t) {
      // Every page: a field is judged on every record the list holds.
      const read = await t.list(resource.path);
      const reply = read.first;
      const records = isSuccess(reply.status) ? read.items : undefined;
      t.verdict(arrayId, records !== undefined, answer(reply));
      if (records === undefined) return t.skip(`GET ${resource.path} did not answer a JSON list, so its records cannot be read`);
      if (records.length === 0) return t.skip('the list is empty');
      const list = { items: records, whole: read.whole, ...(read.why !== undefined ? { why: read.why } : {}) };
      judgeListField(t, idsId, list, 'id', isUuid, 'passes');
      for (const flag of resource.flags) judgeListField(t, flagId(flag), list, flag, (value) => typeof value === 'boolean', 'passes');
    },
  };
}
