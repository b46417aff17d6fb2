/** Runs `verify` in-process, as a user would from the command line, and keeps what it printed. */
import { runVerifyCommand } from '../../contracts/conformance/cli.js';
import { inProcess } from './plumbing.js';

export interface KitRun {
  code: number;
  out: string;
  err: string;
}

/**
 * The test servers carry out every write before they answer, so the kit reads again for 300 ms, not its default 3 s,
 * before a record they keep fails a check (a test may give its own --settle-ms).
 */
const QUICK_SETTLE = ['--settle-ms', '300'];

/**
 * `verify` against a test server. A server `listen` started is reached in process (its request listener, no socket:
 * in-process.ts), which took a quarter off the CPU of these tests; `runKitOverHttp` goes over 127.0.0.1 as a user's
 * run does, for the tests that show the kit whole against a server that is not the mock.
 */
export function runKit(...argv: string[]): Promise<KitRun> {
  return run(argv, true);
}

export function runKitOverHttp(...argv: string[]): Promise<KitRun> {
  return run(argv, false);
}

async function run(argv: string[], inProcessAllowed: boolean): Promise<KitRun> {
  let out = '';
  let err = '';
  const given = argv.includes('--settle-ms') || argv.includes('--help') || argv.includes('-h');
  const at = argv.indexOf('--base-url');
  const baseUrl = at === -1 ? undefined : argv[at + 1];
  const fetch = inProcessAllowed ? [...inProcess].find(([url]) => baseUrl === url || baseUrl?.startsWith(`${url}/`))?.[1] : undefined;
  const code = await runVerifyCommand(given ? argv : [...QUICK_SETTLE, ...argv], {
    out: (text) => (out += text),
    err: (text) => (err += text),
    ...(fetch ? { fetch } : {}),
  });
  return { code, out, err };
}

/** The lines of the checks that did not pass, to show in a failed assertion. */
export const notPassed = (run: KitRun): string[] => run.out.split('\n').filter((line) => /^ {2}[✗–] /.test(line));
