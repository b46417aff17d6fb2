/** Runs `verify` in-process, as a user would from the command line, and keeps what it printed. */
import { runVerifyCommand } from '../../contracts/conformance/cli.js';

export interface KitRun {
  code: number;
  out: string;
  err: string;
}

export async function runKit(...argv: string[]): Promise<KitRun> {
  let out = '';
  let err = '';
  const code = await runVerifyCommand(argv, { out: (text) => (out += text), err: (text) => (err += text) });
  return { code, out, err };
}

/** The lines of the checks that did not pass, to show in a failed assertion. */
export const notPassed = (run: KitRun): string[] => run.out.split('\n').filter((line) => /^ {2}[✗–] /.test(line));
