/** Serves any fetch handler on a free port of 127.0.0.1, for verifying variants of the mock. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Starts the handler on a random port and resolves its URL. */
export function serveFetch(fetch: (request: Request) => Response | Promise<Response>): Promise<Served> {
  return new Promise((resolve, reject) => {
    // The test process's global Request and Response stay as they are (the adapter would replace them: app-listener.ts).
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }, (info: AddressInfo) => {
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
