/**
 * The webhook walkthrough of docs/webhooks.md runs as written: its receiver (the
 * signature check users copy) runs with node, its curl commands with bash
 * against a live mock; only the two addresses are swapped for free ports.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { readmeBlock, runShellBlock } from '../helpers/readme.js';

const receiverCode = readmeBlock('js', 'timingSafeEqual', 'docs/webhooks.md');
const walkthrough = readmeBlock('sh', '# Simulate a call', 'docs/webhooks.md');

describe('readme webhook walkthrough', () => {
  let server: RunningServer;
  let receiver: ChildProcess;
  let receiverUrl: string;
  let output = '';
  const dir = mkdtempSync(join(tmpdir(), 'voice-receiver-'));

  beforeAll(async () => {
    server = await startServer({ port: 0 });
    const port = await freePort();
    receiverUrl = `http://127.0.0.1:${port}`;
    writeFileSync(join(dir, 'receiver.mjs'), receiverCode ?? '');
    receiver = spawn(process.execPath, ['receiver.mjs'], { cwd: dir, env: { ...process.env, PORT: String(port) } });
    receiver.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await vi.waitFor(() => expect(output).toContain('receiver listening'), { timeout: 10_000 });
  });
  afterAll(async () => {
    receiver?.kill();
    server.mockState.outbox.stop();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers the three events of a call to the README receiver, which verifies each signature', async () => {
    expect(walkthrough).toBeDefined();
    const stdout = await runShellBlock(walkthrough ?? '', { 'http://127.0.0.1:4010': server.url, 'http://127.0.0.1:4020': receiverUrl });

    expect(stdout).toMatch(/"event":"call\.analyzed"/);
    expect(stdout).toMatch(/"url":"http:\/\/127\.0\.0\.1:\d+\/hooks","status":"delivered"/);
    expect(stdout).toContain('{"removed":');
    await vi.waitFor(() =>
      expect(output.match(/verified call\.\w+/g)).toEqual(['verified call.started', 'verified call.ended', 'verified call.analyzed']),
    );
  });

  it('has a receiver that refuses a delivery whose signature does not match', async () => {
    const res = await fetch(`${receiverUrl}/hooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-voice-timestamp': '1770000000', 'x-voice-signature': `v1=${'0'.repeat(64)}` },
      body: '{"event":"call.ended","data":{"callId":"x"}}',
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBeNull();
    expect(await res.text()).toBe('bad signature');
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
