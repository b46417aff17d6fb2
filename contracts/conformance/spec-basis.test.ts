/**
 * Honest labels: every `spec` check carries a quoted sentence of the spec, and the checks that rest on no
 * such sentence (another organization's update or delete) are `assumed`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allProbes } from './checks/index.js';
import { SCHEMA_FIELD_ROWS, SPEC_QUOTES } from './checks/spec-basis.js';

const checks = allProbes.flatMap((probe) => probe.checks);
// The spec is not part of the project: set SPEC_FILE to a copy of it to check the quotes word for word.
const SPEC_FILE = process.env.SPEC_FILE ?? '';

describe('the bases of the checks', () => {
  it('gives every spec check a quoted basis from the table', () => {
    const quotes = new Set<string>(Object.values(SPEC_QUOTES));
    const specChecks = checks.filter((check) => check.source === 'spec');

    expect(specChecks.length).toBeGreaterThan(40);
    expect(specChecks.filter((check) => !check.quote || !/"[^"]+"/.test(check.quote)).map((check) => check.id)).toEqual([]);
    // From the one table: a named quote, or a schema field's row.
    const fromTable = (quote: string) => quotes.has(quote) || Object.values(SCHEMA_FIELD_ROWS).some((row) => quote.includes(row));
    expect(specChecks.filter((check) => !fromTable(check.quote ?? '')).map((check) => check.id)).toEqual([]);
  });

  it('labels what no spec sentence states as assumed: another organization’s update and delete', () => {
    const tenancy = checks.filter((check) => /^tenancy\.[^.]+\.(update|delete|get)$/.test(check.id));

    expect(tenancy).toHaveLength(15);
    expect(new Set(tenancy.map((check) => check.source))).toEqual(new Set(['assumed']));
  });

  it('says that the provider clean-up the trunk delete rule also names is not judged', () => {
    const listAfterDelete = checks.find((check) => check.id === 'sip-trunks.list-after-delete');

    expect(listAfterDelete?.quote).toMatch(/provider/);
    expect(listAfterDelete?.basis).toMatch(/provider.*not judged/);
  });

  it.skipIf(!SPEC_FILE || !existsSync(SPEC_FILE))('quotes the spec word for word', () => {
    const spec = readFileSync(SPEC_FILE, 'utf8');
    const quoted = [...Object.values(SPEC_QUOTES), ...Object.values(SCHEMA_FIELD_ROWS).map((row) => `"${row}"`)].map(
      (quote) => /"(.+)"$/.exec(quote)?.[1] ?? '',
    );

    expect(quoted.filter((text) => !spec.includes(text))).toEqual([]);
  });
});
