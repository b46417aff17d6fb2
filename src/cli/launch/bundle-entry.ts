/**
 * The entry of the `serve` command's bundle (`dist/commands/serve.cjs`): the
 * command itself, and a warm-up that runs what a start-up runs, so the code
 * cache written after it holds every function a start compiles. The other
 * commands' bundles are built from their modules as they are.
 */
import { startServer } from '../../server/server.js';

export { run } from '../commands/serve.js';

/** Starts the default mock on a free port, answers one list, and stops it. */
export async function warmUp(): Promise<void> {
  const server = await startServer({ port: 0 });
  try {
    const token = server.mockState.organizations.list()[0]?.token ?? '';
    const response = await fetch(`${server.url}/api/v1/schemas`, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`the warm-up list answered ${response.status}`);
    await response.text();
  } finally {
    await server.close();
  }
}
