/**
 * A request log whose writer throws (a program embedding the mock, logging to a file it closed) never changes an
 * answer: the change was made, and with a state file saved, before its line was written, so the client is told it
 * was, on either way a request is answered (the direct routes or the app), and the failure is told once on stderr.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type RunningServer, startServer } from '../src/server/server.js';

const dirs: string[] = [];
const servers: RunningServer[] = [];

afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const auth = { authorization: 'Bearer demo-token', 'content-type': 'application/json' };

async function serverWithBrokenLog(options: { directRoutes?: boolean; stateFile?: boolean }) {
  let stateFile: string | undefined;
  if (options.stateFile) {
    const dir = mkdtempSync(join(tmpdir(), 'log-failure-'));
    dirs.push(dir);
    stateFile = join(dir, 'state.json');
  }
  let calls = 0;
  const server = await startServer({
    port: 0,
    ...(options.directRoutes === false ? { directRoutes: false } : {}),
    ...(stateFile ? { stateFile } : {}),
    requestLog: {
      write: () => {
        calls++;
        throw new Error('EBADF: the log file was closed\x1b[2J');
      },
    },
  });
  servers.push(server);
  return { server, calls: () => calls };
}

describe('a request log that throws', () => {
  for (const [name, options] of [
    ['the direct routes', {}],
    ['the app', { directRoutes: false }],
    ['the direct routes with a state file', { stateFile: true }],
    ['the app with a state file', { directRoutes: false, stateFile: true }],
  ] as const) {
    it(`changes no answer of ${name}, and is told once on stderr, escaped`, async () => {
      const told = vi.spyOn(console, 'error').mockImplementation(() => {});
      const { server, calls } = await serverWithBrokenLog(options);
      const created = await fetch(`${server.url}/api/v1/schemas`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Call topics', properties: { topic: 'string' } }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const patched = await fetch(`${server.url}/api/v1/schemas/${id}`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ description: 'Changed while the log was broken.' }),
      });
      expect(patched.status).toBe(200);
      const fetched = await fetch(`${server.url}/api/v1/schemas/${id}`, { headers: auth });
      expect(fetched.status).toBe(200);
      expect(((await fetched.json()) as { description?: string }).description).toBe('Changed while the log was broken.');
      // Every answer still went to the log, which failed each time; only the first failure was told.
      expect(calls()).toBe(3);
      const notes = told.mock.calls.map((args) => args.join(' ')).filter((text) => text.includes('request log'));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toContain('EBADF: the log file was closed');
      expect(notes[0]).not.toContain('\x1b');
      expect(told.mock.calls.flat().join(' ')).not.toMatch(/unexpected failure/);
    });
  }
});
