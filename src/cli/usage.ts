/**
 * The command line's help and the flags of `serve` (the default command). It
 * imports only constants, so `voice-config-mock help` and `--version` answer
 * without loading the server (each command is loaded only when run: cli.ts).
 */
import { parseArgs } from 'node:util';
import { DEFAULT_BODY_BUDGET_BYTES, DEFAULT_HOST, DEFAULT_PORT } from '../server/start-options.js';
import { DEFAULT_JOURNAL_BYTES, DEFAULT_JOURNAL_LIMIT } from '../state/journal/journal-defaults.js';
import { DEFAULT_SEED } from '../state/seed/seed-number.js';
import { shippedScenarioNames } from '../state/seed/shipped-scenarios.js';

export const MIB = 1024 * 1024;

export const usage = `voice-config-mock: a stateful mock of the voice assistant configuration API

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
  --scenario NAME   starting data: ${shippedScenarioNames.join(', ')} (default: default), or a scenario file
                    (a path ending in .json, in the shape of dist/fixtures/default.json)
  --watch           with a scenario file: reload it when it changes (as a reset to the new file)
  --delay MS        every /api/v1 answer waits MS milliseconds, or MIN-MAX (drawn per request); Prefer: delay= wins
  --state-file PATH load the state from PATH at start (if it exists); every change is on disk before it is answered
  --take-lock       take the state file's lock even when it was written on another host, boot or container,
                    whose owner cannot be checked from here (only when no mock runs there on the file)
  --control-token T require T in the x-control-token header of every control API (/__mock/) request
  --control-origin URL  let web pages of this origin (http://localhost:5173) use the control API; repeatable.
                    Pages of other origins than the mock's own are refused (403), whatever token they carry
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

/** The flags of `serve`; throws Node's parseArgs errors (the serve command words them). */
export function parseServeArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      seed: { type: 'string' },
      scenario: { type: 'string' },
      'state-file': { type: 'string' },
      'take-lock': { type: 'boolean' },
      watch: { type: 'boolean' },
      delay: { type: 'string' },
      'control-token': { type: 'string' },
      'control-origin': { type: 'string', multiple: true },
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

/** Ends with exit code 2. A usage error points to --help; one the flags did not cause (a port in use) does not. */
export function fail(message: string, { usageError = true } = {}): never {
  process.stderr.write(`voice-config-mock: ${message}\n${usageError ? 'Run voice-config-mock --help for the options.\n' : ''}`);
  process.exit(2);
}
