/** Runs `verify` in-process, as a user would from the command line, and keeps what it printed. */
import { runVerifyCommand } from '../../contracts/conformance/cli.js';

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

export async function runKit(...argv: string[]): Promise<KitRun> {
  let out = '';
  let err = '';
  const given = argv.includes('--settle-ms') || argv.includes('--help') || argv.includes('-h');
  const code = await runVerifyCommand(given ? argv : [...QUICK_SETTLE, ...argv], {
    out: (text) => (out += text),
    err: (text) => (err += text),
  });
  return { code, out, err };
}

/** The lines of the checks that did not pass, to show in a failed assertion. */
export const notPassed = (run: KitRun): string[] => run.out.split('\n').filter((line) => /^ {2}[✗–] /.test(line));
