/**
 * Verifies the pact files against a running provider with Pact's Verifier,
 * provider states set up through a `ProviderStates` (here, the mock's control
 * API). What a state's setup answers (`id`, `token`) Pact injects into the
 * interaction's request, where the pact takes it from the state.
 */
import './pact-env.js';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { PACT_LOG_LEVEL } from './pact-env.js';
import { pactFiles, stateNames } from './pact-file.js';
import { PROVIDER } from './pact-names.js';

/** How a provider's states are set up and torn down; `state` is "" for an interaction without one. */
export interface ProviderStates {
  setup(state: string, params: Record<string, unknown>): Promise<Record<string, unknown> | undefined>;
  teardown(state: string, params: Record<string, unknown>): Promise<void>;
}

export interface VerifyPactsOptions {
  /** Where the provider's API is, without /api/v1. */
  providerBaseUrl: string;
  states: ProviderStates;
  /** Default: every pact file in contracts/pacts/. */
  pactFiles?: string[];
}

/** One interaction's outcome. */
export interface InteractionOutcome {
  description: string;
  ok: boolean;
}

export interface VerificationResult {
  ok: boolean;
  interactions: InteractionOutcome[];
  /** Pact's report, for people. */
  output: string;
}

type Params = Record<string, unknown>;

/** Runs the verification; resolves its result whether it passed or not (rejects only when it could not run). */
export async function verifyPacts(options: VerifyPactsOptions): Promise<VerificationResult> {
  const files = options.pactFiles ?? (await pactFiles());
  const handlers = Object.fromEntries(
    ['', ...(await stateNames(files))].map((name) => [
      name,
      {
        setup: async (params?: unknown) => (await options.states.setup(name, (params ?? {}) as Params)) as never,
        teardown: async (params?: unknown) => {
          await options.states.teardown(name, (params ?? {}) as Params);
          return undefined;
        },
      },
    ]),
  );
  const verifier = new Verifier({
    provider: PROVIDER,
    providerBaseUrl: options.providerBaseUrl,
    pactUrls: files,
    logLevel: PACT_LOG_LEVEL,
    // Pact's type also admits message handlers; these are the HTTP ones (setup and teardown).
    stateHandlers: handlers as unknown as VerifierOptions['stateHandlers'],
  });
  const report = await verifier.verifyProvider().then(
    (json: string) => json,
    (error: unknown) => {
      if (error instanceof Error && error.message.startsWith('{')) return error.message;
      throw error;
    },
  );
  return readReport(report);
}

function readReport(json: string): VerificationResult {
  const report = JSON.parse(json) as { result: boolean; output?: string[]; interactionResults?: { description: string; result: string }[] };
  return {
    ok: report.result,
    interactions: (report.interactionResults ?? []).map(({ description, result }) => ({ description, ok: result === 'OK' })),
    output: (report.output ?? []).join('\n'),
  };
}
