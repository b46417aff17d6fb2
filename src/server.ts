/** Serves the app on a port with Node's HTTP server. */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type AppOptions, createApp } from './http/app.js';
import { createWorld, type World } from './world.js';

export interface ServerOptions extends AppOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1: only this machine can reach the mock. */
  host?: string;
}

export interface RunningServer {
  url: string;
  world: World;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4010;
export const DEFAULT_HOST = '127.0.0.1';

export function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const world = options.world ?? createWorld(options);
  const app = createApp({ ...options, world });
  const host = options.host ?? DEFAULT_HOST;
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port: options.port ?? DEFAULT_PORT, hostname: host }, (info: AddressInfo) => {
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${shownHost}:${info.port}`,
        world,
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
