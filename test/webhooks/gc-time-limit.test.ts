/**
 * The time limit of a delivery attempt holds through garbage collection
 * (issue 24, item 3): a limit built from AbortSignal.timeout inside
 * AbortSignal.any was held only weakly on Node 20, and after a full
 * collection an attempt to a hanging receiver never ended. The attempt runs
 * in a child `node --expose-gc` (gc-time-limit.child.mjs), against the built
 * mock (`npm test` builds before vitest runs).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./gc-time-limit.child.mjs', import.meta.url));

function runChild(timeoutMs: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', CHILD, String(timeoutMs)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

it('ends an attempt to a receiver that never answers, full collections or not, and records it as a timeout', async () => {
  const { code, stdout, stderr } = await runChild(1000);
  expect(stderr).toBe('');
  expect(JSON.parse(stdout)).toEqual({
    ended: true,
    attempt: { at: expect.any(String), statusCode: null, error: 'no answer within 1000 ms', response: null },
  });
  expect(code).toBe(0);
});
