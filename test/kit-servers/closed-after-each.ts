/**
 * Test servers closed after each test, whatever happened in it. Call once at
 * a file's top level; the function it gives waits for a server to start and
 * keeps it for the close.
 */
import { afterEach } from 'vitest';
import type { Running } from './plumbing.js';

export function closedAfterEach(): <T extends Running>(server: Promise<T>) => Promise<T> {
  const started: Running[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.close()));
  });
  return async (server) => {
    const running = await server;
    started.push(running);
    return running;
  };
}
