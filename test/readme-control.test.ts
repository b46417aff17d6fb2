/**
 * The README's control API walkthrough runs as written against a live mock
 * (only its address is swapped for the test server's free port).
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
  .find((block) => block.includes('# A fresh organization of your own'));

describe('readme control api walkthrough', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0 });
  });
  afterAll(() => server.close());

  it('runs as written and does what it says', async () => {
    expect(walkthrough).toBeDefined();
    const script = `set -euo pipefail\n${(walkthrough ?? '').replaceAll('http://127.0.0.1:4010', server.url)}`;
    const tenantsBefore = server.world.tenants.list().length;

    const { stdout } = await run('bash', ['-c', script], { timeout: 20_000 });

    expect(stdout).toContain('"isSystem":true');
    expect(stdout).toContain('"frozen":true');
    expect(stdout).toContain('"title":"Forbidden Error"');
    expect(stdout).toMatch(/"count":1\b/);
    expect(stdout).toMatch(/HTTP\/1\.1 503[\s\S]*"title":"Injected Fault"/);
    // Restored after the reset, then the walkthrough's own organization removed again.
    expect(server.world.tenants.list()).toHaveLength(tenantsBefore);
    expect(server.world.faults.list()).toEqual([]);
  });
});
