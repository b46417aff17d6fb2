/**
 * Named examples of the problem answers in the OpenAPI document: every
 * error response shows examples of its own status and title, and each rule
 * the schemas cannot state (references, unique names, refusals) has its own
 * example, built by the same functions that build the real answer.
 */

import { withArticle } from '../domain/english.js';
import type { DomainError } from '../domain/errors.js';
import { notFound } from '../domain/errors.js';
import type { Problem, Resource, StoredRecord } from '../domain/resource.js';
import { resourceByKind } from '../domain/resources/index.js';
import { recordLimitReached } from '../state/limits.js';
import { invalidBody, missingReferenceMessage, uniqueClash, unknownOnDelete } from '../state/operations.js';
import { type ProblemBody, type ProblemKind, problemBody, problemKinds } from './problem.js';

export interface Example {
  summary: string;
  value: ProblemBody;
}
export type Examples = Record<string, Example>;

const EXAMPLE_ID = '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c';
const OTHER_ID = '8b2d4f6a-1c3e-4a5b-9d7f-0e2a4c6b8d1f';

const example = (summary: string, kind: ProblemKind, detail: string, problems?: Problem[]): Example => ({
  summary,
  value: problemBody(kind, detail, problems),
});
const fromError = (summary: string, error: DomainError): Example => example(summary, error.kind, error.message, error.problems);

/** What any operation answering a status may say: one example per problem kind an operation documents. */
const generic: Partial<Record<ProblemKind, Example>> = {
  validation: example('A field breaks its rule', 'validation', 'The request is not valid: 1 problem, listed in errors.', [
    { path: ['name'], message: 'Missing required field (expected string).' },
  ]),
  'malformed-json': example('The body is not JSON', 'malformed-json', 'The body is not valid JSON: Unexpected end of JSON input.'),
  unauthorized: example('No token', 'unauthorized', 'Send Authorization: Bearer <token>; the demo organization uses demo-token.'),
  forbidden: example('Refused', 'forbidden', 'This record cannot be changed or deleted.'),
  'not-found': fromError('No such record', notFound('record', EXAMPLE_ID)),
  conflict: example('Conflict', 'conflict', 'The request conflicts with the state of the organization.'),
  'payload-too-large': example('Body too large', 'payload-too-large', 'The body is larger than the limit (1 MiB).'),
  'unsupported-media-type': example('Not JSON', 'unsupported-media-type', 'Send the body as JSON with Content-Type: application/json.'),
  'telephony-failed': example('Provider failed', 'telephony-failed', 'The telephony provider failed; nothing was changed.'),
};

/** The generic examples of a status, keyed by kind in camelCase (`malformedJson`). */
export function genericExamples(status: string): Examples {
  return Object.fromEntries(
    Object.entries(generic)
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
