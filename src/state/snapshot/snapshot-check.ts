/**
 * Whether a snapshot is one the mock can load, at a cost bounded before any
 * element is parsed (see `checkState`). The import is in snapshot.ts.
 */
import type { z } from '@hono/zod-openapi';
import { counted } from '../../domain/english.js';
import { ProblemList } from '../../domain/problem-list.js';
import type { Problem, ResourceKind } from '../../domain/resource.js';
import { resourceKinds, resources } from '../../domain/resources/index.js';
import { trunkConfigurationSchema } from '../../domain/telephony.js';
import { describeIssues } from '../../domain/validate.js';
import { organizationEnvelope, SNAPSHOT_BOUNDS, type State, stateEnvelope } from './snapshot-schema.js';
import { upgradeRecord } from './upgrade.js';

/**
 * Every record must be one the store could hold; every problem is listed with
 * its place. The records come back as parsed, with their defaults filled in.
 * What it costs is bounded before any element is parsed: each list is counted
 * against its bound first (one problem for a list over it), then elements are
 * checked one at a time until 50 problems are found (zod, given a whole
 * list, would make an issue per bad element, as many as the body holds).
 */
export function checkState(input: unknown): { ok: true; value: State } | { ok: false; problems: ProblemList } {
  const problems = boundProblems(input);
  if (problems.count > 0) return { ok: false, problems };
  // The lists' elements are checked below, one at a time: the envelopes see them as empty lists.
  const envelope = stateEnvelope.safeParse(withEmptyLists(input, ['format', 'version', 'savedAt'], ['organizations', 'telephony']));
  if (!envelope.success) problems.addList(describeIssues(envelope.error.issues, input));
  const raw = input as { organizations?: unknown; telephony?: unknown };
  const organizations = checkEach(raw.organizations, organizationEnvelope, ['organizations'], problems, organizationWithEmptyLists);
  const telephony = checkEach(raw.telephony, trunkConfigurationSchema, ['telephony'], problems);
  organizations.forEach((organization, index) => {
    if (organization === undefined) return;
    const written = (raw.organizations as { records: Record<string, unknown[]> }[])[index]?.records ?? {};
    for (const def of resources) {
      if (!Object.hasOwn(written, def.kind)) continue;
      // A copy: the records are replaced by their parsed form, and the snapshot given stays as it was.
      const records = (written[def.kind] as unknown[]).slice();
      organization.records[def.kind as ResourceKind] = records as Record<string, unknown>[];
      for (const [position, record] of records.entries()) {
        // Each record costs a parse: once the list is full, the rest go unchecked, so a broken snapshot costs a bounded time.
        if (problems.full) {
          problems.stopped = true;
          break;
        }
        const checked = def.stored.safeParse(upgradeRecord(def, record));
        if (checked.success) {
          // What a create generates (a webhook's secret) is generated for a record written without it, as a create would.
          const stored = def.complete ? def.complete(checked.data) : (checked.data as Record<string, unknown>);
          records[position] = inOrderOf(record, stored);
          continue;
        }
        problems.addList(describeIssues(checked.error.issues, record), ['organizations', index, 'records', def.kind, position]);
      }
    }
  });
  if (!envelope.success || problems.count > 0) return { ok: false, problems };
  return {
    ok: true,
    value: { ...envelope.data, organizations: organizations as State['organizations'], telephony: telephony as State['telephony'] },
  };
}

/**
 * `value` with only the keys `kept` and `lists` (those it has), each list of `lists` as an empty list: what an
 * envelope schema checks, without an element of the lists (zod would visit each, a million zeros included).
 */
function withEmptyLists(value: unknown, kept: readonly string[], lists: readonly string[]): unknown {
  if (!isObject(value)) return value;
  const fields: Record<string, unknown> = {};
  for (const key of kept) if (Object.hasOwn(value, key)) fields[key] = value[key];
  for (const key of lists) if (Object.hasOwn(value, key)) fields[key] = Array.isArray(value[key]) ? [] : value[key];
  return fields;
}

/** An organization as its envelope checks it: its records' lists empty (boundProblems has counted its keys). */
function organizationWithEmptyLists(value: unknown): unknown {
  const organization = withEmptyLists(value, ['id', 'name', 'token', 'plan'], []);
  if (!isObject(value) || !isObject(organization)) return organization;
  if (Object.hasOwn(value, 'records')) {
    const { records } = value;
    organization.records = isObject(records) ? withEmptyLists(records, [], Object.keys(records)) : records;
  }
  return organization;
}

/** Each element of `list` (when it is a list) parsed on its own, until the problems are full; a failed one is undefined. */
function checkEach<S extends z.ZodType>(
  list: unknown,
  schema: S,
  at: Problem['path'],
  problems: ProblemList,
  prepare: (element: unknown) => unknown = (element) => element,
): (z.output<S> | undefined)[] {
  if (!Array.isArray(list)) return [];
  const parsed: (z.output<S> | undefined)[] = [];
  for (const [index, element] of list.entries()) {
    if (problems.full) {
      problems.stopped = true;
      break;
    }
    const one = schema.safeParse(prepare(element));
    parsed.push(one.success ? one.data : undefined);
    if (!one.success) problems.addList(describeIssues(one.error.issues, element), [...at, index]);
  }
  return parsed;
}

/** Lists over their bound (SNAPSHOT_BOUNDS), each one problem; counted without parsing an element. */
function boundProblems(input: unknown): ProblemList {
  const problems = new ProblemList();
  if (!isObject(input)) return problems;
  const over = (list: unknown, max: number, path: Problem['path'], what: string) => {
    if (Array.isArray(list) && list.length > max) problems.add({ path, message: `At most ${counted(max, what)} (got ${list.length}).` });
  };
  over(input.organizations, SNAPSHOT_BOUNDS.organizations, ['organizations'], 'organization');
  over(input.telephony, SNAPSHOT_BOUNDS.telephony, ['telephony'], 'trunk configuration');
  if (problems.count > 0 || !Array.isArray(input.organizations)) return problems;
  for (const [index, organization] of input.organizations.entries()) {
    if (problems.full) break;
    if (!isObject(organization) || !isObject(organization.records)) continue;
    const { records } = organization;
    const kinds = Object.keys(records).length;
    if (kinds > resourceKinds.length) {
      problems.add({
        path: ['organizations', index, 'records'],
        message: `Holds one list per kind (${resourceKinds.join(', ')}); got ${kinds} keys.`,
      });
      continue;
    }
    for (const kind of resourceKinds) {
      if (Object.hasOwn(records, kind)) {
        over(records[kind], SNAPSHOT_BOUNDS.recordsPerKind, ['organizations', index, 'records', kind], 'record');
      }
    }
  }
  return problems;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The parsed record with its keys in the order the snapshot wrote them (zod
 * gives its schema's order), then any it filled in: a record exported and
 * loaded again, as across a restart with a state file, answers as before.
 */
function inOrderOf(written: unknown, parsed: Record<string, unknown>): Record<string, unknown> {
  const order = [...Object.keys(written as object).filter((key) => Object.hasOwn(parsed, key)), ...Object.keys(parsed)];
  return Object.fromEntries([...new Set(order)].map((key) => [key, parsed[key]]));
}
