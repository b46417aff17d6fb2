/** `voice-config-mock explore`: random sequences of calls against a running server, judged by a model of the spec (contracts/conformance/explore/). */
import { runExploreCommand } from '../../../contracts/conformance/explore/cli.js';
import { boundKitHeapGrowth } from '../kit-heap.js';

export function run(argv: string[]): ReturnType<typeof runExploreCommand> {
  boundKitHeapGrowth();
  return runExploreCommand(argv);
}
