/** The JUnit report: well-formed XML, whatever the target answered, with counts that match its testcases. */
import { describe, expect, it } from 'vitest';
import { createApp } from '../../src/http/app.js';
import { reportOf } from './report-fixture.js';
import { runSuite } from './suite.js';
import type { CheckResult } from './types.js';
import { escapeXml, toJunit } from './verdict/junit.js';

const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi;
const TOKEN = /<\?xml[^?]*\?>|<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|[^<]+/gy;

/** A small well-formedness check: every tag closes in order, attributes are quoted, `&` only starts an entity. */
function assertWellFormed(xml: string): void {
  const open: string[] = [];
  let consumed = 0;
  for (const match of xml.matchAll(TOKEN)) {
    consumed += match[0].length;
    expect(match[0].replace(ENTITY, '')).not.toContain('&');
    const [, closing, name, , selfClosing] = match;
    if (name === undefined) continue;
    if (closing) expect(open.pop()).toBe(name);
    else if (!selfClosing) open.push(name);
  }
  expect(consumed).toBe(xml.length);
  expect(open).toEqual([]);
}

const count = (xml: string, pattern: RegExp) => xml.match(pattern)?.length ?? 0;
const attr = (xml: string, element: string, name: string) => Number(new RegExp(`<${element} [^>]*\\b${name}="(\\d+)"`).exec(xml)?.[1]);

function result(outcome: CheckResult['outcome'], counted: boolean, text: string): CheckResult {
  return {
    id: `odd.${outcome}.${counted}`,
    source: counted ? 'spec' : 'assumed',
    title: `title ${text}`,
    expected: `expected ${text}`,
    basis: `§3 ${text}`,
    outcome,
    counted,
    ...(outcome === 'failed' ? { actual: text } : {}),
    ...(outcome === 'not judged' ? { reason: text } : {}),
    evidence: { requests: [] },
    exchanges: [
      {
        sent: { method: 'GET', path: `/api/v1/x?q=${text}`, auth: 'none' },
        received: { status: 500, contentType: 'text/html', body: text },
      },
    ],
  };
}

describe('junit report', () => {
  it('escapes markup, quotes, entities, CDATA ends and control characters', () => {
    const nasty = `<b>"Tom" & 'Jerry'</b> ]]> \u0000\u001b\ud800 &amp; é 🎉\nnext line`;
    const results = [
      result('failed', true, nasty),
      result('failed', false, nasty),
      result('not judged', false, nasty),
      result('passed', false, nasty),
    ];
    const report = reportOf(results, { baseUrl: 'http://x.test/?a=1&b=<2>' });

    const xml = toJunit(report);

    assertWellFormed(xml);
    expect(xml).toContain('&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt; ]]&gt;');
    expect(xml.includes('\u0000') || xml.includes('\u001b')).toBe(false);
    expect(xml).toContain('é 🎉');
    expect(attr(xml, 'testsuite', 'tests')).toBe(4);
    expect(attr(xml, 'testsuite', 'failures')).toBe(1);
    expect(attr(xml, 'testsuite', 'skipped')).toBe(2);
    expect(xml).toContain('time="1.500"');
  });

  it('has one testcase per check of a real run and counts that match them', async () => {
    const app = createApp();
    const brokenDelete = async (url: string, init: RequestInit) => {
      const res = await app.request(url, init);
      return init.method === 'DELETE' && res.status === 200 ? new Response(null, { status: 204 }) : res;
    };
    const report = await runSuite({ baseUrl: 'http://mock.test', token: 'demo-token', fetch: brokenDelete });

    const xml = toJunit(report);

    assertWellFormed(xml);
    expect(count(xml, /<testcase /g)).toBe(report.results.length);
    expect(attr(xml, 'testsuites', 'tests')).toBe(report.results.length);
    expect(count(xml, /<failure /g)).toBe(3);
    expect(attr(xml, 'testsuite', 'failures')).toBe(3);
    expect(count(xml, /<skipped /g)).toBe(attr(xml, 'testsuite', 'skipped'));
    expect(xml).toMatch(
      /<failure type="spec" message="expected the delete answers the body \{\} \(its content type is not judged: the spec does not give one\); got 204/,
    );
    expect(xml).toContain('basis:    §4 Delete webhook: the success response is an empty JSON object');
  });

  it('escapes the five XML characters in attribute-safe form', () => {
    expect(escapeXml(`a<b>&"c'\n`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;&#10;');
  });
});
