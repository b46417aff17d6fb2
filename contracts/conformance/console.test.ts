/** The console report's closing words and exchange lines, in the cases a run can end in. */
import { describe, expect, it } from 'vitest';
import { closingText, exchangeLines } from './report/console.js';
import { reportOf } from './report-fixture.js';
import type { CheckResult } from './types.js';

function check(outcome: CheckResult['outcome'], source: CheckResult['source']): CheckResult {
  return {
    id: `x.${outcome}.${source}`,
    source,
    title: 't',
    expected: 'e',
    basis: 'b',
    outcome,
    counted: outcome === 'failed' && source === 'spec',
    ...(outcome === 'skipped' ? { reason: 'r' } : { actual: 'a' }),
    exchanges: [],
  };
}

describe('console closing text', () => {
  it('says "But" after a conforming run that skipped spec checks, and "And" after a failed one', () => {
    const conforming = closingText(reportOf([check('passed', 'spec'), check('skipped', 'spec')]));
    const failed = closingText(reportOf([check('failed', 'spec'), check('skipped', 'spec')]));

    expect(conforming).toMatch(/The target conforms.*\nBut 1 check the spec states was skipped/);
    expect(failed).toMatch(/does not conform.*\nAnd 1 check the spec states was skipped/);
  });

  it('after an interrupt, names the records left instead of saying all were deleted, and leaves out the skipped-spec line', () => {
    const leftover = { path: '/api/v1/tools', id: 'abc', credentials: 'token' as const };
    const interrupted = closingText(reportOf([check('skipped', 'spec')], { interrupted: true, leftovers: [leftover] }));

    expect(interrupted).toContain('/api/v1/tools/abc');
    expect(interrupted).toContain('the records it had created were deleted, but for those listed above.');
    expect(interrupted).not.toContain('judged only in part');
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
