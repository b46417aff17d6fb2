/**
 * `voice-config-mock pact-verify`: Pact's own Verifier, run against the mock
 * or any implementation of the API, over the pacts this package ships, pact
 * files or URLs, or a Pact Broker (flags: pact-verify-options.ts). Pact
 * itself (`@pact-foundation/pact`) is loaded from the project that runs the
 * command. Exit code 0 when every interaction holds, 1 when one fails, 2 for
 * bad arguments, a provider that cannot be reached, or no Pact installed.
 */

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { VerifierOptions } from '@pact-foundation/pact';
import { pactFiles } from './pact-file.js';
import { PACT_VERIFY_USAGE, parsePactVerifyArgs, UsageError, verifierOptions } from './pact-verify-options.js';

export { PACT_VERIFY_USAGE, parsePactVerifyArgs, UsageError, verifierOptions };

interface Report {
  result: boolean;
  interactionResults?: { description: string; result: string }[];
}

/** Runs the command; resolves its exit code. `loadPact`: how Pact is loaded (tests give their own). */
export async function runPactVerifyCommand(
  argv: string[],
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  loadPact: () => Promise<{ Verifier: new (options: VerifierOptions) => { verifyProvider(): Promise<string> } }> = async () =>
    // Required, not imported: Pact is CommonJS, and a dynamic import from the command's compiled bundle makes Node
    // print an ExperimentalWarning (the bundle runs in a vm script) on every run.
    createRequire(import.meta.url)('@pact-foundation/pact'),
): Promise<number> {
  let options: VerifierOptions;
  try {
    const { values } = parsePactVerifyArgs(argv);
    if (values.help) {
      process.stdout.write(`${PACT_VERIFY_USAGE}\n`);
      return 0;
    }
    const shipped = values.pact || values['broker-url'] ? [] : await pactFiles().catch(() => []);
    options = verifierOptions(values, process.env, shipped);
  } catch (error) {
    if (!(error instanceof UsageError) && !(error instanceof TypeError)) throw error;
    log(`voice-config-mock pact-verify: ${error.message}\nRun voice-config-mock pact-verify --help for the options.`);
    return 2;
  }
  // Pact's verifier throws with a stack trace at a pact file that is not there: said here in one line instead.
  const missing = (options.pactUrls ?? []).find((where) => !/^https?:\/\//i.test(where) && !existsSync(where));
  if (missing !== undefined) {
    log(`voice-config-mock pact-verify: --pact ${JSON.stringify(missing)}: no such file or folder.`);
    return 2;
  }
  // Pact's verifier neither stops nor says why when the provider cannot be reached: it retries for minutes.
  const unreachable = await fetch(options.providerBaseUrl as string, { signal: AbortSignal.timeout(10_000) }).then(
    () => undefined,
    (error: Error) => (error.cause as Error | undefined)?.message ?? error.message,
  );
  if (unreachable) {
    log(`voice-config-mock pact-verify: cannot reach --provider-base-url ${options.providerBaseUrl}: ${unreachable}; is it running?`);
    return 2;
  }
  process.env.PACT_DO_NOT_TRACK ??= 'true';
  let pact: Awaited<ReturnType<typeof loadPact>>;
  try {
    pact = await loadPact();
  } catch {
    log('voice-config-mock pact-verify: needs Pact: npm install --save-dev @pact-foundation/pact');
    return 2;
  }
  // Pact prints the verification itself; only the summary is ours. A failed one rejects with the same report.
  const json = await new pact.Verifier(withStateHandlers(options)).verifyProvider().then(
    (report) => report,
    (error: unknown) => (error instanceof Error && error.message.startsWith('{') ? error.message : Promise.reject(error)),
  );
  const report = JSON.parse(json) as Report;
  const interactions = report.interactionResults ?? [];
  // An empty folder, a pact of no interactions, a broker with none for this provider: a run that checked nothing.
  if (interactions.length === 0) {
    log(
      'voice-config-mock pact-verify: no interaction was verified: the pacts given hold none, so nothing can pass; check --pact, or the broker and its selectors.',
    );
    return 2;
  }
  const failed = interactions.filter(({ result }) => result !== 'OK').map(({ description }) => `  - ${description}`);
  log(
    report.result
      ? `All ${interactions.length} interactions hold.`
      : `${failed.length} of ${interactions.length} interactions failed:\n${failed.join('\n')}`,
  );
  return report.result ? 0 : 1;
}

/**
 * The provider-state URL as Pact's state handlers, which Pact asks for every state by name: each posts the state
 * to the URL as Pact's own state-change request would (`{ state, params, action }`, with the `--header` headers)
 * and gives Pact the values it answers. Pact reports `providerStatesSetupUrl` as deprecated on every run.
 */
function withStateHandlers(options: VerifierOptions): VerifierOptions {
  const { providerStatesSetupUrl: url, ...rest } = options as VerifierOptions & { providerStatesSetupUrl?: string };
  if (!url) return rest as VerifierOptions;
  const headers = { 'content-type': 'application/json', ...(options.customProviderHeaders as Record<string, string> | undefined) };
  const post = (state: string, action: 'setup' | 'teardown') => async (params: unknown) => {
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ state, params: params ?? {}, action }) });
    const text = await res.text();
    if (!res.ok) throw new Error(`The provider state "${state}" (${action}) failed: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  // Every name is a handler: the states are the pacts' own, not known before Pact reads them.
  const stateHandlers = new Proxy(
    {},
    {
      get: (_target, name) => (typeof name === 'string' ? { setup: post(name, 'setup'), teardown: post(name, 'teardown') } : undefined),
    },
  );
  return { ...rest, stateHandlers } as VerifierOptions;
}
