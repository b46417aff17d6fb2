/**
 * The project's own tree, as docs/ARCHITECTURE.md draws it: no import cycle
 * (type-only imports included), no source file over 300 lines, no method
 * replaced on a live object at run time, and imports that only run down the
 * layers domain → state → http → server → cli.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, runnable by hand, without type declarations.
import { checkArchitecture, importsOf, sourceFiles } from '../scripts/check-architecture.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** A layer may import those before it, never those after. client and browser are entries on top, like the CLI. */
const ORDER = ['domain', 'state', 'http', 'server', 'cli'];
const rank = (layer: string) => (layer === 'client' || layer === 'browser' ? ORDER.length : ORDER.indexOf(layer));

describe('the tree of src/ and contracts/', () => {
  it('has no import cycle, of files or of layers, and no source file over 300 lines', () => {
    const report = checkArchitecture(root, ['src', 'contracts']);
    expect(report.cycles).toEqual([]);
    expect(report.folderCycles).toEqual([]);
    expect(report.long).toEqual([]);
  });

  it('replaces no method of a live object at run time: changes are followed through the change stream', () => {
    expect(checkArchitecture(root, ['src', 'contracts']).replaced).toEqual([]);
  });

  it('imports only downwards between the layers of src/', () => {
    const files: string[] = sourceFiles(root, ['src']);
    const known = new Set(files);
    const layerOf = (file: string) => relative(root, file).split('/')[1] ?? '';
    const upward = files.flatMap((file) =>
      (importsOf(file, known) as string[])
        .filter((target) => rank(layerOf(target)) > rank(layerOf(file)) && ORDER.includes(layerOf(file)))
        .map((target) => `${relative(root, file)} → ${relative(root, target)}`),
    );
    expect(upward).toEqual([]);
  });
});
