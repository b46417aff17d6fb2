/**
 * Options that could never work are refused at start, with exit code 2 and
 * a message naming the fix (issue 30): a control token a header cannot
 * carry, and a journal budget the heap cannot hold.
 */
import { spawnSync } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';

const cli = new URL('../dist/voice-config-mock.cjs', import.meta.url).pathname;

const run = (args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(process.execPath, [cli, '--port', '0', ...args], { encoding: 'utf8', timeout: 20_000, env });
  return { code: result.status, stderr: result.stderr };
};

describe('refused at start', () => {
  it.each([' leading-space', 'trailing-newline\n', 'in side', 'nön-ascii', 'bell\u0007'])('a control token %j', (token) => {
    const { code, stderr } = run(['--control-token', token]);
    expect(code).toBe(2);
    expect(stderr).toContain('--control-token may hold only visible ASCII characters');
  });

  it('a --journal-mib past half the heap, naming the ceiling', () => {
    const ceiling = Math.floor(getHeapStatistics().heap_size_limit / 1024 / 1024 / 2);
    // The child's heap is the same as this process's unless NODE_OPTIONS changes it: leave it out.
    const env = { ...process.env, NODE_OPTIONS: '' };
    const { code, stderr } = run(['--journal-mib', String(ceiling * 2)], env);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--journal-mib must be at most (\d+) here: half of node's heap limit/);
    const named = Number(/at most (\d+) here/.exec(stderr)?.[1]);
    expect(Math.abs(named - ceiling)).toBeLessThanOrEqual(1);
  });

  it('a --body-budget-mib that is no whole number', () => {
    const { code, stderr } = run(['--body-budget-mib', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain('--body-budget-mib must be a whole number from 1 to 65536');
  });
});
