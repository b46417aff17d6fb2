/**
 * Named examples of the problem answers in the OpenAPI document: every
 * error response shows examples of its own status and title, and each rule
 * the schemas cannot state (references, unique names, refusals) has its own
 * example, built by the same functions that build the real answer.
 */

import { withArticle } from '../domain/english.js';
import type { DomainError } from '../domain/errors.js';
import { notFound } from '../domain/errors.js';
import { ProblemList } from '../domain/problem-list.js';
import type { Problem, Resource, StoredRecord } from '../domain/resource.js';
import { resourceByKind } from '../domain/resources/index.js';
import { MAX_RECORD_DEPTH, parseUntrustedJson } from '../domain/untrusted-json.js';
import { missingFieldMessage, parseFields } from '../domain/validate.js';
import { recordLimitReached } from '../state/limits.js';
import { invalidBody, missingReferenceMessage, uniqueClash, unknownOnDelete } from '../state/operations.js';
import { requestExamples } from '../state/seed/examples.js';
import { MISSING_TOKEN_DETAIL } from './auth.js';
import { DEFAULT_BODY_LIMIT, tooLargeDetail } from './body-limits.js';
import { CONTROL_TOKEN_DETAIL } from './control/control-api.js';
import { invalidControlDetail } from './control/define.js';
import { wrongTypeDetail } from './json-body.js';
import { type ProblemBody, type ProblemKind, problemBody, problemKinds } from './problem.js';

export interface Example {
  summary: string;
  value: ProblemBody;
}
export type Examples = Record<string, Example>;

/** The id the document's examples name; an answer to `Prefer: code=` names the requested one in its place. */
export const EXAMPLE_ID = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';
const OTHER_ID = '8b2d4f6a-1c3e-4a5b-9d7f-0e2a4c6b8d1f';

const example = (summary: string, kind: ProblemKind, detail: string, problems?: Problem[]): Example => ({
  summary,
  value: problemBody(kind, detail, problems),
});
const fromError = (summary: string, error: DomainError): Example => example(summary, error.kind, error.message, error.problems);

/** A body cut off in the middle, as the malformed-JSON example and its test send it. */
export const TRUNCATED_JSON = '{"name": ';
const truncated = parseUntrustedJson(TRUNCATED_JSON, MAX_RECORD_DEPTH);
const malformedDetail = truncated.ok ? '' : truncated.message;
/** The control request the generic control 400 shows: one without the organization it is about. */
const controlProblem = { path: ['orgId'], message: missingFieldMessage('string') };

/**
 * What any operation answering a status may say: one example per problem kind an operation documents.
 * Each is built by the function that builds the real answer, so the two cannot drift apart.
 */
const generic: Partial<Record<ProblemKind, Example>> = {
  validation: example('A field breaks its rule', 'validation', invalidControlDetail(ProblemList.of([controlProblem])), [controlProblem]),
  'malformed-json': example('The body is not JSON', 'malformed-json', malformedDetail),
  unauthorized: example('No token', 'unauthorized', MISSING_TOKEN_DETAIL),
  forbidden: example('Refused', 'forbidden', 'This record cannot be changed or deleted.'),
  'not-found': fromError('No such record', notFound('record', EXAMPLE_ID)),
  conflict: example('Conflict', 'conflict', 'The request conflicts with the state of the organization.'),
  'payload-too-large': example('Body too large', 'payload-too-large', tooLargeDetail(DEFAULT_BODY_LIMIT)),
  'unsupported-media-type': example('Not JSON', 'unsupported-media-type', wrongTypeDetail('text/plain')),
  'telephony-failed': example('Provider failed', 'telephony-failed', 'The telephony provider failed; nothing was changed.'),
};

/** The body a resource's generic 400 shows: its create example with one text field sent as a number. */
export function wrongTypeBody(def: Resource): Record<string, unknown> {
  const { create } = requestExamples(def);
  const field = typeof create.name === 'string' ? 'name' : Object.keys(create).find((key) => typeof create[key] === 'string');
  return { ...create, ...(field ? { [field]: 12345 } : {}) };
}

/** The 400 a resource's create or update answers to `wrongTypeBody`, checked as the real request is. */
function wrongTypeExample(def: Resource): Example {
  const body = wrongTypeBody(def);
  return fromError('A field has the wrong type', invalidBody(def, parseFields(def.createSchemaFor(body), body).problems));
}

/** Whose generic examples an operation shows: the control API's, or the API's (with its resource's own 400, if it reads one). */
export type ExampleScope = { control: true } | { control: false; def?: Resource | undefined };

const controlUnauthorized = example('No control token', 'unauthorized', CONTROL_TOKEN_DETAIL);

/** The generic examples of a status, keyed by kind in camelCase (`malformedJson`). */
export function genericExamples(status: string, scope: ExampleScope): Examples {
  const kinds = scope.control
    ? { ...generic, unauthorized: controlUnauthorized }
    : { ...generic, ...(scope.def ? { validation: wrongTypeExample(scope.def) } : {}) };
  return Object.fromEntries(
    Object.entries(kinds)
      .filter(([kind]) => String(problemKinds[kind as ProblemKind].status) === status)
      .map(([kind, value]) => [kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()), value]),
  );
}

/** A record every refusal applies to, to read its reason from. */
const refusedRecord = { id: EXAMPLE_ID, isSystem: true, isLocked: true } as StoredRecord;

/** Examples of the rules of one resource's create, update, get and delete that its schemas cannot state, by operation and status. */
export function ruleExamples(def: Resource): Record<string, Record<string, Examples>> {
  const { type, singular, plural } = def.names;
  const bodyRules = (on: 'create' | 'update'): Examples => ({
    ...Object.fromEntries(
      (def.references ?? []).map(({ field, target, many }) => [
        `unknownReference${field[0]?.toUpperCase()}${field.slice(1)}`,
        fromError(
          `${field} names a record your organization does not have`,
          invalidBody(def, [{ path: many ? [field, 0] : [field], message: missingReferenceMessage(target, OTHER_ID) }]),
        ),
      ]),
    ),
    ...Object.fromEntries(
      (def.beyondSchema ?? [])
        .filter((rule) => rule.on.includes(on))
        .map((rule) => [rule.name, fromError(rule.rule, invalidBody(def, [rule.example]))]),
    ),
  });
  const conflicts: Examples = Object.fromEntries(
    (def.unique ?? []).map((field) => [
      `${field}Taken`,
      fromError(`Another ${singular} has this ${field}`, uniqueClash(def, field, 'lookup_order', OTHER_ID)),
    ]),
  );
  const refusal = (rule: Resource['refuseUpdate']): Examples =>
    rule ? { [rule.name]: example(rule.when, 'forbidden', rule.check(refusedRecord) ?? rule.when) } : {};
  const missing = { notFound: fromError(`No such ${singular}`, notFound(singular, EXAMPLE_ID)) };
  return {
    [`create${type}`]: {
      400: bodyRules('create'),
      409: {
        ...conflicts,
        recordLimit: fromError(`The organization holds the most ${plural} it may`, recordLimitReached(def, 10_000, 10_000)),
      },
    },
    [`update${type}`]: { 400: bodyRules('update'), 403: refusal(def.refuseUpdate), 404: missing, 409: conflicts },
    [`get${type}`]: { 404: missing },
    [`delete${type}`]: {
      403: {
        ...refusal(def.refuseDelete),
        ...(def.deleteOfUnknown === 'forbidden'
          ? { [`unknown${type}`]: fromError(`No such ${singular}`, unknownOnDelete(def, EXAMPLE_ID)) }
          : {}),
      },
      404: missing,
    },
  };
}

/** The rules of an operation its schemas cannot state, as sentences for its description. */
export function rulesBeyondSchema(def: Resource, operation: 'create' | 'update' | 'delete'): string[] {
  const { plural } = def.names;
  const refused = (when: string) => `${when.replace(/\.$/, '')} (403 otherwise).`;
  if (operation === 'delete') return def.refuseDelete ? [refused(def.refuseDelete.when)] : [];
  return [
    ...(def.references ?? []).map(({ field, target, many }) => {
      const names = resourceByKind[target].names;
      const what = many ? `ids of ${names.plural}` : `the id of ${withArticle(names.singular)} (or null)`;
      return `\`${field}\` holds ${what} of your organization (400 otherwise).`;
    }),
    ...(def.unique ?? []).map((field) => `\`${field}\` is unique among the ${plural} of your organization (409 otherwise).`),
    ...(def.beyondSchema ?? [])
      .filter((rule) => rule.on.includes(operation))
      .map((rule) => `${rule.rule.replace(/\.$/, '')} (400 otherwise).`),
    ...(operation === 'update' && def.refuseUpdate ? [refused(def.refuseUpdate.when)] : []),
  ];
}
