/** `voice-config-mock verify`: the conformance kit against a running server (it lives in contracts/ and never imports the mock to judge a target). */
import { runVerifyCommand } from '../../../contracts/conformance/cli.js';
import { boundHeapGrowth, KIT_HEAP_GROWING_PERCENT } from '../heap-growth.js';

export function run(argv: string[]): Promise<number> {
  boundHeapGrowth(KIT_HEAP_GROWING_PERCENT);
  return runVerifyCommand(argv);
}
