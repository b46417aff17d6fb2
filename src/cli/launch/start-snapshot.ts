/**
 * What `npm start` runs: a V8 start-up snapshot (`dist/start.blob`, made by
 * `npm run build`, src/cli/launch/build-cli.mjs) of this module, the
 * launcher's dispatcher and the `serve` command, already evaluated: no
 * bundle to read, compile or evaluate at a start (docs/BENCHMARKS.md, "Start-up
 * and the commands"). Node runs the function given to
 * `setDeserializeMainFunction` in place of a script.
 *
 * What a snapshot keeps, every start gets again, exactly: so nothing may
 * run while the modules load that differs from one start to the next (the
 * clock, the environment, the terminal), and nothing may draw a random id:
 * Node keeps its pool of random UUIDs in the snapshot, and every start would
 * hand out the same ones (test/start-snapshot.test.ts starts twice and
 * compares). A warm-up at build time (the demo's lists answered in process,
 * so the snapshot holds them compiled) earned 4 % of a start and is not done.
 * The builtins the snapshot builder cannot hold are required on first use
 * (the build's LAZY_BUILTINS).
 *
 * The snapshot names the files of the dist/ it was built in. Started from
 * another place (a moved or copied checkout), it runs the launcher it was
 * given instead, as a plain `node dist/voice-config-mock.cjs` would.
 * VOICE_CONFIG_MOCK_START_SNAPSHOT=report prints which it did, for the test
 * that keeps it working.
 */
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startupSnapshot } from 'node:v8';
import { main } from '../cli.js';
import * as serve from '../commands/serve.js';

/** The file's own path, links resolved, or the path as it is when there is no such file. */
function realPath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Built in dist/commands/; the launcher is dist/voice-config-mock.cjs. */
const builtLauncher = realPath(join(dirname(dirname(fileURLToPath(import.meta.url))), 'voice-config-mock.cjs'));

if (startupSnapshot.isBuildingSnapshot()) {
  startupSnapshot.setDeserializeMainFunction(() => {
    // Node puts the first word after its own flags here, as it was typed: the launcher npm start names.
    const named = process.argv[1];
    const launcher = named === undefined ? builtLauncher : realPath(resolve(named));
    if (process.env.VOICE_CONFIG_MOCK_START_SNAPSHOT === 'report') {
      process.stderr.write(`start-up snapshot: ${launcher === builtLauncher ? 'used' : `not used (made for ${builtLauncher})`}\n`);
    }
    if (launcher !== builtLauncher) {
      createRequire(launcher)(launcher);
      return;
    }
    // A rejection ends the process as an uncaught error would (exit code 1, with its stack), as in the launcher.
    const load = createRequire(launcher);
    void main(process.argv.slice(2), (name) => (name === 'serve' ? serve : load(join(dirname(launcher), 'commands', `${name}.cjs`))));
  });
}
