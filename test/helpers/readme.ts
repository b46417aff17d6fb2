/** The README's examples, taken from the README itself so tests run them exactly as a newcomer would. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const run = promisify(execFile);

/** The README's fenced block of this language that contains `marker`, or undefined. */
export function readmeBlock(lang: string, marker: string): string | undefined {
  return [...readme.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))]
    .map((match) => match[1] ?? '')
    .find((block) => block.includes(marker));
}

/**
 * Runs a shell block with bash (stopping at the first failing command),
 * after swapping the addresses it names for the test's own (`replace`).
 */
export async function runShellBlock(
  block: string,
  replace: Record<string, string>,
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<string> {
  const script = Object.entries(replace).reduce((text, [from, to]) => text.replaceAll(from, to), block);
  const { stdout } = await run('bash', ['-c', `set -euo pipefail\n${script}`], { timeout: 20_000, ...options });
  return stdout;
}
