/**
 * A bind other machines can reach needs the control API guarded or off
 * (issue 24, item 5): without it, anyone who reaches the port could read
 * every token, trunk password and webhook secret. The CLI is the built one
 * (`npm test` builds before vitest runs), as a child process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { isThisMachine } from '../src/domain/fields.js';
import { startServer } from '../src/server/server.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = 'dist/voice-config-mock.cjs';

function runToExit(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
}

const running: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGTERM');
});

/** Starts the CLI and resolves with its listening line's port, or rejects with its stderr if it exits first. */
function listeningPort(args: string[]): Promise<number> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const port = /listening on http:\/\/\S+:(\d+)/.exec(out)?.[1];
      if (port) resolve(Number(port));
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${err}`)));
  });
}

describe('the CLI on an address other machines can reach', () => {
  it.each([['0.0.0.0'], ['::'], ['192.0.2.10'], ['mock.invalid']])(
    'refuses --host %s without --control-token or --no-control, naming both',
    (host) => {
      const run = runToExit(['--port', '0', '--host', host]);
      expect(run.status).toBe(2);
      expect(run.stdout).not.toContain('listening on');
      expect(run.stderr).toContain(`listening on ${host} lets other machines reach the mock`);
      expect(run.stderr).toContain('--control-token');
      expect(run.stderr).toContain('--no-control');
    },
  );

  it('starts with --control-token, and the control API then needs the token', async () => {
    const port = await listeningPort(['--host', '0.0.0.0', '--control-token', 'local-secret']);
    const bare = await fetch(`http://127.0.0.1:${port}/__mock/state`);
    expect(bare.status).toBe(401);
    const withToken = await fetch(`http://127.0.0.1:${port}/__mock/tenants`, { headers: { 'x-control-token': 'local-secret' } });
    expect(withToken.status).toBe(200);
  });

  it('starts with --no-control, and the control API is then absent', async () => {
    const port = await listeningPort(['--host', '0.0.0.0', '--no-control']);
    expect((await fetch(`http://127.0.0.1:${port}/__mock/state`)).status).toBe(404);
  });

  it('starts on a loopback address as before, control API open', async () => {
    const port = await listeningPort(['--host', '127.0.0.1']);
    expect((await fetch(`http://127.0.0.1:${port}/__mock/tenants`)).status).toBe(200);
  });
});

describe('startServer', () => {
  it('refuses a public host with the control API open, naming the options that fix it', async () => {
    await expect(startServer({ port: 0, host: '0.0.0.0' })).rejects.toThrow(/controlToken.*control: false/);
  });
});

describe('a loopback bind', () => {
  it.each([['127.0.0.1'], ['127.1.2.3'], ['localhost'], ['LOCALHOST'], ['::1'], ['[::1]'], ['::ffff:127.0.0.1']])('is %s', (host) => {
    expect(isThisMachine(host)).toBe(true);
  });
  it.each([['0.0.0.0'], ['::'], ['10.0.0.5'], ['127.0.0.1.example.com'], ['localhost.example.com'], ['::ffff:10.0.0.1'], ['']])(
    'is not %s',
    (host) => {
      expect(isThisMachine(host)).toBe(false);
    },
  );
});
