/**
 * `npm run pact:verify -- --provider-base-url URL --token T --provider-states-url URL`:
 * verifies the committed pact files against any implementation of the API.
 * Exit code 0 when every interaction holds, 1 when one fails, 2 for bad arguments or an
 * implementation (or state endpoint) that cannot be reached.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { fetchFailureDetail } from '../conformance/target/http.js';
import { preflight, TargetProblem } from '../conformance/target/preflight.js';
import { pactFiles, stateNames } from './pact-file.js';
import { stateChangeUrlStates } from './provider-states-clients.js';
import { type ProviderStates, verifyPacts } from './verify-pacts.js';

const USAGE = `Usage: npm run pact:verify -- --provider-base-url URL --token TOKEN [options]

  --provider-base-url URL     where the API is (without /api/v1)
  --token TOKEN               API token for interactions whose state gives none
  --provider-states-url URL   the implementation's provider-state endpoint (Pact's stateChangeUrl);
                              needed when the pacts have provider states, as the committed ones do
  --no-provider-states        verify without one: the target already holds the pacts' example records
  --provider-states-header H  a header for that endpoint, "Name: value" (repeatable)
  --pact FILE                 a pact file to verify (repeatable; default: contracts/pacts/*.json)
  -h, --help                  this text`;

// Without a state endpoint, each state answers its own parameters: the example ids of the pact.
const noStates: ProviderStates = { setup: async (_state, params) => params, teardown: async () => {} };

const options = {
  'provider-base-url': { type: 'string' },
  token: { type: 'string' },
  'provider-states-url': { type: 'string' },
  'no-provider-states': { type: 'boolean' },
  'provider-states-header': { type: 'string', multiple: true },
  pact: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: string[]): ReturnType<typeof parseArgs<{ args: string[]; options: typeof options }>>['values'] | string {
  try {
    return parseArgs({ args: argv, options }).values;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Runs the verification for command-line arguments; resolves the exit code. */
export async function main(argv: string[], log: (line: string) => void = console.log): Promise<number> {
  const values = parse(argv);
  if (typeof values === 'string') {
    log(`${values}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    log(USAGE);
    return 0;
  }
  const baseUrl = values['provider-base-url'];
  const token = values.token;
  if (!baseUrl || !token) {
    log(`--provider-base-url and --token are required.\n\n${USAGE}`);
    return 2;
  }
  const statesUrl = values['provider-states-url'];
  if (statesUrl && values['no-provider-states']) {
    log(`Give --provider-states-url or --no-provider-states, not both.\n\n${USAGE}`);
    return 2;
  }
  const files = values.pact ?? (await pactFiles());
  let states: string[];
  try {
    states = (await stateNames(files)).filter((name) => name !== '');
  } catch (error) {
    log(`Cannot read the pact files: ${(error as Error).message}`);
    return 2;
  }
  // Without an endpoint the records the interactions expect are never made: most would fail, for no fault of the target.
  if (!statesUrl && !values['no-provider-states'] && states.length > 0) {
    log(
      `The pacts need provider states (${states.length}, such as "${states[0]}"): give the implementation's state endpoint with --provider-states-url (or --no-provider-states if the target already holds the pacts' example records).\n\n${USAGE}`,
    );
    return 2;
  }
  if (!statesUrl && states.length > 0) log('--no-provider-states: interactions that need records use the example ids of the pact.');
  const headers = Object.fromEntries((values['provider-states-header'] ?? []).map(splitHeader));
  const providerStates = statesUrl ? stateChangeUrlStates(statesUrl, headers) : noStates;
  // The conformance kit's check first: Pact's verifier neither stops nor says why when the provider cannot be
  // reached (it throws from its proxy and retries for minutes).
  try {
    await preflight({ baseUrl, token }, undefined, '--provider-base-url');
  } catch (error) {
    if (!(error instanceof TargetProblem)) throw error;
    log(`Cannot verify: ${error.message}`);
    return 2;
  }
  if (statesUrl) {
    // A teardown first: it shows the endpoint answers, and clears what an interrupted run may have left set up.
    try {
      await providerStates.teardown('', {});
    } catch (error) {
      log(`The provider-state endpoint --provider-states-url ${statesUrl} does not work: ${fetchFailureDetail(error)}.`);
      return 2;
    }
  }
  // Pact prints the verification itself; only the summary is ours.
  const result = await verifyPacts({ providerBaseUrl: baseUrl, token, states: providerStates, pactFiles: files });
  const failed = result.interactions.filter(({ ok }) => !ok);
  log(
    result.ok
      ? result.interactions.length === 1
        ? 'The one interaction holds.'
        : `All ${result.interactions.length} interactions hold.`
      : `${failed.length} of ${result.interactions.length} interactions failed:\n${failed.map(({ description }) => `  - ${description}`).join('\n')}`,
  );
  return result.ok ? 0 : 1;
}

function splitHeader(header: string): [string, string] {
  const colon = header.indexOf(':');
  return colon < 0 ? [header.trim(), ''] : [header.slice(0, colon).trim(), header.slice(colon + 1).trim()];
}

if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
