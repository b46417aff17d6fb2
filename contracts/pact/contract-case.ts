/**
 * One consumer expectation as data: the provider states it needs, the
 * request the client sends, the response it relies on, and how the client
 * is driven against Pact's mock server. Cases are tables; the consumer test
 * turns each into a Pact interaction.
 */
import type { PactV4, Path, Rules, TemplateHeaders } from '@pact-foundation/pact';
import type { JsonMap } from '@pact-foundation/pact/src/common/jsonTypes.js';
import { getFfiLib } from '@pact-foundation/pact-core';
import { type ApiClient, createApiClient } from '../../src/client/index.js';
import { freshConnectionFetch } from './fresh-connection-fetch.js';
import { PACT_TOKEN } from './pact-names.js';

/** A provider state and its parameters, e.g. `a tool with id {id} exists`, `{ id }`. */
export interface CaseState {
  name: string;
  params?: JsonMap;
}

export interface ContractCase {
  /** The interaction's description: what the consumer does, as a sentence. */
  description: string;
  states?: CaseState[];
  request: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; path: Path; headers?: TemplateHeaders; body?: unknown };
  response: { status: number; rules?: Rules; headers?: TemplateHeaders; body?: unknown };
  /** The token the client sends: the pact token by default, `null` for none. */
  token?: string | null;
  /** Drives the client against the mock server and checks what it got back. */
  exercise(api: ApiClient): Promise<void>;
}

/**
 * Registers the case with Pact and runs its exercise against Pact's mock
 * server. Pact's mock server (pact-core 19) answers a request before it has
 * recorded the match, on another task; under CPU load Pact's check after the
 * exercise can run first and report a request it answered as "expected but
 * not received" (pact-foundation/pact-reference#535). So the exercise ends
 * only once the mock server says every expected request matched, or after
 * `recordWaitMs` (5 s by default), when Pact's own check reports what is missing.
 */
export async function runCase(pact: PactV4, kase: ContractCase, recordWaitMs = RECORD_WAIT_MS): Promise<void> {
  let interaction = pact.addInteraction();
  for (const state of kase.states ?? []) interaction = interaction.given(state.name, state.params);
  const { request, response } = kase;
  await interaction
    .uponReceiving(kase.description)
    .withRequest(request.method, request.path, (builder) => {
      if (request.headers) builder.headers(request.headers);
      if (request.body !== undefined) builder.jsonBody(request.body);
    })
    .willRespondWith(response.status, (builder) => {
      if (response.headers) builder.headers(response.headers);
      if (response.body !== undefined) builder.jsonBody(response.body);
      if (response.rules) builder.matchingRules(response.rules);
    })
    .executeTest(async (server) => {
      const token = kase.token === undefined ? PACT_TOKEN : (kase.token ?? undefined);
      await kase.exercise(createApiClient({ baseUrl: server.url, token, fetch: freshConnectionFetch }));
      await matchRecorded(server.port, recordWaitMs);
    });
}

/** How long a match the mock server answered may take to be recorded on a loaded machine. */
const RECORD_WAIT_MS = 5_000;

/** Resolves once Pact's mock server on `port` has every expected request matched, or after `waitMs`. */
async function matchRecorded(port: number, waitMs: number): Promise<void> {
  const ffi = getFfiLib();
  const deadline = Date.now() + waitMs;
  while (!ffi.pactffiMockServerMatched(port) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
