/**
 * docs/frontend.md's MSW recipe is this folder's assistants.test.ts, word for word: the page shows the file that
 * runs (in node here, and in jsdom through assistants-jsdom.test.ts). Change the file, then paste it into the page.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { readmeBlock } from '../helpers/readme.js';

it('is the block the frontend guide shows', () => {
  const block = readmeBlock('ts', '// assistants.test.ts', 'docs/frontend.md');
  expect(block).toBe(readFileSync(new URL('./assistants.test.ts', import.meta.url), 'utf8'));
});
