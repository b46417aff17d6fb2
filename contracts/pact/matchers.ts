/**
 * Matchers the consumer expectations share. Values the server generates
 * (ids, timestamps) are matched by form, never by value; status codes the
 * spec does not fix are matched by class.
 */
import { MatchersV3 as M, type Rules } from '@pact-foundation/pact';
import { PACT_TOKEN } from './pact-names.js';

/** An ISO 8601 UTC timestamp (the spec), with or without fractions of a second; a zero offset has the plus sign, as ISO 8601 writes it. */
export const isoTimestamp = (example = '2026-01-05T09:30:00.000Z') =>
  M.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|\+00:00)$/.source, example);

/**
 * An id (the spec: a string in UUID format), in either case: RFC 9562 lets
 * a UUID be written in capitals, and Pact's own `uuid()` takes small letters
 * only. Anchored, like every pattern here: the verifier matches the whole
 * value anyway, and so the pact file means the same to any tool reading it.
 */
export const uuid = (example: string) =>
  M.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/.source, example);

/** `createdAt` and `updatedAt`, which every record carries. */
export const timestamps = { createdAt: isoTimestamp(), updatedAt: isoTimestamp() };

/** A response content type of JSON, with or without a charset. */
export const jsonContentType = { 'Content-Type': M.regex(/^application\/json(;.*)?$/.source, 'application/json') };

/**
 * The content type of an error answer: JSON, as RFC 9457 problem details (`application/problem+json`, what the
 * mock answers) or plain `application/json` (the spec shows no error body, so a real service may send either).
 */
export const errorContentType = {
  'Content-Type': M.regex(/^application\/(problem\+)?json(;.*)?$/.source, 'application/problem+json'),
};

/**
 * The bearer token header the consumer sends: the `token` the provider state
 * answers (Pact's verifier injects it), `demo-token` in the consumer test and
 * for a verifier that has no state value to inject.
 */
export const bearer = { Authorization: fromStateMatching(/^Bearer \S+$/.source, `Bearer \${token}`, `Bearer ${PACT_TOKEN}`) };

/**
 * Pact's `fromProviderState`, whose value must also match `regex` (Pact's
 * own matches any string): the generator and the matcher of one value, as
 * the pact file format allows.
 */
function fromStateMatching(regex: string, expression: string, example: string): M.Matcher<string> {
  return { ...M.fromProviderState(expression, example), 'pact:matcher:type': 'regex', regex } as M.Matcher<string>;
}

/** The header of a request with a JSON body. */
export const jsonBody = { 'Content-Type': 'application/json' };

/**
 * A status code rule: `success` (any 2xx) where the spec shows no success
 * code, or a list of codes where it lists several errors without saying which.
 */
export function statusRule(status: 'success' | number[]): Rules {
  return { status: [{ path: '$', rules: [{ 'pact:matcher:type': 'statusCode', status } as never] }] };
}

/** A path with the id a provider state returns (`fromProviderState`), and the example id the consumer test uses. */
export function pathWithStateId(collection: string, exampleId: string) {
  return M.fromProviderState(`/api/v1/${collection}/\${id}`, `/api/v1/${collection}/${exampleId}`);
}

export { M };
