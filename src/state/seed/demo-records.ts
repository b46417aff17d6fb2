/**
 * The default scenario at the default seed as seeding makes it: the checked
 * scenario, and each organization with its records in the order they were
 * created, written down by a test (demo-records.generated.ts, written by
 * test/seed/demo-records.test.ts with `-u`). A start with the demo data
 * loads these records into the store as they are, without faker and without
 * parsing the scenario or each record again: the test seeds the scenario
 * record by record through the operations (a create's validation) and fails
 * when the file differs from what that gives, so the records cannot drift
 * from the seed code. The file is used only while fixtures/default.json is
 * the file it was written from (and only for its seed); otherwise seeding
 * validates as always.
 */
import type { ResourceKind, StoredRecord } from '../../domain/resource.js';
import { demoRecords as written } from './demo-records.generated.js';
import type { OrganizationPlan, Scenario } from './scenario.js';

/** One organization as seeding made it, with its records in the order they were created. */
export interface WrittenOrganization {
  id: string;
  name: string;
  token: string;
  plan: OrganizationPlan;
  seed: number[];
  records: [ResourceKind, StoredRecord][];
}

/** What the file holds: the fixture it was written from (as JSON text), the seed, the checked scenario, the organizations. */
export interface DemoRecords {
  fixture: string;
  seed: number;
  scenario: Scenario;
  organizations: WrittenOrganization[];
}

/** The file's JSON text, parsed again for each seeding: the store freezes what it holds, and a reset seeds again. */
const text: string = written;
let demo: Omit<DemoRecords, 'organizations'> | undefined;
/** The organizations of the first parse, until they are handed out. */
let unused: WrittenOrganization[] | undefined;

function writtenDemo(): Omit<DemoRecords, 'organizations'> {
  if (!demo) {
    const { organizations, ...rest } = JSON.parse(text) as DemoRecords;
    demo = rest;
    unused = organizations;
  }
  return demo;
}

/** The written-down checked scenario when `data` is the scenario file it was written from, else undefined. */
export function writtenScenarioOf(data: unknown): Scenario | undefined {
  const { fixture, scenario } = writtenDemo();
  return fixture === JSON.stringify(data) ? scenario : undefined;
}

/**
 * The written-down organizations, as fresh objects, when `scenario` is the written-down scenario (the very object
 * `writtenScenarioOf` hands out, which the shipped scenarios give for "default") and `seed` its seed.
 */
export function writtenOrganizations(scenario: Scenario, seed: number): WrittenOrganization[] | undefined {
  const { scenario: written, seed: writtenSeed } = writtenDemo();
  if (written !== scenario || writtenSeed !== seed) return undefined;
  const organizations = unused ?? (JSON.parse(text) as DemoRecords).organizations;
  unused = undefined;
  return organizations;
}
