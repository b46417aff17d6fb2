/**
 * `voice-config-mock [serve]`: the mock on a port. Every value is checked
 * before the server starts, so a typo ends with a message, not a stack
 * trace; flags win over the PORT environment variable.
 */
import { readFileSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import { describeArgsError } from '../../../contracts/conformance/args-error.js';
import { ownEntry } from '../../domain/own-entry.js';
import { controlOriginOf } from '../../http/control/web-pages.js';
import { controlTokenRefusal } from '../../http/control-token.js';
import { parseDelay } from '../../http/delay.js';
import { terminalText } from '../../http/terminal-text.js';
import { publicBindRefusal } from '../../server/public-bind.js';
import { DEFAULT_HOST, DEFAULT_PORT, startServer } from '../../server/server.js';
import { MAX_RECORDS_PER_KIND } from '../../state/limits.js';
import { DEFAULT_SEED, MAX_SEED } from '../../state/mock-state.js';
import type { Scenario } from '../../state/seed/scenario.js';
import { scenarios } from '../../state/seed/scenarios.js';
import { boundHeapGrowth, SERVE_HEAP_GROWING_PERCENT } from '../heap-growth.js';
import { readScenarioFile, watchScenario } from '../scenario-file.js';
import { batchedWriter } from '../terminal.js';
import { fail, MIB, parseServeArgs } from '../usage.js';

/** A scenario named by the flag: a shipped one by name, or one read from a JSON file (a value ending in .json). */
function scenarioOf(value: string, seed: number): { scenario: string | Scenario; name: string } {
  if (!value.endsWith('.json')) {
    if (!ownEntry(scenarios, value))
      fail(`unknown scenario "${value}"; known: ${Object.keys(scenarios).join(', ')}, or a path to a .json file`);
    return { scenario: value, name: value };
  }
  try {
    readFileSync(value);
  } catch (error) {
    fail(`--scenario: cannot read ${value}: ${(error as Error).message}`);
  }
  try {
    const scenario = readScenarioFile(value, seed);
    return { scenario, name: `${scenario.name} from ${value}` };
  } catch (error) {
    fail((error as Error).message);
  }
}

/** The command to start on another port, in the form this start took (`npm start`, `npx`, the command itself). */
function startCommandFor(port: number): string {
  if (process.env.npm_lifecycle_event === 'start') return `npm start -- --port ${port}`;
  if (process.env.npm_command === 'exec') return `npx voice-config-mock --port ${port}`;
  return `voice-config-mock --port ${port}`;
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

/** Runs the mock until it is stopped (Ctrl+C, SIGTERM); a bad flag ends with a message and exit code 2. */
export async function run(argv: string[]): Promise<undefined> {
  let parsed: ReturnType<typeof parseServeArgs>;
  try {
    parsed = parseServeArgs(argv);
  } catch (error) {
    // Node names an option that has a short form as '-p, --port <value>': the message names the long form alone.
    const { code, message } = error as { code?: string; message?: string };
    fail(describeArgsError({ code, message: message?.replace(/'-\w, (--[\w-]+)/, "'$1") }));
  }
  const { values, positionals } = parsed;
  // The command's name, when given (cli.ts refused any other word before loading this).
  const extra = positionals[0] === 'serve' ? positionals[1] : positionals[0];
  if (extra !== undefined) fail(`unexpected argument "${extra}"`);
  // An empty PORT is an unset one (as shells and CI templates leave it).
  const portText = values.port ?? (process.env.PORT || String(DEFAULT_PORT));
  const port = integer(values.port === undefined ? 'PORT' : '--port', portText, 0, 65535);
  const seed = integer('--seed', values.seed ?? String(DEFAULT_SEED), 0, MAX_SEED);
  const { scenario, name: scenarioName } = scenarioOf(values.scenario ?? 'default', seed);
  if (values.watch && typeof scenario === 'string') fail('--watch needs a scenario file (--scenario ./file.json)');
  const delay = values.delay === undefined ? undefined : parseDelay(values.delay);
  if (typeof delay === 'string') fail(`--delay ${delay}`);
  // An empty token (say --control-token "$UNSET") would open the control API to any page and any empty header.
  if (values['control-token'] !== undefined && values['control-token'].trim() === '') fail('--control-token needs a non-empty token');
  // One that a header can never carry would answer 401 to every control request.
  const tokenRefusal = values['control-token'] === undefined ? undefined : controlTokenRefusal(values['control-token']);
  if (tokenRefusal) fail(`--control-token ${tokenRefusal}`);
  const controlOrigins = (values['control-origin'] ?? []).map((value) => {
    const checked = controlOriginOf(value);
    if ('error' in checked) fail(`--control-origin ${checked.error}`);
    return checked.origin;
  });
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
    // The framework loads on the first request that needs it, after the start: the first list is answered sooner.
    deferApp: true,
    seed,
    scenario,
    control: !values['no-control'],
    ...(delay ? { delay } : {}),
    ...(values['max-records'] !== undefined
      ? { limits: { recordsPerKind: integer('--max-records', values['max-records'], 1, MAX_RECORDS_PER_KIND) } }
      : {}),
    ...(values['journal-size'] !== undefined ? { journalLimit: integer('--journal-size', values['journal-size'], 0, 100_000) } : {}),
    ...(values['journal-mib'] !== undefined ? { journalBytes: journalMib(values['journal-mib'], journalCeiling) * MIB } : {}),
    ...(values['body-budget-mib'] !== undefined
      ? { bodyBudgetBytes: integer('--body-budget-mib', values['body-budget-mib'], 1, 65_536) * MIB }
      : {}),
    ...(values['control-token'] !== undefined ? { controlToken: values['control-token'] } : {}),
    ...(controlOrigins.length > 0 ? { controlOrigins } : {}),
    ...(values['state-file'] !== undefined ? { stateFile: values['state-file'] } : {}),
    ...(values['take-lock'] ? { takeLock: true } : {}),
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
        ? `port ${port} is in use (is another mock running?); pick another: \`${startCommandFor(port === 65535 ? 4011 : port + 1)}\` (or --port 0 for any free one)`
        : error.message,
      { usageError: false },
    ),
  );
  // Before the banner: a supervisor that stops the mock as soon as it reads it gets a closed server, not a killed one.
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  // Once listening, not sooner: V8 takes Node's cache of its builtins' compiled code only under the V8 flags the
  // cache was made with, so a builtin first required after a flag is set is compiled from its source. Set at the
  // command's start, this made node:http, and the cluster module net's listen loads, cost every start 13–17 ms more.
  boundHeapGrowth(SERVE_HEAP_GROWING_PERCENT);
  // Names, tokens, file names and a scenario's own name come from files and requests: shown escaped where a terminal would act on them.
  const tokens = server.mockState.organizations.list().map((org) => `  ${terminalText(org.token).padEnd(16)} ${terminalText(org.name)}`);
  const stateFile = values['state-file'] === undefined ? undefined : terminalText(values['state-file']);
  const shown = terminalText(scenarioName);
  process.stdout.write(
    [
      // A loaded state file, not the seed, made the data; the seed and scenario are where a reset goes back to.
      server.stateLoaded
        ? `voice-config-mock listening on ${server.url} (state loaded from ${stateFile}; a reset goes back to scenario ${shown}, seed ${seed})`
        : `voice-config-mock listening on ${server.url} (scenario ${shown}, seed ${seed})`,
      `  API        ${server.url}/api/v1`,
      `  OpenAPI    ${server.url}/openapi.json`,
      `  Reference  ${server.url}/docs`,
      `  Control    ${values['no-control'] ? 'off (--no-control)' : `${server.url}/__mock/${values['control-token'] !== undefined ? ' (needs the x-control-token header)' : ''}`}`,
      ...(stateFile ? [`  State file ${stateFile} (every change on disk before its answer; changes logged in ${stateFile}.log)`] : []),
      'Tokens (Authorization: Bearer <token>):',
      ...tokens,
      `Try: curl -H ${shellQuoted(`Authorization: Bearer ${tryToken(server.mockState.organizations.list()[0]?.token)}`)} ${server.url}/api/v1/schemas`,
      `Press Ctrl+C to stop.${values.quiet ? '' : ` Requests are logged below${values['log-control'] ? '' : ' (--log-control adds the control API)'}; --quiet turns that off.`}`,
      '',
    ].join('\n'),
  );
  if (values.watch && values.scenario) watchScenario(values.scenario, server);
  return undefined;
}

/** One word for a POSIX shell, whatever it holds: in single quotes, a quote in it closed, escaped and reopened. */
function shellQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The token the Try line shows: one that a header can carry as it is, or a placeholder (the list above shows it escaped). */
function tryToken(token = 'demo-token'): string {
  return /^[\x21-\x7e]+$/.test(token) ? token : '<token>';
}
