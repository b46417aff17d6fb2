/**
 * Every variant `npm run bench -- --variants all` builds must still find
 * what it changes: an edit whose target was renamed away would stop the
 * bench (or, worse, measure the shipped code under another name).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the bench, without type declarations.
import { variants } from '../bench/variants.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

type Variant = { edits?: Record<string, [string | RegExp, string][]>; script?: string };

describe('bench variants', () => {
  const all = Object.entries(variants as Record<string, Variant>);

  it.each(all)('%s finds what it changes', (_name, variant) => {
    if (variant.script) expect(existsSync(`${root}${variant.script}`)).toBe(true);
    for (const [file, replacements] of Object.entries(variant.edits ?? {})) {
      const text = readFileSync(`${root}${file}`, 'utf8');
      for (const [from, to] of replacements) expect(text.replace(from, to)).not.toBe(text);
    }
  });
});
