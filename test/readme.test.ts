/**
 * The README's curl walkthrough runs as written: the block is taken from the
 * README itself and run with bash against a real server (only its address is
 * swapped for the test server's free port).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/server/server.js';
import { readmeBlock, runShellBlock } from './helpers/readme.js';

const walkthrough = readmeBlock('sh', '# Create a SIP trunk', 'README.md');

describe('readme curl walkthrough', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('runs as written against a live mock and shows what it promises', async () => {
    expect(walkthrough).toBeDefined();
    const org = server.mockState.organizations.byToken('demo-token');
    const provisionedBefore = server.mockState.telephony.configurations(org?.id).length;

    const stdout = await runShellBlock(walkthrough ?? '', { 'http://127.0.0.1:4010': server.url });

    expect(stdout).toContain('"isLocked":true');
    expect(stdout).toContain('"transport":"tls"');
    expect(stdout).toMatch(/HTTP\/1\.1 403[\s\S]*"title":"Forbidden Error"/);
    expect(stdout).toContain('"pointer":"/timeoutSeconds"');
    expect(stdout).toMatch(/HTTP\/1\.1 401/);
    // The trunk it created was provisioned, then cleaned up by its delete.
    expect(server.mockState.telephony.configurations(org?.id)).toHaveLength(provisionedBefore);
  });
});
