// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the ids planted here hold ${…} as text, on purpose.
/** The repro files send ids a target answered, which are the target's text: they are quoted, never run as code. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReportedFailure } from './report.js';
import { reproShell, reproTest } from './repro.js';

const dir = mkdtempSync(join(tmpdir(), 'repro-quoting-'));
const planted = join(dir, 'planted');

/** A failure whose last request names a system trunk by an id the target chose. */
function failureWithId(id: string): ReportedFailure {
  const path = `/api/v1/sip-trunks/${id}`;
  return {
    check: 'explore.system-trunk.kept',
    source: 'spec',
    title: 'a system trunk is never deleted',
    basis: '§3 rule 1',
    counted: true,
    detail: 'the delete answered 200',
    steps: [
      { step: 1, command: 'delete the system trunk', as: 'token', method: 'DELETE', path, status: 200, body: {}, answered: '200 {}' },
    ],
    sequence: [],
    reproduced: '3/3',
    flaky: false,
    foundAfterRuns: 1,
    about: {},
  } as unknown as ReportedFailure;
}

describe('repro files', () => {
  it('quote an id that holds shell code in repro.sh: running it runs no command of the id', () => {
    const script = join(dir, 'repro.sh');
    writeFileSync(script, reproShell(failureWithId(`$(touch ${planted})\`touch ${planted}\``)));

    // No server there: curl fails at once, and the script ends; what matters is what the shell ran on the way.
    try {
      execFileSync('bash', [script], {
        env: { ...process.env, BASE_URL: 'http://127.0.0.1:9', TOKEN: 't' },
        stdio: 'pipe',
        timeout: 20_000,
      });
    } catch {}

    expect(existsSync(planted)).toBe(false);
  });

  it('escape an id that holds ${…} in repro.test.ts, so it is text, not code', () => {
    const source = reproTest(failureWithId('${process.exit(9)}'));

    expect(source).toContain('`/api/v1/sip-trunks/\\${process.exit(9)}`');
    expect(source).not.toMatch(/[^\\]\$\{process\.exit/);
  });
});
