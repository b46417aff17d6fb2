/**
 * The browser entry's size that docs/browser.md states is the size a page
 * gets: measured the way `npm run size:browser` prints it, and within a tenth
 * of the gzipped figure the page gives (so growth shows up here, and the page
 * is corrected with it).
 */
import { describe, expect, it } from 'vitest';
import { pageText } from '../helpers/readme.js';
import { measureBrowserBundle } from './browser-bundle-size.mjs';

describe('the browser bundle size in docs/browser.md', () => {
  it('states the gzipped size of the browser entry within a tenth', async () => {
    const stated = /about \*\*(\d+) KB, (\d+) KB gzipped\*\*/.exec(pageText('docs/browser.md'));
    expect(stated, 'docs/browser.md states "about **N KB, M KB gzipped**"').not.toBeNull();
    const { bytes, gzipBytes, packages } = await measureBrowserBundle();

    expect(gzipBytes / 1024 / Number(stated?.[2])).toBeGreaterThan(0.9);
    expect(gzipBytes / 1024 / Number(stated?.[2])).toBeLessThan(1.1);
    expect(bytes / 1024 / Number(stated?.[1])).toBeGreaterThan(0.9);
    expect(bytes / 1024 / Number(stated?.[1])).toBeLessThan(1.1);
    // The page names what weighs most; the bundle must hold it.
    expect(packages.map((part) => part.name)).toEqual(expect.arrayContaining(['zod', 'msw', 'voice-config-mock']));
  }, 60_000);
});
