/**
 * The rules explore judges after each step, labelled as `verify` labels its
 * checks: `spec` (the spec states it), `documented` (read from what the spec
 * lists for an operation), `assumed` (a REST convention the spec does not
 * state; counted only with --strict). Where the spec is silent (field names,
 * defaults, success statuses) nothing is judged.
 */
import type { Source } from '../types.js';

export interface Rule {
  id: string;
  source: Source;
  /** What must hold, in one line. */
  title: string;
  /** What it rests on. */
  basis: string;
}

const rule = (id: string, source: Source, title: string, basis: string): Rule => ({ id: `explore.${id}`, source, title, basis });

export const RULES = {
  systemTrunkKept: rule(
    'system-trunk.kept',
    'spec',
    'a system trunk is never deleted: its delete is refused and it reads back afterwards',
    '§3 rule 1: a delete of a trunk with isSystem=true is refused',
  ),
  deletedTrunkGone: rule(
    'sip-trunks.deleted-gone',
    'spec',
    'a trunk whose delete was accepted is no longer in its list',
    '§3 rule 2: a deleted trunk is removed',
  ),
  listOwnOnly: rule(
    'list.own-organization-only',
    'spec',
    "a token's list holds no record of another organization",
    '§5: the token identifies the organization whose resources are listed',
  ),
  listEveryOwn: rule(
    'list.every-own-record',
    'spec',
    "a token's schema list holds every schema of its organization the sequence made",
    '§4 List schemas: all schemas of the caller’s organization (the other lists are named only)',
  ),
  listEveryOwnOther: rule(
    'list.every-own-record.other-lists',
    'assumed',
    "a token's list of trunks, assistants, tools or webhooks holds every record of its organization the sequence made",
    'assumed: these lists are named only (§4), so whether a new record shows in them, or when, is not stated',
  ),
  deleteEmptyObject: rule(
    'delete.empty-object',
    'spec',
    'an accepted delete of a trunk, assistant or webhook answers {}',
    '§4: the success response of these deletes is an empty JSON object',
  ),
  schemaListFields: rule(
    'schemas.list.fields',
    'spec',
    'every schema in the list has the fields of §2 with their types',
    '§2 Schema record',
  ),
  deletedNotListed: rule(
    'deleted.not-listed',
    'assumed',
    'a record whose delete was accepted is no longer in its list',
    'assumed: a delete removes the record (stated only for trunks)',
  ),
  readBack: rule(
    'read-back',
    'assumed',
    'a get answers the record with the values last written to it',
    'assumed: get and update are named only (§4); a write is read back',
  ),
  deletedGet404: rule('deleted.get-404', 'assumed', "a deleted record's get answers 404 or 410", 'assumed: get is named only (§4)'),
  deleteAgain: rule(
    'deleted.delete-again-refused',
    'documented',
    'a second delete of a deleted record is refused with an error listed for that delete (404 where none is listed)',
    '§4 and §7: 404 is listed for the trunk, tool and webhook deletes; a deleted record is no longer found',
  ),
  recreate: rule(
    'recreate.accepted',
    'assumed',
    'a create with the values of a deleted record is accepted (a delete frees its unique values)',
    'assumed: the spec names no uniqueness; a deleted record holds nothing',
  ),
  otherRead: rule(
    'tenancy.cannot-read',
    'assumed',
    "another organization's record cannot be read",
    'assumed, as in verify: §5 ties records to the token’s organization for lists',
  ),
  otherChange: rule(
    'tenancy.cannot-change',
    'assumed',
    "another organization's record cannot be changed",
    'assumed, as in verify: §5 ties records to the token’s organization for lists',
  ),
  otherDelete: rule(
    'tenancy.cannot-delete',
    'assumed',
    "another organization's record cannot be deleted",
    'assumed, as in verify: §5 ties records to the token’s organization for lists',
  ),
  unknownGet: rule('unknown-id.get-404', 'assumed', 'a get of an id no record has answers 404 or 410', 'assumed: get is named only (§4)'),
  unknownDelete: rule(
    'unknown-id.delete-refused',
    'documented',
    'a delete of an id no record has is refused with 404 or an error listed for that delete',
    '§4 and §7: the errors listed for each delete',
  ),
} as const;

export const ALL_RULES: Rule[] = Object.values(RULES);

/** A rule broken at a step: thrown by the step, caught by the search. */
export class RuleBroken extends Error {
  constructor(
    readonly rule: Rule,
    /** What the target answered that breaks it. */
    readonly detail: string,
    /** The record it concerns (a list rule), and the values a read-back expected: what a repro file asserts. */
    readonly about: { subject?: string; written?: Record<string, unknown> } = {},
  ) {
    super(`${rule.id}: ${detail}`);
  }
}

/** Whether a broken rule fails the run: spec always, the others with --strict. */
export const counted = (rule: Rule, strict: boolean): boolean => rule.source === 'spec' || strict;
