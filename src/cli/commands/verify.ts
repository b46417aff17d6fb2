/** `voice-config-mock verify`: the conformance kit against a running server (it lives in contracts/ and never imports the mock to judge a target). */
export { runVerifyCommand as run } from '../../../contracts/conformance/cli.js';
