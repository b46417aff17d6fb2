#!/usr/bin/env node
/**
 * The `voice-config-mock` command (`dist/voice-config-mock.cjs`): the command
 * line's dispatcher (src/cli/cli.ts, with the help), which loads the bundle
 * of the command that runs (`dist/commands/<name>.cjs`) and nothing else.
 * Bundled as CommonJS: Node's ES module loader (and the ES module face of
 * node:fs, which loads the streams) cost `--version` about a seventh of its
 * CPU (107 against 92 ms, docs/BENCHMARKS.md). `npm start` runs the same
 * dispatcher from a start-up snapshot instead (start-snapshot.ts).
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { main } from '../cli.js';

const load = createRequire(import.meta.url);

// A rejection ends the process as an uncaught error would (exit code 1, with its stack).
void main(process.argv.slice(2), (name) => load(fileURLToPath(new URL(`./commands/${name}.cjs`, import.meta.url))));
