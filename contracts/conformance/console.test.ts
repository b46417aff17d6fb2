/** The console report's closing words and exchange lines, in the cases a run can end in. */
import { describe, expect, it } from 'vitest';
import { reportOf } from './report-fixture.js';
import type { CheckResult } from './types.js';
import { closingText, exchangeLines, progressLine } from './verdict/console.js';

function check(outcome: CheckResult['outcome'], source: CheckResult['source']): CheckResult {
  return {
    id: `x.${outcome}.${source}`,
    source,
    title: 't',
    expected: 'e',
    basis: 'b',
    outcome,
    counted: outcome === 'failed' && source === 'spec',
    ...(outcome === 'not judged' ? { reason: 'r' } : { actual: 'a' }),
    evidence: { requests: [] },
    exchanges: [],
  };
}

function exchangeOf(body: string) {
  return { sent: { method: 'GET', path: '/api/v1/tools', auth: 'none' }, received: { status: 200, contentType: 'text/plain', body } };
}

describe('console closing text', () => {
  it('ends, when spec checks were not judged, with how many and the exit status, and never with a bare "conforms"', () => {
    const conforming = closingText(reportOf([check('passed', 'spec'), check('not judged', 'spec')]));
    const failed = closingText(reportOf([check('failed', 'spec'), check('not judged', 'spec')]));

    expect(conforming).toContain('The target conforms in the checks judged');
    expect(conforming.split('\n').at(-1)).toBe(
      '1 check the spec states was not judged, so the spec was judged only in part; the – lines say why: exit status 3 (give --allow-unjudged to accept a partial verdict).',
    );
    expect(failed).toMatch(/does not conform/);
    expect(failed.split('\n').at(-1)).toBe(
      '1 check the spec states was not judged, so the spec was judged only in part; the – lines say why.',
    );
  });

  it('lists the counted failures, one line each, after the details and the summary', () => {
    const uncounted = { ...check('failed', 'assumed'), id: 'x.uncounted' };
    const text = closingText(reportOf([check('failed', 'spec'), uncounted, check('passed', 'spec')]));
    const lines = text.split('\n');

    expect(lines.slice(-2)).toEqual(['Counted failures (1):', '  ✗ x.failed.spec: a']);
    expect(lines.indexOf('Counted failures (1):')).toBeGreaterThan(
      lines.findIndex((line) => line.startsWith('The target does not conform')),
    );
    expect(lines.slice(lines.indexOf('Counted failures (1):')).join('\n')).not.toContain('x.uncounted');
  });

  it('writes the counted failures as plain text, not escaped JSON', () => {
    const quoted = { ...check('failed', 'spec'), actual: '200 application/json {"id":"x"}\nand more' };
    const text = closingText(reportOf([quoted]));

    // A line break a target sent is shown as \n: it cannot start a line of its own.
    expect(text.split('\n').at(-1)).toBe('  ✗ x.failed.spec: 200 application/json {"id":"x"}\\nand more');
  });

  it('says when --read-only accepted the spec checks it left not judged', () => {
    const text = closingText(reportOf([check('passed', 'spec'), check('not judged', 'spec')], { readOnly: true, allowUnjudged: true }));

    expect(text.split('\n').at(-1)).toBe(
      '1 check the spec states was not judged, so the spec was judged only in part; the – lines say why. Accepted by --read-only, which implies --allow-unjudged: exit status 0.',
    );
  });

  it('lists records left behind, with why, and the notes on how lists and ids were read', () => {
    const lost = { path: '/api/v1/tools', id: '(unknown)', credentials: 'token' as const, note: 'its id was not found' };
    const text = closingText(reportOf([check('passed', 'spec')], { leftovers: [lost], notes: ['GET /api/v1/tools was read from "data"'] }));

    expect(text).toContain('  /api/v1/tools/(unknown) (its id was not found)');
    expect(text).toContain('Notes:\n  GET /api/v1/tools was read from "data"');
  });

  it('after an interrupt, names the records left instead of saying all were deleted, and leaves out the skipped-spec line', () => {
    const leftover = { path: '/api/v1/tools', id: 'abc', credentials: 'token' as const };
    const interrupted = closingText(reportOf([check('not judged', 'spec')], { interrupted: true, leftovers: [leftover] }));

    expect(interrupted).toContain('/api/v1/tools/abc');
    expect(interrupted).toContain('the records it had created were deleted, but for those listed above.');
    expect(interrupted).not.toContain('judged only in part');
  });

  it('details every failure with its last four exchanges, and shows what a target sent with its controls escaped', () => {
    const exchange = (n: number) => ({
      sent: { method: 'GET', path: `/api/v1/tools/${n}`, auth: 'Bearer <token>' },
      received: { status: 200, contentType: 'application/json', body: { name: `tool ${n}\u001b[2J` } },
    });
    const first = { ...check('failed', 'spec'), id: 'x.first', actual: 'got\u202Eit', exchanges: [1, 2, 3, 4, 5, 6].map(exchange) };
    const second = { ...check('failed', 'assumed'), id: 'x.second', exchanges: [exchange(7)] };
    const text = closingText(reportOf([first, check('passed', 'spec'), second]));

    expect(text).toContain('✗ x.first [spec]');
    expect(text).toContain('✗ x.second [assumed, not counted]');
    expect(text).toContain('got:      got\\u202Eit');
    for (const shown of [3, 4, 5, 6, 7]) expect(text).toContain(`/api/v1/tools/${shown} `);
    for (const left of [1, 2]) expect(text).not.toContain(`/api/v1/tools/${left} `);
    // The escape made visible (a backslash, which the body's JSON text writes twice).
    expect(text).toContain('{"name":"tool 6\\\\x1B[2J"}');
    expect(text.includes('\u001b') || text.includes('\u202e')).toBe(false);
  });

  it('writes a progress line of what it shows, with the reason of a check not judged, escaped', () => {
    const skipped = { ...check('not judged', 'spec'), reason: 'no example\u0007', exchanges: [exchangeOf('\u001b')] };

    expect(progressLine(skipped)).toBe('  – [spec]       x.not judged.spec: t  (not judged: no example\\x07)');
  });

  it('shows an exchange note on a line of its own', () => {
    const lines = exchangeLines({
      sent: { method: 'GET', path: '/api/v1/schemas', auth: 'Bearer <token>' },
      received: { status: 200, contentType: 'application/json', body: [] },
      note: 'sent a second time',
    });

    expect(lines.at(-1)).toBe('  note:     sent a second time');
  });
});
