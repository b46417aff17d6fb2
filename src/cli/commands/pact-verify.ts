/** `voice-config-mock pact-verify`: Pact's Verifier over the pacts; Pact itself is loaded from the project that runs it (not bundled). */
import { runPactVerifyCommand } from '../../../contracts/pact/pact-verify.js';
import { withoutColour } from '../terminal.js';

export async function run(argv: string[]): Promise<number | undefined> {
  // Pact's verifier (native code) colours its report whatever NO_COLOR says: run it again with its output cleaned.
  const plain = process.env.NO_COLOR ? await withoutColour(['pact-verify', ...argv]) : undefined;
  if (plain !== undefined) return plain;
  return runPactVerifyCommand(argv);
}
