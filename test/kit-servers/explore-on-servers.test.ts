/**
 * explore against servers that are not the mock (alpha, beta, gamma: each conforms to the spec while choosing
 * differently where it is silent): no rule broken, even counting the assumed ones, exit 0, nothing left
 * behind, and every record as it was by the server's own account.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { runExploreCommand } from '../../contracts/conformance/explore/cli.js';
import { startAlpha } from './alpha.js';
import { BETA_OPENAPI, BETA_VERSION, startBeta } from './beta.js';
import { GAMMA_EXAMPLES, GAMMA_SYSTEM_TRUNK, startGamma } from './gamma.js';

const dir = mkdtempSync(join(tmpdir(), 'explore-servers-'));
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const servers = [
  { name: 'alpha', start: () => startAlpha(), flags: (url: string) => ['--base-url', url, '--token', 'alpha-a', '--token2', 'alpha-b'] },
  {
    name: 'beta',
    start: () => startBeta(),
    flags: (url: string) => [
      ...['--base-url', url, '--token', 'beta-one', '--token2', 'beta-two', '--openapi', BETA_OPENAPI],
      ...['--id-pointer', '/data/id', '--list-pointer', '/data', '--header', `X-Api-Version: ${BETA_VERSION}`],
    ],
  },
  {
    name: 'gamma',
    start: () => startGamma(),
    flags: (url: string) => [
      ...['--base-url', url, '--token', 'gamma-1', '--token2', 'gamma-2', '--examples', GAMMA_EXAMPLES],
      ...['--system-trunk-id', GAMMA_SYSTEM_TRUNK],
    ],
  },
];

describe('explore on servers that are not the mock', () => {
  it.each(servers)(
    'breaks no rule of $name and leaves its records as they were',
    async ({ name, start, flags }) => {
      const server = await start();
      closing.push(() => server.close());
      const before = server.state();
      const report = join(dir, `${name}.json`);
      let out = '';
      const io = { out: (text: string) => (out += text), err: (text: string) => (out += text) };

      const code = await runExploreCommand(
        [...flags(server.url), '--seed', '7', '--runs', '40', '--steps', '8', '--strict', '--report', `json=${report}`],
        io,
      );

      const json = JSON.parse(readFileSync(report, 'utf8'));
      expect(
        json.failures.map((failure: { check: string; detail: string }) => `${failure.check}: ${failure.detail}`),
        out,
      ).toEqual([]);
      expect(code).toBe(0);
      expect(json).toMatchObject({ outcome: 'passed', seed: 7, runs: 40, leftovers: [] });
      expect(json.requests).toBeGreaterThan(40);
      expect(server.state()).toBe(before);
    },
    60_000,
  );
});
