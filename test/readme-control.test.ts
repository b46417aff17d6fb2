/**
 * The control API walkthrough of docs/control-api.md runs as written against a live mock
 * (only its address is swapped for the test server's free port).
 */
import { describe, expect, it } from 'vitest';
import { createControlClient } from '../src/client/control-client.js';
import { pageText, readmeBlock, runShellBlock } from './helpers/readme.js';
import { serverForTests } from './helpers/server.js';

const walkthrough = readmeBlock('sh', '# A fresh organization of your own', 'docs/control-api.md');

describe('readme control api walkthrough', () => {
  const mock = serverForTests();

  it('runs as written and does what it says', async () => {
    expect(walkthrough).toBeDefined();
    const tenantsBefore = mock.server.mockState.organizations.list().length;

    const stdout = await runShellBlock(walkthrough ?? '', { 'http://127.0.0.1:4010': mock.url });

    expect(stdout).toContain('"isSystem":true');
    expect(stdout).toContain('"frozen":true');
    expect(stdout).toContain('"title":"Forbidden Error"');
    expect(stdout).toMatch(/"count":1\b/);
    expect(stdout).toMatch(/HTTP\/1\.1 503[\s\S]*"title":"Injected Fault"/);
    // Restored after the reset, then the walkthrough's own organization removed again.
    expect(mock.server.mockState.organizations.list()).toHaveLength(tenantsBefore);
    expect(mock.server.mockState.faults.list()).toEqual([]);
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
