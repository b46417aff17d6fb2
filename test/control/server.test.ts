/**
 * The control plane over a real port: the typed client over HTTP, tenants
 * working side by side on one server, and the state file surviving a kill.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createControlClient } from '../../src/client/control-client.js';
import { createMockState } from '../../src/state/mock-state.js';
import { loadStateFile } from '../../src/state/persistence/state-file.js';
import { StateFileWriter } from '../../src/state/persistence/state-file-writer.js';
import { exportState } from '../../src/state/snapshot/snapshot.js';
import { serverForTests } from '../helpers/server.js';
import { trunkBody } from './helpers.js';

const cli = new URL('../../dist/voice-config-mock.cjs', import.meta.url).pathname;

async function call(url: string, token: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}/api/v1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return { status: res.status, body: (await res.json()) as any };
}

describe('control plane over http', () => {
  const mock = serverForTests();

  it('drives tenants, injection and verification through the typed client', async () => {
    const control = createControlClient({ baseUrl: mock.url });
    const tenant = await control.createTenant({ name: 'Over HTTP' });
    const id = '5a0b0e3c-3f9d-4c51-9d35-2d2a1e0c7b99';
    await control.injectRecord({ orgId: tenant.id, kind: 'tools', record: { id, type: 'endCall', name: 'hang_up' } });
    expect((await call(mock.url, tenant.token, 'DELETE', `/tools/${id}`)).body).toEqual({});
    expect((await control.verify({ method: 'DELETE', path: '/api/v1/tools/:id', orgId: tenant.id })).count).toBe(1);
    await control.deleteTenant(tenant.id);
  });

  it('reads bodies off the socket whole: multi-byte characters survive, invalid UTF-8 is a client error', async () => {
    const name = 'Zürich ☎ 東京 '.repeat(2000).trim().slice(0, 100);
    const created = await call(mock.url, 'demo-token', 'POST', '/sip-trunks', { ...trunkBody, name });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe(name);
    const bytes = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('","host":"a.example.com"}')]);
    const res = await fetch(`${mock.url}/api/v1/sip-trunks`, {
      method: 'POST',
      headers: { authorization: 'Bearer demo-token', 'content-type': 'application/json' },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(((await res.json()) as { detail: string }).detail).toContain('not valid UTF-8');
  });

  it('lets several tenants work at once without seeing or losing each other’s data', async () => {
    const control = createControlClient({ baseUrl: mock.url });
    const tenants = await Promise.all([1, 2, 3, 4].map((n) => control.createTenant({ name: `Worker ${n}`, scenario: 'default' })));
    const seeded = await Promise.all(tenants.map(async (t) => (await call(mock.url, t.token, 'GET', '/tools')).body.length));
    const work = tenants.map(async (tenant, n) => {
      const created = [];
      for (let i = 0; i < 10; i++) {
        created.push((await call(mock.url, tenant.token, 'POST', '/sip-trunks', { ...trunkBody, name: `T${n}-${i}` })).body.id);
      }
      await Promise.all(created.slice(0, 5).map((id) => call(mock.url, tenant.token, 'DELETE', `/sip-trunks/${id}`)));
      // Worker 0 resets itself in the middle of the others' work.
      if (n === 0) await control.reset({ orgId: tenant.id });
      return created;
    });
    const created = await Promise.all(work);
    for (const [n, tenant] of tenants.entries()) {
      const trunks = (await call(mock.url, tenant.token, 'GET', '/sip-trunks')).body as { id: string; name: string }[];
      const mine = trunks.filter((t) => t.name.startsWith('T')).map((t) => t.name);
      expect(mine.every((name) => name.startsWith(`T${n}-`))).toBe(true);
      expect(mine).toHaveLength(n === 0 ? 0 : 5);
      expect((await call(mock.url, tenant.token, 'GET', '/tools')).body).toHaveLength(seeded[n] ?? -1);
      for (const [m, ids] of created.entries()) {
        if (m === n) continue;
        expect((await call(mock.url, tenant.token, 'GET', `/sip-trunks/${ids[9]}`)).status).toBe(404);
      }
    }
    await Promise.all(tenants.map((t) => control.deleteTenant(t.id)));
  });
});

function startCli(args: string[]): Promise<{ child: ChildProcess; url: string; banner: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url, banner: out });
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
}

/** Kills with SIGKILL and waits until the process is gone (its lock is then stale). */
function killed(child: ChildProcess): Promise<void> {
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  return gone;
}

function exitOf(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe('state file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vcm-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survives a kill and a restart', async () => {
    const file = join(dir, 'state.json');
    const first = await startCli(['--state-file', file]);
    expect(first.banner).toContain('(scenario default, seed 1)');
    const trunk = (await call(first.url, 'demo-token', 'POST', '/sip-trunks', trunkBody)).body;
    // An answered write is on disk already: killed at once, the mock loses nothing.
    await killed(first.child);
    const second = await startCli(['--state-file', file, '--seed', '7']);
    try {
      // The banner names where the data came from, not a seed that did not make it.
      expect(second.banner).toContain(`(state loaded from ${file}; a reset goes back to scenario default, seed 7)`);
      expect((await call(second.url, 'demo-token', 'GET', `/sip-trunks/${trunk.id}`)).body).toMatchObject({
        id: trunk.id,
        name: trunkBody.name,
      });
      const provider = await createControlClient({ baseUrl: second.url }).telephonyOf(trunk.id);
      expect(provider.trunkId).toBe(trunk.id);
    } finally {
      second.child.kill('SIGKILL');
    }
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('saves on %s and exits cleanly', async (signal) => {
    const file = join(dir, `${signal}.json`);
    const run = await startCli(['--state-file', file]);
    await createControlClient({ baseUrl: run.url }).createTenant({ name: 'Kept' });
    const exited = new Promise((resolve) => run.child.on('exit', resolve));
    run.child.kill(signal);
    expect(await exited).toBe(0);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.organizations.map((o: { name: string }) => o.name)).toContain('Kept');
  });

  it('finishes a request in flight on SIGTERM before it exits', async () => {
    const run = await startCli([]);
    await createControlClient({ baseUrl: run.url }).addFault({ path: '/api/v1/schemas', latencyMs: 700 });
    const slow = call(run.url, 'demo-token', 'GET', '/schemas');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise((resolve) => run.child.on('exit', resolve));
    run.child.kill('SIGTERM');
    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(answered.body.length).toBeGreaterThan(0);
    expect(await exited).toBe(0);
  });

  it('reports a corrupt file clearly, exits 2, and leaves the file as it was', async () => {
    const file = join(dir, 'corrupt.json');
    writeFileSync(file, '{"format": "voice-config-mock/state", oops');
    const { code, stderr } = await exitOf(['--state-file', file]);
    expect(code).toBe(2);
    expect(stderr).toContain(`The state file ${file} is not valid JSON`);
    expect(stderr).toContain('left as it is');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe('{"format": "voice-config-mock/state", oops');
  });

  it('refuses a state file with prototype keys or absurd nesting, naming the file, and changes nothing', async () => {
    const mockState = createMockState();
    const before = exportState(mockState);
    const polluting = join(dir, 'polluting.json');
    writeFileSync(polluting, '{"format":"voice-config-mock/state","version":1,"organizations":[],"__proto__":{"polluted":true}}');
    await expect(loadStateFile(mockState, polluting)).rejects.toThrow(`The state file ${polluting} may not contain the keys "__proto__"`);
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `{"format":"voice-config-mock/state","version":1,"organizations":[],"x":${'['.repeat(5000)}${']'.repeat(5000)}}`);
    await expect(loadStateFile(mockState, deep)).rejects.toThrow(`The state file ${deep} is nested more than 37 levels deep`);
    expect(exportState(mockState).organizations).toEqual(before.organizations);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves no temporary file behind when a save fails', async () => {
    // A space in the path: the message names the file once, with the cause after it.
    const folder = join(dir, 'failing dir');
    // The state file's path is a folder with something in it: the temporary file is written, the rename fails.
    mkdirSync(join(folder, 'state.json', 'occupied'), { recursive: true });
    const writer = new StateFileWriter(createMockState(), join(folder, 'state.json'));
    const error = (await writer.writeNow().catch((e: Error) => e)) as Error;
    expect(error.message).toMatch(/^Cannot write the state file .*failing dir\/state\.json: /);
    expect(error.message).not.toContain('Could not save');
    expect(readdirSync(folder)).toEqual(['state.json']);
  });

  it('stops at start when the state file cannot be written', async () => {
    const { code, stderr } = await exitOf(['--state-file', join(dir, 'no-such-folder', 'state.json')]);
    expect(code).toBe(2);
    expect(stderr).toContain('Cannot write the state file');
  });

  it('exits 1 on SIGTERM when the last save fails, saying why', async () => {
    const folder = join(dir, 'vanishing');
    mkdirSync(folder);
    const run = await startCli(['--state-file', join(folder, 'state.json')]);
    let stderr = '';
    run.child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    await createControlClient({ baseUrl: run.url }).createTenant({ name: 'Lost' });
    // Gone after the last write: only the save at shutdown finds it missing (a write would write it again).
    rmSync(folder, { recursive: true });
    const exited = new Promise((resolve) => run.child.on('exit', resolve));
    run.child.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(stderr).toContain('Could not save the state file');
  });

  it('refuses an empty --state-file instead of running without one', async () => {
    const { code, stderr } = await exitOf(['--state-file', '']);
    expect(code).toBe(2);
    expect(stderr).toContain('--state-file needs a path');
  });

  it('reports a file that parses but is not a state, and keeps it', async () => {
    const file = join(dir, 'wrong.json');
    writeFileSync(file, '{"organizations": 3}');
    const { code, stderr } = await exitOf(['--state-file', file]);
    expect(code).toBe(2);
    expect(stderr).toContain('is not a state this mock can load');
    expect(readFileSync(file, 'utf8')).toBe('{"organizations": 3}');
  });
});
