/**
 * The README's curl walkthrough runs as written: the block is taken from the
 * README itself and run with bash against a real server (only its address is
 * swapped for the test server's free port).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../src/server.js';

const run = promisify(execFile);
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const walkthrough = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
  .map((match) => match[1] ?? '')
  .find((block) => block.includes('# Create a SIP trunk'));

describe('readme curl walkthrough', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('runs as written against a live mock and shows what it promises', async () => {
    expect(walkthrough).toBeDefined();
    const script = `set -euo pipefail\n${(walkthrough ?? '').replaceAll('http://127.0.0.1:4010', server.url)}`;
    const org = server.world.tenants.byToken('demo-token');
    const provisionedBefore = server.world.telephony.configurations(org?.id).length;

    const { stdout } = await run('bash', ['-c', script], { timeout: 15_000 });

    expect(stdout).toContain('"isLocked":true');
    expect(stdout).toContain('"transport":"tls"');
    expect(stdout).toMatch(/HTTP\/1\.1 403[\s\S]*"title":"Forbidden Error"/);
    expect(stdout).toContain('"pointer":"/timeoutSeconds"');
    expect(stdout).toMatch(/HTTP\/1\.1 401/);
    // The trunk it created was provisioned, then cleaned up by its delete.
    expect(server.world.telephony.configurations(org?.id)).toHaveLength(provisionedBefore);
  });
});
