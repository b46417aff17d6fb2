/**
 * Console output: one progress line per check, then the failures in detail, then a summary. What a target sent is
 * shown with control, bidi and invisible characters escaped, one line each (visible.ts), so it can neither drive the
 * terminal nor add lines of its own.
 */
import { show } from '../matchers.js';
import type { CheckResult, Exchange, SuiteReport, TargetDescription } from '../types.js';
import { visibleStrings } from './visible.js';

const MARK = { passed: '✓', failed: '✗', 'not judged': '–' } as const;

/** How the kit reads the target, printed once the lists were first read (the target adapter's findings). */
export function targetLines(found: TargetDescription): string {
  const target = visibleStrings(found);
  const lists = Object.entries(target.lists);
  const partial = target.notWhole ?? [];
  const paged = lists.map(([path, way]) => `${path} by ${way}`);
  if (partial.length > 0) paged.push(`not read whole: ${partial.join(', ')} (the notes say why)`);
  const paging = paged.length === 0 ? 'every list read at the start fit in one page' : paged.join('; ');
  const flags = [
    target.nextPointer && `--next-pointer ${target.nextPointer}`,
    target.pageParam && `--page-param ${target.pageParam}`,
  ].filter(Boolean);
  return [
    `Paging (--paging ${target.paging}${flags.length > 0 ? `, ${flags.join(', ')}` : ''}, at most ${target.maxPages} pages and ${target.maxListMiB} MiB a list): ${paging}`,
    `Records read from: ${target.records}`,
  ].join('\n');
}

/** The progress line of one decided check. */
export function progressLine(decided: CheckResult): string {
  // Only what the line shows is made visible: a copy of the whole result would copy its exchanges too.
  const { source, outcome, counted, reason, id, title } = decided;
  const result = visibleStrings({ source, outcome, counted, reason, id, title });
  const tag = `[${result.source}]`.padEnd(12);
  let note = '';
  if (result.outcome === 'failed') note = result.counted ? '' : '  (not counted; --strict counts it)';
  if (result.outcome === 'not judged') note = `  (not judged: ${result.reason})`;
  return `  ${MARK[result.outcome]} ${tag} ${result.id}: ${result.title}${note}`;
}

/**
 * Details of every failed check, the records left behind, the notes, the summary; then, after everything else,
 * the short list of counted failures, and last, when spec checks were not judged, how many and what it does to the exit status.
 */
export function closingText(given: SuiteReport): string {
  const failed = given.results.filter((result) => result.outcome === 'failed');
  // Only the failures are shown, without their exchanges and evidence (failureDetail makes a failure's own visible).
  const report = visibleStrings({ ...given, results: failed.map(({ evidence, exchanges, ...shown }) => shown) });
  const lines: string[] = [];
  if (failed.length > 0) lines.push('', 'Failures:');
  for (const failure of failed) lines.push('', ...failureDetail(failure).map((line) => `  ${line}`));
  if (report.leftovers.length > 0) {
    lines.push('', 'Records left behind or left alone (each note says why; check each by hand before removing it):');
    for (const entry of report.leftovers) lines.push(`  ${entry.path}/${entry.id}${entry.note ? ` (${entry.note})` : ''}`);
  }
  if (report.notes.length > 0) lines.push('', 'Notes:', ...report.notes.map((note) => `  ${note}`));
  const { summary } = report;
  lines.push(
    '',
    `${summary.total} checks: ${summary.passed} passed, ${summary.failed} failed (${summary.counted} counted), ${summary.notJudged} not judged.`,
    verdictLine(report),
  );
  const counted = report.results.filter((result) => result.counted);
  if (counted.length > 0) {
    lines.push('', `Counted failures (${counted.length}):`);
    for (const result of counted) lines.push(`  ✗ ${result.id}: ${oneLine(result.actual ?? result.expected, 140)}`);
  }
  if (summary.notJudgedSpec > 0 && !report.interrupted) lines.push(unjudgedLine(report));
  return lines.join('\n');
}

/** The last line when spec checks were not judged: how many, and what that does to the exit status. */
function unjudgedLine(report: Omit<SuiteReport, 'results'>): string {
  const { summary } = report;
  const checks = summary.notJudgedSpec === 1 ? 'check the spec states was' : 'checks the spec states were';
  const said = `${summary.notJudgedSpec} ${checks} not judged, so the spec was judged only in part; the – lines say why`;
  if (report.allowUnjudged) {
    const by = report.readOnly ? '--read-only, which implies --allow-unjudged' : '--allow-unjudged';
    return `${said}. Accepted by ${by}${summary.conforms ? ': exit status 0' : ''}.`;
  }
  return summary.conforms ? `${said}: exit status 3 (give --allow-unjudged to accept a partial verdict).` : `${said}.`;
}

/** Text on one line, cut at `max` characters (for the short list at the end, read as plain text). */
function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function verdictLine(report: Omit<SuiteReport, 'results'>): string {
  const { summary } = report;
  if (report.interrupted) {
    return `Interrupted: the run stopped early; the records it had created were deleted${report.leftovers.length > 0 ? ', but for those listed above' : ''}.`;
  }
  if (!summary.conforms) return `The target does not conform: ${summary.counted} counted check${summary.counted === 1 ? '' : 's'} failed.`;
  const scope = report.strict ? ' (strict: every source counted)' : ' (spec checks; --strict also counts documented and assumed ones)';
  return summary.notJudgedSpec > 0 ? `The target conforms in the checks judged${scope}.` : `The target conforms${scope}.`;
}

/** What was sent, what came back, what was expected and why, for one failed check. */
export function failureDetail(failed: CheckResult): string[] {
  // The last four exchanges are shown; the rest, and the evidence, are not copied.
  const { evidence, ...shown } = failed;
  const result = visibleStrings({ ...shown, exchanges: failed.exchanges.slice(-4) });
  return [
    `✗ ${result.id} [${result.source}${result.counted ? '' : ', not counted'}]`,
    `  expected: ${result.expected}`,
    `  got:      ${result.actual ?? '(see the exchanges)'}`,
    `  basis:    ${result.basis}`,
    ...(result.rule ? [`  spec:     ${result.rule}`] : []),
    ...result.exchanges.flatMap(exchangeLines),
  ];
}

/** One request and its answer, two lines. */
export function exchangeLines(exchange: Exchange): string[] {
  const { sent } = exchange;
  const body = sent.body === undefined ? '' : ` ${show(sent.body, 120)}`;
  const received = exchange.received
    ? `${exchange.received.status} ${exchange.received.contentType ?? '(no content type)'} ${show(exchange.received.body, 200)}`
    : `no answer: ${exchange.error}`;
  return [
    `  sent:     ${sent.method} ${sent.path} (${sent.auth})${body}`,
    `  received: ${received}`,
    ...(exchange.note ? [`  note:     ${exchange.note}`] : []),
  ];
}
