/** The conformance kit as a library: run the suite against a target and render its reports. */
export { parseVerifyArgs, UsageError, type VerifyArgs } from './args.js';
export { runVerifyCommand, type VerifyIo } from './cli.js';
export type { GivenExamples, OpenApiSource } from './examples.js';
export { TargetProblem } from './preflight.js';
export { closingText, progressLine } from './report/console.js';
export { toJunit } from './report/junit.js';
export { runSuite, type SuiteOptions, summarize } from './suite.js';
export type * from './types.js';
