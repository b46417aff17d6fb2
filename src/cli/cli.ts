/**
 * Command line: `voice-config-mock [serve] [--port N] [--host H] [--seed N] [--scenario NAME|FILE]`.
 * Flags win over the PORT environment variable; every value is checked
 * before the server starts, so a typo ends with a message, not a stack trace.
 * `src/cli/launch/launcher.ts` runs `main`, from the bundle built for it.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { describeArgsError } from '../../contracts/conformance/args.js';
import { ownEntry } from '../domain/own-entry.js';
import { controlTokenRefusal } from '../http/app.js';
import { publicBindRefusal } from '../server/public-bind.js';
import { DEFAULT_BODY_BUDGET_BYTES, DEFAULT_HOST, DEFAULT_PORT, startServer } from '../server/server.js';
import { DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_LIMIT } from '../state/journal/journal.js';
import { MAX_RECORDS_PER_KIND } from '../state/limits.js';
import { DEFAULT_SEED, MAX_SEED } from '../state/mock-state.js';
import { parseScenario, type Scenario } from '../state/seed/scenario.js';
import { scenarios } from '../state/seed/scenarios.js';
import { batchedWriter, ownVersion } from './terminal.js';

const MIB = 1024 * 1024;

const usage = `voice-config-mock: a stateful mock of the voice assistant configuration API

Usage:
  voice-config-mock [serve] [options]
  voice-config-mock verify --base-url URL --token T [...]   (voice-config-mock verify --help)
  voice-config-mock explore --base-url URL --token T --token2 T2 [...]   (voice-config-mock explore --help)
  voice-config-mock pact-verify --provider-base-url URL [...]   (voice-config-mock pact-verify --help)
  voice-config-mock help | --version

Options:
  -p, --port N      port to listen on (default ${DEFAULT_PORT}, or the PORT environment variable; 0 picks a free one)
  --host H          address to bind (default ${DEFAULT_HOST}; 0.0.0.0 exposes the mock to your network, and then
                    needs --control-token or --no-control)
  --seed N          seed of the generated data (default ${DEFAULT_SEED}); the same seed gives the same records and ids
  --scenario NAME   starting data: ${Object.keys(scenarios).join(', ')} (default: default), or a scenario file
                    (a path ending in .json, in the shape of fixtures/default.json)
  --state-file PATH load the state from PATH at start (if it exists); every change is on disk before it is answered
  --control-token T require T in the x-control-token header of every control API (/__mock/) request
  --no-control      turn the control API off
  --max-records N   most records of each kind one organization may hold (default 10000)
  --journal-size N  API requests the journal keeps for the control API (default ${DEFAULT_JOURNAL_LIMIT}; 0 turns it off)
  --journal-mib N   memory the journal's entries may take, in MiB (default ${DEFAULT_JOURNAL_BYTES / MIB}); past it the oldest go;
                    at most half of node's heap limit
  --body-budget-mib N  request bodies over 64 KiB read and parsed at once, in MiB (default ${DEFAULT_BODY_BUDGET_BYTES / MIB});
                    past it a large body waits, and answers 503 with Retry-After after 10 s
  --quiet           print no line per request (the request log is on by default)
  --log-control     log the control API's requests (/__mock/) too
  -h, --help        show this help
  --version         print the version
`;

/** Ends with exit code 2. A usage error points to --help; one the flags did not cause (a port in use) does not. */
function fail(message: string, { usageError = true } = {}): never {
  process.stderr.write(`voice-config-mock: ${message}\n${usageError ? 'Run voice-config-mock --help for the options.\n' : ''}`);
  process.exit(2);
}

/** A scenario named by the flag: a shipped one by name, or one read from a JSON file (a value ending in .json). */
function scenarioOf(value: string): { scenario: string | Scenario; name: string } {
  if (!value.endsWith('.json')) {
    if (!ownEntry(scenarios, value))
      fail(`unknown scenario "${value}"; known: ${Object.keys(scenarios).join(', ')}, or a path to a .json file`);
    return { scenario: value, name: value };
  }
  let text: string;
  try {
    text = readFileSync(value, 'utf8');
  } catch (error) {
    fail(`--scenario: cannot read ${value}: ${(error as Error).message}`);
  }
  try {
    const scenario = parseScenario(JSON.parse(text), `--scenario ${value}`);
    return { scenario, name: `${scenario.name} from ${value}` };
  } catch (error) {
    fail(error instanceof SyntaxError ? `--scenario ${value} is not JSON: ${error.message}` : (error as Error).message);
  }
}

/** The most --journal-mib may be: half the heap this process may use (node's --max-old-space-size raises it). */
function journalMibCeiling(): number {
  return Math.floor(getHeapStatistics().heap_size_limit / MIB / 2);
}

function journalMib(text: string, ceiling: number): number {
  const value = integer('--journal-mib', text, 1, 65_536);
  if (value > ceiling) {
    fail(
      `--journal-mib must be at most ${ceiling} here: half of node's heap limit of ${ceiling * 2} MiB, which the journal would otherwise fill (got ${value}; raise the limit with NODE_OPTIONS=--max-old-space-size=N)`,
    );
  }
  return value;
}

function integer(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < min || value > max)
    fail(`${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  return value;
}

export async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'verify') {
    // The conformance kit lives in contracts/ and never imports the mock to judge a target.
    const { runVerifyCommand } = await import('../../contracts/conformance/cli.js');
    process.exitCode = await runVerifyCommand(argv.slice(1));
    return;
  }
  if (argv[0] === 'explore') {
    const { runExploreCommand } = await import('../../contracts/conformance/explore/cli.js');
    process.exitCode = await runExploreCommand(argv.slice(1));
    return;
  }
  if (argv[0] === 'pact-verify') {
    // Pact's Verifier over the pacts: Pact itself is loaded from the project that runs it (not bundled).
    const { runPactVerifyCommand } = await import('../../contracts/pact/pact-verify.js');
    process.exitCode = await runPactVerifyCommand(argv.slice(1));
    return;
  }
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    // Node names an option that has a short form as '-p, --port <value>': the message names the long form alone.
    const { code, message } = error as { code?: string; message?: string };
    fail(describeArgsError({ code, message: message?.replace(/'-\w, (--[\w-]+)/, "'$1") }));
  }
  const { values, positionals } = parsed;
  if (values.help || positionals[0] === 'help') {
    process.stdout.write(usage);
    return;
  }
  if (values.version) {
    process.stdout.write(`${ownVersion()}\n`);
    return;
  }
  const command = positionals[0] ?? 'serve';
  // `npm start 5113` and `npm start --port 5113` (npm keeps --port for itself) both arrive as a bare number.
  if (/^\d+$/.test(command))
    fail(`unknown command "${command}"; did you mean \`npm start -- --port ${command}\`? (npm passes flags on only after --)`);
  if (command !== 'serve')
    fail(`unknown command "${command}"; the commands are serve (the default), verify, explore, pact-verify and help`);
  if (positionals.length > 1) fail(`unexpected argument "${positionals[1]}"`);
  // An empty PORT is an unset one (as shells and CI templates leave it).
  const portText = values.port ?? (process.env.PORT || String(DEFAULT_PORT));
  const port = integer(values.port === undefined ? 'PORT' : '--port', portText, 0, 65535);
  const seed = integer('--seed', values.seed ?? String(DEFAULT_SEED), 0, MAX_SEED);
  const { scenario, name: scenarioName } = scenarioOf(values.scenario ?? 'default');
  // An empty token (say --control-token "$UNSET") would open the control API to any page and any empty header.
  if (values['control-token'] !== undefined && values['control-token'].trim() === '') fail('--control-token needs a non-empty token');
  // One that a header can never carry would answer 401 to every control request.
  const tokenRefusal = values['control-token'] === undefined ? undefined : controlTokenRefusal(values['control-token']);
  if (tokenRefusal) fail(`--control-token ${tokenRefusal}`);
  // The journal's budget must leave the heap room for everything else: past it the mock ran out of memory.
  const journalCeiling = journalMibCeiling();
  // Likewise an empty path (--state-file "$UNSET") would run without saving anything, and say nothing of it.
  if (values['state-file'] !== undefined && values['state-file'].trim() === '') fail('--state-file needs a path');

  const host = values.host ?? DEFAULT_HOST;
  const refusal = publicBindRefusal(host, { enabled: !values['no-control'], token: values['control-token'] });
  if (refusal) fail(refusal);

  // Output piped into a program that has quit (`voice-config-mock | head -3`) must not stop the server.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  const server = await startServer({
    port,
    host,
    seed,
    scenario,
    control: !values['no-control'],
    ...(values['max-records'] !== undefined
      ? { limits: { recordsPerKind: integer('--max-records', values['max-records'], 1, MAX_RECORDS_PER_KIND) } }
      : {}),
    ...(values['journal-size'] !== undefined ? { journalLimit: integer('--journal-size', values['journal-size'], 0, 100_000) } : {}),
    ...(values['journal-mib'] !== undefined ? { journalBytes: journalMib(values['journal-mib'], journalCeiling) * MIB } : {}),
    ...(values['body-budget-mib'] !== undefined
      ? { bodyBudgetBytes: integer('--body-budget-mib', values['body-budget-mib'], 1, 65_536) * MIB }
      : {}),
    ...(values['control-token'] !== undefined ? { controlToken: values['control-token'] } : {}),
    ...(values['state-file'] !== undefined ? { stateFile: values['state-file'] } : {}),
    ...(values.quiet
      ? {}
      : {
          requestLog: {
            write: batchedWriter(process.stdout),
            control: values['log-control'] === true,
            color: process.stdout.isTTY === true && !process.env.NO_COLOR,
          },
        }),
  }).catch((error: NodeJS.ErrnoException) =>
    fail(
      error.code === 'EADDRINUSE'
        ? `port ${port} is in use (is another mock running?); pick another: \`npm start -- --port ${port === 65535 ? 4011 : port + 1}\` (or --port 0 for any free one)`
        : error.message,
      { usageError: false },
    ),
  );
  const tokens = server.mockState.organizations.list().map((org) => `  ${org.token.padEnd(16)} ${org.name}`);
  process.stdout.write(
    [
      // A loaded state file, not the seed, made the data; the seed and scenario are where a reset goes back to.
      server.stateLoaded
        ? `voice-config-mock listening on ${server.url} (state loaded from ${values['state-file']}; a reset goes back to scenario ${scenarioName}, seed ${seed})`
        : `voice-config-mock listening on ${server.url} (scenario ${scenarioName}, seed ${seed})`,
      `  API        ${server.url}/api/v1`,
      `  OpenAPI    ${server.url}/openapi.json`,
      `  Reference  ${server.url}/docs`,
      `  Control    ${values['no-control'] ? 'off (--no-control)' : `${server.url}/__mock/${values['control-token'] !== undefined ? ' (needs the x-control-token header)' : ''}`}`,
      ...(values['state-file']
        ? [`  State file ${values['state-file']} (every change on disk before its answer; changes logged in ${values['state-file']}.log)`]
        : []),
      'Tokens (Authorization: Bearer <token>):',
      ...tokens,
      `Try: curl -H 'Authorization: Bearer ${server.mockState.organizations.list()[0]?.token ?? 'demo-token'}' ${server.url}/api/v1/schemas`,
      `Press Ctrl+C to stop.${values.quiet ? '' : ` Requests are logged below${values['log-control'] ? '' : ' (--log-control adds the control API)'}; --quiet turns that off.`}`,
      '',
    ].join('\n'),
  );
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      seed: { type: 'string' },
      scenario: { type: 'string' },
      'state-file': { type: 'string' },
      'control-token': { type: 'string' },
      'no-control': { type: 'boolean' },
      'max-records': { type: 'string' },
      'journal-size': { type: 'string' },
      'journal-mib': { type: 'string' },
      'body-budget-mib': { type: 'string' },
      quiet: { type: 'boolean' },
      'log-control': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}
