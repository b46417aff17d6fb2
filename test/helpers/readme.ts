/**
 * The examples of the user-facing pages (README.md and docs/*.md), taken from
 * the pages themselves so tests run them exactly as a newcomer would.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const root = new URL('../../', import.meta.url);
const run = promisify(execFile);

/** The user-facing pages, relative to the repository root: README.md, then docs/*.md in name order. */
export const docPages: string[] = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** The text of one page (a path relative to the repository root). */
export function pageText(page: string): string {
  return readFileSync(new URL(page, root), 'utf8');
}

/**
 * The fenced block of this language that contains `marker`, from the first
 * page that has one (or only from `page`), or undefined.
 */
export function readmeBlock(lang: string, marker: string, page?: string): string | undefined {
  for (const name of page === undefined ? docPages : [page]) {
    const block = [...pageText(name).matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))]
      .map((match) => match[1] ?? '')
      .find((text) => text.includes(marker));
    if (block !== undefined) return block;
  }
  return undefined;
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
