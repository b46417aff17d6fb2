/**
 * The architecture check (scripts/check-architecture.mjs) on small trees made
 * for each test: it must see every way this project writes an import, and
 * nothing that only looks like one.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script, runnable by hand, without type declarations.
import { checkArchitecture, MAX_LINES } from '../scripts/check-architecture.mjs';

describe('check-architecture', () => {
  let root: string;
  const write = (files: Record<string, string>) => {
    root = mkdtempSync(join(tmpdir(), 'vcm-arch-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, dirname(path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds a method replaced on a live object, and leaves a class setting its own members alone', () => {
    write({
      'src/feed.ts': [
        'export function watch(store: { put: (x: number) => void }, note: (x: number) => void) {',
        '  const put = store.put;',
        '  store.put = (x) => {',
        '    put.call(store, x);',
        '    note(x);',
        '  };',
        '  Object.assign(store, { put: originals.put });',
        '  Array.prototype.last = function () {};',
        '}',
        'class Own {',
        '  #run = () => 1;',
        '  constructor() {',
        '    this.run = () => 2;',
        '  }',
        '}',
        'const same = a.b === c;',
        'const fetch: typeof globalThis.fetch = (input) => globalThis.fetch(input);',
        '',
      ].join('\n'),
    });
    expect(checkArchitecture(root, ['src']).replaced).toEqual([
      'src/feed.ts:3 store.put',
      'src/feed.ts:8 Array.prototype.last',
      'src/feed.ts:7 store',
    ]);
  });

  it('finds a cycle closed by a type-only import written over several lines', () => {
    write({
      'src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'src/b.ts': "import { c } from './deep/c.js';\nexport const b = c;\n",
      'src/deep/c.ts': "import type {\n  A,\n  Other,\n} from '../a.js';\nexport const c = 1 as unknown as A | Other;\n",
      'src/free.ts': "import { a } from './a.js';\nexport const free = a;\n",
    });
    const { cycles, files } = checkArchitecture(root, ['src']);
    expect(files).toBe(4);
    expect(cycles).toEqual([['src/a.ts', 'src/b.ts', 'src/deep/c.ts']]);
  });

  it('follows re-exports, dynamic imports and imports across the given folders', () => {
    write({
      'src/index.ts': "export * from './cli.js';\n",
      'src/cli.ts': "export async function main() {\n  await import('../contracts/kit.js');\n}\n",
      'contracts/kit.ts': "export { main } from '../src/index.js';\n",
    });
    expect(checkArchitecture(root, ['src', 'contracts']).cycles).toEqual([['contracts/kit.ts', 'src/cli.ts', 'src/index.ts']]);
  });

  it('finds layers that import each other though no files form a cycle, and takes subfolders as part of their layer', () => {
    write({
      'src/http/routes.ts': "import { store } from '../state/store.js';\nexport const routes = store;\n",
      'src/state/store.ts': 'export const store = 1;\n',
      'src/state/journal/entry.ts': "import type { Problem } from '../../http/problem.js';\nexport type Entry = Problem;\n",
      'src/http/problem.ts': 'export type Problem = string;\n',
      'src/domain/rules/name.ts': "import { limit } from '../limits.js';\nexport const name = limit;\n",
      'src/domain/limits.ts': "import type {} from './rules/name.js';\nexport const limit = 1;\n",
    });
    const result = checkArchitecture(root, ['src']);
    expect(result.cycles).toEqual([['src/domain/limits.ts', 'src/domain/rules/name.ts']]);
    expect(result.folderCycles).toEqual([['src/http', 'src/state']]);
  });

  it('ignores imports of packages, text that only mentions importing, and files outside the folders', () => {
    write({
      'src/a.ts': "import { z } from 'zod';\nimport { b } from './b.js';\nexport const a = [z, b];\n",
      'src/b.ts': "// Nothing here is imported from './a.js'.\nexport const b = 'import from \"./a.js\" is just text';\n",
      'test/a.test.ts': "import { a } from '../src/a.js';\n",
    });
    const result = checkArchitecture(root, ['src']);
    expect(result.cycles).toEqual([]);
    expect(result.folderCycles).toEqual([]);
    expect(result.files).toBe(2);
  });

  it(`names source files over ${MAX_LINES} lines, not tests`, () => {
    const lines = (n: number) => `${Array.from({ length: n }, (_, i) => `export const x${i} = ${i};`).join('\n')}\n`;
    write({
      'src/long.ts': lines(MAX_LINES + 1),
      'src/just-fits.ts': lines(MAX_LINES),
      'src/long.test.ts': lines(MAX_LINES * 2),
    });
    expect(checkArchitecture(root, ['src']).long).toEqual([{ file: 'src/long.ts', lines: MAX_LINES + 1 }]);
  });
});
