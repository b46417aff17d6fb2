/**
 * The control API walkthrough of docs/control-api.md runs as written against a live mock
 * (only its address is swapped for the test server's free port).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlClient } from '../src/client/control-client.js';
import { type RunningServer, startServer } from '../src/server/server.js';
import { pageText, readmeBlock, runShellBlock } from './helpers/readme.js';

const walkthrough = readmeBlock('sh', '# A fresh organization of your own', 'docs/control-api.md');

describe('readme control api walkthrough', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('runs as written and does what it says', async () => {
    expect(walkthrough).toBeDefined();
    const tenantsBefore = server.mockState.tenants.list().length;

    const stdout = await runShellBlock(walkthrough ?? '', { 'http://127.0.0.1:4010': server.url });

    expect(stdout).toContain('"isSystem":true');
    expect(stdout).toContain('"frozen":true');
    expect(stdout).toContain('"title":"Forbidden Error"');
    expect(stdout).toMatch(/"count":1\b/);
    expect(stdout).toMatch(/HTTP\/1\.1 503[\s\S]*"title":"Injected Fault"/);
    // Restored after the reset, then the walkthrough's own organization removed again.
    expect(server.mockState.tenants.list()).toHaveLength(tenantsBefore);
    expect(server.mockState.faults.list()).toEqual([]);
  });
});

describe('control-api.md control client', () => {
  it('names every method of the control client, and no other', () => {
    const page = pageText('docs/control-api.md');
    const paragraph = /Its methods, one per control request but [^:]+: ([^.]+)\./.exec(page)?.[1] ?? '';

    const listed = [...paragraph.matchAll(/`(\w+)`/g)].map((match) => match[1]);

    expect(listed.sort()).toEqual(Object.keys(createControlClient({})).sort());
  });
});
