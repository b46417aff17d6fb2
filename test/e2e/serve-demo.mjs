/**
 * Serves the demo page for trying the in-page mock by hand:
 * `node test/e2e/serve-demo.mjs` (PORT picks the port, default 5173).
 * esbuild rebuilds the script on every page load, so edits show on reload.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context } from 'esbuild';
import { copyDemoAssets, demoBuildOptions } from './demo-build.mjs';

const dir = await mkdtemp(join(tmpdir(), 'voice-config-mock-demo-'));
await copyDemoAssets(dir);
const builder = await context(demoBuildOptions(dir));
const { port } = await builder.serve({ servedir: dir, host: '127.0.0.1', port: Number(process.env.PORT ?? 5173) });
console.log(`Demo of the in-page mock: http://127.0.0.1:${port}/`);
console.log(`  keep the state across reloads: http://127.0.0.1:${port}/?persist`);
console.log('Press Ctrl+C to stop.');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await builder.dispose();
    await rm(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
