/**
 * Honest labels: every `spec` check cites the spec rule it rests on (section and rule, in the kit's own words),
 * and the checks that rest on no such rule (another organization's update or delete) are `assumed`.
 */
import { describe, expect, it } from 'vitest';
import { allProbes } from './checks/index.js';
import { SCHEMA_FIELD_RULES, SPEC_RULES } from './checks/spec-basis.js';

const checks = allProbes.flatMap((probe) => probe.checks);

describe('the bases of the checks', () => {
  it('gives every spec check a rule from the table, cited by section', () => {
    const rules = new Set<string>(Object.values(SPEC_RULES));
    const specChecks = checks.filter((check) => check.source === 'spec');

    expect(specChecks.length).toBeGreaterThan(40);
    expect(specChecks.filter((check) => !/^§\d/.test(check.rule ?? '')).map((check) => check.id)).toEqual([]);
    const fromTable = (rule: string) => rules.has(rule) || Object.values(SCHEMA_FIELD_RULES).some((text) => rule.endsWith(text));
    expect(specChecks.filter((check) => !fromTable(check.rule ?? '')).map((check) => check.id)).toEqual([]);
  });

  it('cites the two trunk rules of §3 by number', () => {
    const rule = (id: string) => checks.find((check) => check.id === id)?.rule;

    expect(rule('sip-trunks.delete.system-refused')).toMatch(/^§3 rule 1:/);
    expect(rule('sip-trunks.list-after-delete')).toMatch(/^§3 rule 2:/);
  });

  it('labels what no spec rule states as assumed: another organization’s update and delete', () => {
    const tenancy = checks.filter((check) => /^tenancy\.[^.]+\.(update|delete|get)$/.test(check.id));

    expect(tenancy).toHaveLength(15);
    expect(new Set(tenancy.map((check) => check.source))).toEqual(new Set(['assumed']));
  });

  it('says that the provider clean-up the trunk delete rule also names is not judged', () => {
    const listAfterDelete = checks.find((check) => check.id === 'sip-trunks.list-after-delete');

    expect(listAfterDelete?.rule).toMatch(/provider/);
    expect(listAfterDelete?.basis).toMatch(/provider.*not judged/);
  });
});
