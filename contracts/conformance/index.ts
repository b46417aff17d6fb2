/** The conformance kit as a library: run the suite against a target and render its reports. */
export { parseVerifyArgs, UsageError, type VerifyArgs } from './args.js';
export { runVerifyCommand, type VerifyIo } from './cli.js';
export { runSuite, type SuiteOptions, summarize } from './suite.js';
export type { GivenExamples, OpenApiSource } from './target/examples.js';
export { TargetProblem } from './target/preflight.js';
export type * from './types.js';
export { closingText, progressLine } from './verdict/console.js';
export { toJunit } from './verdict/junit.js';
export { Masker, maskerFor } from './verdict/mask.js';
