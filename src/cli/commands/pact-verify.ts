/** `voice-config-mock pact-verify`: Pact's Verifier over the pacts; Pact itself is loaded from the project that runs it (not bundled). */
export { runPactVerifyCommand as run } from '../../../contracts/pact/pact-verify.js';
