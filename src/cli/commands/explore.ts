/** `voice-config-mock explore`: random sequences of calls against a running server, judged by a model of the spec (contracts/conformance/explore/). */
export { runExploreCommand as run } from '../../../contracts/conformance/explore/cli.js';
