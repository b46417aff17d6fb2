/** `voice-config-mock verify`: the conformance kit against a running server (it lives in contracts/ and never imports the mock to judge a target). */
import { runVerifyCommand } from '../../../contracts/conformance/cli.js';
import { boundKitHeapGrowth } from '../kit-heap.js';

export function run(argv: string[]): Promise<number> {
  boundKitHeapGrowth();
  return runVerifyCommand(argv);
}
