/**
 * JUnit XML: one testcase per check. Counted failures are <failure>; a failure
 * that does not count (a documented or assumed check without --strict) is
 * shown as <skipped> with that said, so CI viewers show it without failing.
 */
import type { CheckResult, SuiteReport } from '../types.js';
import { failureDetail } from './console.js';
import { visible } from './visible.js';

/** The report as a JUnit XML document. */
export function toJunit(report: SuiteReport): string {
  const { summary } = report;
  const uncounted = report.results.filter((result) => result.outcome === 'failed' && !result.counted).length;
  const skipped = summary.notJudged + uncounted;
  const seconds = ((Date.parse(report.finishedAt) - Date.parse(report.startedAt)) / 1000).toFixed(3);
  // Records left behind are the run's error, not a check's failure: one testcase with <error>, counted in errors.
  const errors = report.leftovers.length > 0 ? 1 : 0;
  const attrs = `tests="${summary.total + errors}" failures="${summary.counted}" errors="${errors}" skipped="${skipped}" time="${seconds}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="voice-config conformance" ${attrs}>`,
    `  <testsuite name="conformance of ${escapeXml(report.baseUrl)}" ${attrs} timestamp="${escapeXml(report.startedAt)}">`,
    ...report.results.map(testcase),
    ...(errors > 0 ? [leftoversCase(report)] : []),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

function testcase(result: CheckResult): string {
  const group = result.id.split('.')[0] ?? 'conformance';
  const open = `    <testcase classname="conformance.${escapeXml(group)}" name="${escapeXml(`${result.id} [${result.source}] ${result.title}`)}"`;
  if (result.outcome === 'passed') return `${open}/>`;
  if (result.outcome === 'not judged')
    return `${open}>\n      <skipped message="${escapeXml(`not judged: ${result.reason ?? ''}`)}"/>\n    </testcase>`;
  const detail = escapeXml(failureDetail(result).join('\n'));
  const message = escapeXml(`expected ${result.expected}; got ${result.actual ?? 'see details'}`);
  if (!result.counted) {
    return `${open}>\n      <skipped message="failed, not counted (${result.source} check; --strict counts it): ${message}"/>\n      <system-out>${detail}</system-out>\n    </testcase>`;
  }
  return `${open}>\n      <failure type="${result.source}" message="${message}">${detail}</failure>\n    </testcase>`;
}

function leftoversCase(report: SuiteReport): string {
  const listed = report.leftovers.map((entry) => `${entry.path}/${entry.id}${entry.note ? ` (${entry.note})` : ''}`);
  const message = `${listed.length} record${listed.length === 1 ? '' : 's'} the kit left behind or left alone; check each by hand before removing it`;
  return `    <testcase classname="conformance.teardown" name="teardown: records left behind">\n      <error type="left-behind" message="${escapeXml(message)}">${escapeXml(listed.join('\n'))}</error>\n    </testcase>`;
}

/**
 * Escapes text for XML attributes and content: characters that drive or hide text are made visible (`\x1B`,
 * `\u202E`), and what else XML 1.0 cannot hold (a lone surrogate) is dropped.
 */
export function escapeXml(text: string): string {
  return (
    visible(text, true)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: listing the characters XML 1.0 allows is the point
      .replace(/[^\x09\x0a\x0d\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '')
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&apos;')
      .replaceAll('\n', '&#10;')
  );
}
