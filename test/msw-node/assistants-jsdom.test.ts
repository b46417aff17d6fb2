// @vitest-environment jsdom
/**
 * docs/frontend.md's MSW recipe (assistants.test.ts, the page's block as written: test/msw-node/recipe-doc.test.ts
 * checks they are the same) in the environment component tests run in: jsdom's window and document, Node's fetch.
 */
import { expect, it } from 'vitest';
import './assistants.test.js';

it('runs in jsdom', () => {
  expect('document' in globalThis && 'window' in globalThis).toBe(true);
});
