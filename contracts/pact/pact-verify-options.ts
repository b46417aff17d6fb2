/**
 * The flags of `voice-config-mock pact-verify` and the Verifier options they
 * make: the command only maps its flags onto Pact's (`verifierOptions`,
 * tested without a broker, since none runs here); Pact does the verifying,
 * the provider-state calls and the publishing.
 */
import { parseArgs } from 'node:util';
import type { VerifierOptions } from '@pact-foundation/pact';
import { PACT_TOKEN, PROVIDER } from './pact-names.js';

export const PACT_VERIFY_USAGE = `Usage: voice-config-mock pact-verify --provider-base-url URL [options]

Verifies pacts against a running provider with Pact's Verifier (needs @pact-foundation/pact installed).

Pacts (default: the pacts this package ships, voice-config-frontend with voice-config-api):
  --pact FILE|URL                  a pact file or URL to verify (repeatable)
  --broker-url URL                 fetch the pacts from a Pact Broker or PactFlow; its token is read from
                                   PACT_BROKER_TOKEN (or PACT_BROKER_USERNAME and PACT_BROKER_PASSWORD)
  --consumer-version-selector JSON which consumer versions to verify (repeatable), such as
                                   '{"mainBranch":true}' '{"deployedOrReleased":true}'
  --enable-pending                 pacts this provider has not verified yet do not fail the run
  --include-wip-pacts-since DATE   also verify work-in-progress pacts changed since DATE (YYYY-MM-DD)

Provider:
  --provider-base-url URL          where the API is (without /api/v1)
  --provider NAME                  the provider's name in the pacts (default ${PROVIDER})
  --provider-states-url URL        the provider-state endpoint (default: the mock's, URL/__mock/provider-states)
  --no-provider-states             call no state endpoint
  --token T                        send Bearer T where a request has the pacts' own token (${PACT_TOKEN}), for a
                                   provider whose state endpoint answers no token
  --header "Name: value"           a header for every request to the provider (repeatable)

Results (need --broker-url):
  --provider-version V             the provider's version, such as its commit
  --provider-branch B              the provider's branch
  --publish                        publish the results to the broker (needs --provider-version)

  --log-level LEVEL                Pact's log level: error, warn (default), info, debug, trace
  -h, --help                       this text`;

const flags = {
  'provider-base-url': { type: 'string' },
  provider: { type: 'string' },
  pact: { type: 'string', multiple: true },
  'broker-url': { type: 'string' },
  'consumer-version-selector': { type: 'string', multiple: true },
  'enable-pending': { type: 'boolean' },
  'include-wip-pacts-since': { type: 'string' },
  'provider-states-url': { type: 'string' },
  'no-provider-states': { type: 'boolean' },
  token: { type: 'string' },
  header: { type: 'string', multiple: true },
  'provider-version': { type: 'string' },
  'provider-branch': { type: 'string' },
  publish: { type: 'boolean' },
  'log-level': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command's flags, parsed (throws a TypeError for an unknown or malformed one). */
export const parsePactVerifyArgs = (argv: string[]) => parseArgs({ args: argv, options: flags });

type Values = ReturnType<typeof parsePactVerifyArgs>['values'];
type Selector = NonNullable<VerifierOptions['consumerVersionSelectors']>[number];
type Filter = (req: { headers: Record<string, unknown> }, res: unknown, next: () => void) => void;

const LOG_LEVELS = ['error', 'warn', 'info', 'debug', 'trace'] as const;
const BROKER_ONLY = [
  'consumer-version-selector',
  'enable-pending',
  'include-wip-pacts-since',
  'provider-version',
  'provider-branch',
  'publish',
] as const;

/** Thrown for arguments the Verifier cannot run with; its message says which and why. */
export class UsageError extends Error {}

/**
 * The Verifier's options for the command's flags and environment: what
 * `new Verifier(...)` is given. `defaultPacts`: the pact files verified when
 * neither `--pact` nor `--broker-url` says which.
 */
export function verifierOptions(values: Values, env: NodeJS.ProcessEnv, defaultPacts: string[]): VerifierOptions {
  const baseUrl = values['provider-base-url'];
  if (!baseUrl) throw new UsageError('--provider-base-url is required.');
  if (!URL.canParse(baseUrl)) throw new UsageError(`--provider-base-url must be a URL such as http://127.0.0.1:4010 (got "${baseUrl}").`);
  const brokerUrl = values['broker-url'];
  const onlyWithBroker = BROKER_ONLY.filter((name) => values[name] !== undefined);
  if (!brokerUrl && onlyWithBroker.length > 0) throw new UsageError(`--${onlyWithBroker[0]} needs --broker-url.`);
  if (values.publish && !values['provider-version']) throw new UsageError('--publish needs --provider-version.');
  if (values['provider-states-url'] && values['no-provider-states'])
    throw new UsageError('Give --provider-states-url or --no-provider-states, not both.');
  const since = values['include-wip-pacts-since'];
  if (since !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(since))
    throw new UsageError(`--include-wip-pacts-since takes a date, YYYY-MM-DD (got "${since}").`);
  const logLevel = values['log-level'] ?? 'warn';
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) throw new UsageError(`--log-level is one of ${LOG_LEVELS.join(', ')}.`);
  const pactUrls = values.pact ?? (brokerUrl ? [] : defaultPacts);
  if (pactUrls.length === 0 && !brokerUrl) throw new UsageError('No pacts to verify here: give --pact or --broker-url.');
  const statesUrl = values['no-provider-states']
    ? undefined
    : (values['provider-states-url'] ?? new URL('/__mock/provider-states', baseUrl).href);
  const token = values.token;
  return {
    provider: values.provider ?? PROVIDER,
    providerBaseUrl: baseUrl,
    logLevel: logLevel as (typeof LOG_LEVELS)[number],
    ...(pactUrls.length > 0 ? { pactUrls } : {}),
    ...(statesUrl ? { providerStatesSetupUrl: statesUrl } : {}),
    ...(values.header ? { customProviderHeaders: Object.fromEntries(values.header.map(splitHeader)) } : {}),
    ...(token ? { requestFilter: swapToken(token) } : {}),
    ...(brokerUrl ? brokerOptions(values, brokerUrl, env) : {}),
  } as VerifierOptions;
}

function brokerOptions(values: Values, brokerUrl: string, env: NodeJS.ProcessEnv): Partial<VerifierOptions> {
  const selectors = (values['consumer-version-selector'] ?? []).map(selector);
  return {
    pactBrokerUrl: brokerUrl,
    ...(env.PACT_BROKER_TOKEN ? { pactBrokerToken: env.PACT_BROKER_TOKEN } : {}),
    ...(env.PACT_BROKER_USERNAME
      ? { pactBrokerUsername: env.PACT_BROKER_USERNAME, pactBrokerPassword: env.PACT_BROKER_PASSWORD ?? '' }
      : {}),
    ...(selectors.length > 0 ? { consumerVersionSelectors: selectors } : {}),
    ...(values['enable-pending'] ? { enablePending: true } : {}),
    ...(values['include-wip-pacts-since'] ? { includeWipPactsSince: values['include-wip-pacts-since'] } : {}),
    ...(values['provider-version'] ? { providerVersion: values['provider-version'] } : {}),
    ...(values['provider-branch'] ? { providerVersionBranch: values['provider-branch'] } : {}),
    ...(values.publish ? { publishVerificationResult: true } : {}),
  };
}

function selector(json: string): Selector {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new UsageError(`--consumer-version-selector takes a JSON object such as '{"mainBranch":true}' (got ${json}).`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new UsageError(`--consumer-version-selector takes a JSON object such as '{"mainBranch":true}' (got ${json}).`);
  return parsed as Selector;
}

/** Pact's requestFilter: the pacts' own token becomes `token`; a missing header and any other token stay as the pact has them. */
function swapToken(token: string): Filter {
  return (req, _res, next) => {
    if (req.headers.authorization === `Bearer ${PACT_TOKEN}`) req.headers.authorization = `Bearer ${token}`;
    next();
  };
}

function splitHeader(header: string): [string, string] {
  const colon = header.indexOf(':');
  if (colon <= 0) throw new UsageError(`--header takes "Name: value" (got "${header}").`);
  return [header.slice(0, colon).trim(), header.slice(colon + 1).trim()];
}
