/**
 * A mock server on a free port of 127.0.0.1 for the tests around it: started
 * before them (each, or all of the enclosing describe or file) and closed
 * after, whatever happened. Read `server` and `url` inside tests, once it runs.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type RunningServer, type ServerOptions, startServer } from '../../src/server/server.js';

export interface TestServer {
  readonly server: RunningServer;
  readonly url: string;
}

export function serverForTests(options: ServerOptions = {}, { each = false }: { each?: boolean } = {}): TestServer {
  let running: RunningServer | undefined;
  const handle: TestServer = {
    get server() {
      if (!running) throw new Error('serverForTests: the server is read before it started (outside a test or hook after it)');
      return running;
    },
    get url() {
      return handle.server.url;
    },
  };
  (each ? beforeEach : beforeAll)(async () => {
    running = await startServer({ port: 0, ...options });
  });
  (each ? afterEach : afterAll)(async () => {
    await running?.close();
    running = undefined;
  });
  return handle;
}
