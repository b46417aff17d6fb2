/**
 * The browser entry's size that docs/browser.md states is the size a page
 * gets: measured the way `npm run size:browser` prints it, and within a tenth
 * of the figures the page gives (so growth shows up here, and the page is
 * corrected with it). Faker stays out of what a page loads at start.
 */
import { describe, expect, it } from 'vitest';
import { measureBrowserBundle } from '../../scripts/browser-size.mjs';
import { pageText } from '../helpers/readme.js';

const withinATenth = (measuredBytes: number, statedKb: number) => {
  expect(measuredBytes / 1024 / statedKb).toBeGreaterThan(0.9);
  expect(measuredBytes / 1024 / statedKb).toBeLessThan(1.1);
};

describe('the browser bundle size in docs/browser.md', () => {
  it('states what a page loads at start, and the faker chunk loaded on demand, within a tenth', async () => {
    const text = pageText('docs/browser.md');
    const stated = /about \*\*(\d+) KB, (\d+) KB gzipped\*\*/.exec(text);
    expect(stated, 'docs/browser.md states "about **N KB, M KB gzipped**"').not.toBeNull();
    const statedFaker = /faker, (\d+) KB gzipped/.exec(text);
    expect(statedFaker, 'docs/browser.md states "faker, M KB gzipped"').not.toBeNull();
    const { bytes, gzipBytes, packages, later } = await measureBrowserBundle();

    withinATenth(gzipBytes, Number(stated?.[2]));
    withinATenth(bytes, Number(stated?.[1]));
    // The page names what weighs most; the bundle must hold it.
    expect(packages.map((part) => part.name)).toEqual(expect.arrayContaining(['zod', 'msw', 'voice-config-mock']));
    // Faker is not loaded at start: it is a chunk of its own, behind a dynamic import().
    expect(packages.map((part) => part.name)).not.toContain('@faker-js/faker');
    const fakerChunk = later.find((chunk) => chunk.packages.some((part) => part.name === '@faker-js/faker'));
    expect(fakerChunk, 'faker is split off into a chunk loaded on demand').toBeDefined();
    withinATenth(fakerChunk?.gzipBytes ?? 0, Number(statedFaker?.[1]));
  }, 60_000);
});
