/** Reading pact files, and the form in which they are committed. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PACTS_DIR } from './pact-names.js';

/**
 * A pact as committed: what Pact wrote, without the tool versions in its
 * metadata (they change with upgrades and say nothing about the contract).
 */
export function committedForm(pactJson: string): string {
  const pact = JSON.parse(pactJson) as { metadata?: Record<string, unknown> };
  const { pactSpecification } = pact.metadata ?? {};
  return `${JSON.stringify({ ...pact, metadata: { pactSpecification } }, null, 2)}\n`;
}

/** Every pact file in a folder (default: the committed ones), as absolute paths. */
export async function pactFiles(dir = PACTS_DIR): Promise<string[]> {
  const names = await readdir(dir);
  return names
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
}

/** The provider state names a set of pact files uses. */
export async function stateNames(files: string[]): Promise<string[]> {
  const names = new Set<string>();
  for (const file of files) {
    const pact = JSON.parse(await readFile(file, 'utf8')) as { interactions?: { providerStates?: { name: string }[] }[] };
    for (const interaction of pact.interactions ?? []) for (const state of interaction.providerStates ?? []) names.add(state.name);
  }
  return [...names].sort();
}
