#!/usr/bin/env node
/**
 * The `voice-config-mock` command (`dist/voice-config-mock.mjs`): runs the
 * CLI bundle through its code cache. VOICE_CONFIG_MOCK_CODE_CACHE=report
 * prints whether the cache was used, for the test that keeps it working.
 */
import { loadBundle } from './compiled-bundle.js';

const { exports, codeCache } = loadBundle();
if (process.env.VOICE_CONFIG_MOCK_CODE_CACHE === 'report') process.stderr.write(`code cache: ${codeCache}\n`);
await exports.main(process.argv.slice(2));
