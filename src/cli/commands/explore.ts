/** `voice-config-mock explore`: random sequences of calls against a running server, judged by a model of the spec (contracts/conformance/explore/). */
import { runExploreCommand } from '../../../contracts/conformance/explore/cli.js';
import { boundHeapGrowth, KIT_HEAP_GROWING_PERCENT } from '../heap-growth.js';

export function run(argv: string[]): ReturnType<typeof runExploreCommand> {
  boundHeapGrowth(KIT_HEAP_GROWING_PERCENT);
  return runExploreCommand(argv);
}
