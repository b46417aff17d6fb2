#!/usr/bin/env node
/**
 * The `voice-config-mock` command (`dist/voice-config-mock.cjs`): the command
 * line's dispatcher (src/cli/cli.ts, with the help), which loads the bundle
 * of the command that runs (`dist/commands/<name>.cjs`), through its code
 * cache when the build made one. Bundled as CommonJS: Node's ES module loader
 * (and the ES module face of node:fs, which loads the streams) cost `--version`
 * about a seventh of its CPU (107 against 92 ms, docs/BENCHMARKS.md). VOICE_CONFIG_MOCK_CODE_CACHE=report
 * prints whether a cache was used, for the test that keeps it working.
 */
import { main } from '../cli.js';
import { loadBundle } from './compiled-bundle.js';

// A rejection ends the process as an uncaught error would (exit code 1, with its stack).
void main(process.argv.slice(2), (name) => {
  const { exports, codeCache } = loadBundle(name);
  if (process.env.VOICE_CONFIG_MOCK_CODE_CACHE === 'report') process.stderr.write(`code cache: ${codeCache}\n`);
  return exports;
});
