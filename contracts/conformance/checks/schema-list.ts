/** The schema list: the one list whose shape the spec gives, field by field (§2, §4). */

import { answer, isIsoUtc, isPlainObject, isUuid } from '../matchers.js';
import { SCHEMA_LIST_PATH } from '../resources.js';
import { isSuccess } from '../target/http.js';
import type { CheckInfo } from '../types.js';
import { judgeListField } from './list-fields.js';
import type { Probe, ProbeRun } from './probe.js';
import { SPEC_RULES, schemaFieldRule } from './spec-basis.js';

const PATH = SCHEMA_LIST_PATH;

interface FieldRule {
  field: string;
  type: string;
  test(value: unknown): boolean;
}

const isString = (value: unknown) => typeof value === 'string';
const fields: FieldRule[] = [
  { field: 'id', type: 'a string in UUID format', test: isUuid },
  { field: 'name', type: 'a string', test: isString },
  { field: 'type', type: 'a string', test: isString },
  { field: 'description', type: 'a string', test: isString },
  {
    field: 'properties',
    type: 'an object mapping each property name to a type name (a string)',
    test: (value) => isPlainObject(value) && Object.values(value).every(isString),
  },
  { field: 'isLocked', type: 'a boolean', test: (value) => typeof value === 'boolean' },
  { field: 'createdAt', type: 'an ISO 8601 timestamp in UTC', test: isIsoUtc },
  { field: 'updatedAt', type: 'an ISO 8601 timestamp in UTC', test: isIsoUtc },
];

const arrayCheck: CheckInfo = {
  id: 'schemas.list.json-array',
  source: 'spec',
  title: 'the schema list answers a JSON array',
  expected: `GET ${PATH} answers 2xx and a plain JSON array (its content type is not judged: the spec does not give one)`,
  basis: '§4 List schemas: the answer is a JSON array of schema records, all schemas of the caller’s organization',
  rule: SPEC_RULES.schemaList,
};

const fieldChecks: CheckInfo[] = fields.map((rule) => ({
  id: `schemas.list.field.${rule.field}`,
  source: 'spec',
  title: `every schema record has "${rule.field}" as ${rule.type}`,
  expected: `each item of GET ${PATH} has "${rule.field}": ${rule.type}`,
  basis: `§2 Schema record: field "${rule.field}" is ${rule.type}${rule.field === 'id' ? ' (all identifiers are UUID strings)' : ''}`,
  rule: schemaFieldRule(rule.field),
}));

/** Lists the schemas (creating one from the published example when the list is empty and writes are allowed). */
export const schemaListProbe: Probe = {
  name: 'schema list',
  readOnly: true,
  checks: [arrayCheck, ...fieldChecks],
  async run(t: ProbeRun) {
    // Every page: each record's fields are judged.
    let read = await t.list(PATH);
    const isArray = isSuccess(read.first.status) && Array.isArray(read.first.body);
    t.verdict(arrayCheck.id, isArray, answer(read.first));
    if (!isArray) return t.skip('the schema list did not answer a JSON array');
    if ((read.items ?? []).length === 0 && !t.ctx.readOnly) {
      await t.create(PATH);
      read = await t.list(PATH);
    }
    const records = read.items ?? [];
    if (records.length === 0) return t.skip('the organization has no schemas to look at');
    const list = { items: records, whole: read.whole, ...(read.why !== undefined ? { why: read.why } : {}) };
    for (const rule of fields) judgeListField(t, `schemas.list.field.${rule.field}`, list, rule.field, rule.test);
  },
};
