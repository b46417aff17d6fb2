/**
 * Every relative link of the user-facing pages (README.md, CONTRIBUTING.md and
 * docs/*.md) resolves: the file exists, and a #anchor names a heading of the
 * page it points to (as GitHub makes anchors of headings).
 */
import { existsSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docPages, pageText } from './helpers/readme.js';

const pages = [...docPages, 'CONTRIBUTING.md'];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a page's headings, outside fenced blocks. */
function anchorsOf(text: string): Set<string> {
  const withoutCode = text.replace(/```[\s\S]*?```/g, '');
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));
}

/** The relative links of a page, outside fenced blocks and inline code: `[text](target)`. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '').filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

describe('links of the docs pages', () => {
  it('finds the pages and their links', () => {
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/cli.md', 'docs/frontend.md']));
    expect(linksOf(pageText('README.md')).length).toBeGreaterThan(10);
  });

  it.each(pages)('every relative link of %s resolves, anchors included', (page) => {
    const broken: string[] = [];
    for (const link of linksOf(pageText(page))) {
      const [path = '', anchor] = link.split('#');
      const target = path === '' ? page : normalize(join(dirname(page), path));
      if (!existsSync(target)) {
        broken.push(`${link}: no file ${target}`);
        continue;
      }
      if (anchor !== undefined && !anchorsOf(pageText(target)).has(anchor)) broken.push(`${link}: no heading #${anchor} in ${target}`);
    }
    expect(broken).toEqual([]);
  });

  it('keeps the README a front door: at most 300 lines, linking every reference page', () => {
    const readme = pageText('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
    const linked = new Set(linksOf(readme).map((link) => link.split('#')[0]));
    const references = docPages.filter((page) => page.startsWith('docs/'));
    expect(references.filter((page) => !linked.has(page))).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect(anchorOf('Verifying the pacts against a real implementation')).toBe('verifying-the-pacts-against-a-real-implementation');
    expect(anchorOf('The `verify` command: CI')).toBe('the-verify-command-ci');
    expect(anchorOf('OpenAPI and the reference page')).toBe('openapi-and-the-reference-page');
  });
});
