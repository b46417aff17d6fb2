/**
 * The errors the spec documents, and the refusal of a request without a
 * valid token. The status is expected, and a JSON content type (problem details or plain JSON): the spec shows
 * no error body shape, so the body is not matched.
 */
import { expect } from 'vitest';
import { type ApiClient, ApiError } from '../../../src/client/index.js';
import type { ContractCase } from '../contract-case.js';
import { bearer, errorContentType, jsonBody, pathWithStateId, statusRule } from '../matchers.js';
import { exampleIds } from './example-ids.js';

async function expectStatus(call: Promise<unknown>, status: number | number[]): Promise<void> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect([status].flat()).toContain((error as ApiError).status);
}

const deleteWithEmptyObject = { method: 'DELETE', headers: { ...bearer, ...jsonBody }, body: {} } as const;

export const errorCases: ContractCase[] = [
  {
    // The spec: a system trunk's delete is refused, with 403 or 404 listed; which one is not shown, so both match.
    description: 'a request to delete a system SIP trunk',
    states: [{ name: 'a system SIP trunk with id {id} exists', params: { id: exampleIds.systemSipTrunk } }],
    request: { ...deleteWithEmptyObject, path: pathWithStateId('sip-trunks', exampleIds.systemSipTrunk) },
    response: { status: 403, rules: statusRule([403, 404]), headers: errorContentType },
    exercise: (api: ApiClient) => expectStatus(api.sipTrunks.remove(exampleIds.systemSipTrunk), [403, 404]),
  },
  {
    description: 'a request to delete an assistant that may not be deleted',
    states: [{ name: 'the assistant with id {id} cannot be deleted', params: { id: exampleIds.unknown } }],
    request: { ...deleteWithEmptyObject, path: pathWithStateId('assistants', exampleIds.unknown) },
    response: { status: 403, headers: errorContentType },
    exercise: (api) => expectStatus(api.assistants.remove(exampleIds.unknown), 403),
  },
  {
    description: 'a request to delete a tool that does not exist',
    states: [{ name: 'no tool with id {id} exists', params: { id: exampleIds.unknown } }],
    request: { method: 'DELETE', path: `/api/v1/tools/${exampleIds.unknown}`, headers: bearer },
    response: { status: 404, headers: errorContentType },
    exercise: (api) => expectStatus(api.tools.remove(exampleIds.unknown), 404),
  },
  {
    description: 'a request to delete a webhook that does not exist',
    states: [{ name: 'no webhook with id {id} exists', params: { id: exampleIds.unknown } }],
    request: { ...deleteWithEmptyObject, path: `/api/v1/webhooks/${exampleIds.unknown}` },
    response: { status: 404, headers: errorContentType },
    exercise: (api) => expectStatus(api.webhooks.remove(exampleIds.unknown), 404),
  },
  {
    // The spec says every operation takes the header, not what answers without it: a refusal, 401 (the mock's) or 403.
    description: 'a request to list the SIP trunks without a token',
    request: { method: 'GET', path: '/api/v1/sip-trunks' },
    response: { status: 401, rules: statusRule([401, 403]), headers: errorContentType },
    token: null,
    exercise: (api) => expectStatus(api.sipTrunks.list(), [401, 403]),
  },
  {
    description: 'a request to list the schemas with an unknown token',
    request: { method: 'GET', path: '/api/v1/schemas', headers: { Authorization: 'Bearer not-a-valid-token' } },
    response: { status: 401, rules: statusRule([401, 403]), headers: errorContentType },
    token: 'not-a-valid-token',
    exercise: (api) => expectStatus(api.schemas.list(), [401, 403]),
  },
];
