/**
 * A large state file for `--state-file`: the demo snapshot (taken from a
 * running mock through GET /__mock/state, so the format is the mock's own)
 * with copies of its records added until the state holds the requested
 * number. No organization gets more than `perKind` records of a kind, so the
 * mock's per-kind limit is respected and creates still have room; further
 * organizations are added as needed. Copies get fresh UUIDs, timestamps
 * older than the seed, unique values where a field must be unique, and
 * (trunks) a configuration at the fake telephony provider like the
 * original's. Copies in an added organization point at nothing, because
 * references must stay inside an organization.
 *
 * The bench runs this file as a child process (`writeLargeStateApart`): built
 * in the bench's own process, the 100,000 records left a heap there whose
 * collections slowed autocannon, and so every case measured after it.
 *
 * `node bench/state-file.mjs --write-cost [--records N]` (after `npm run
 * build`) measures what a create costs with --state-file, at the demo size
 * and at N records (default 100,000): each create is on disk before its 201,
 * so this is the price of that promise (bench/state-file-cost.mjs).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resources } from '../dist/src/domain/resources/index.js';

const COPIES_FROM = Date.parse('2025-01-01T00:00:00.000Z');

const countOf = (org) => resources.reduce((n, def) => n + (org.records[def.kind]?.length ?? 0), 0);

/** Writes the file; returns the number of records it holds. */
export function writeLargeState(snapshot, records, file, { perKind }) {
  const home = snapshot.organizations.find((o) => o.token === 'demo-token') ?? snapshot.organizations[0];
  if (!home) throw new Error('the demo snapshot has no organization');
  let total = snapshot.organizations.reduce((n, org) => n + countOf(org), 0);
  let serial = 0;
  const configurations = new Map(snapshot.telephony.map((c) => [c.trunkId, c]));
  for (let index = 0; total < records; index++) {
    const org = snapshot.organizations[index] ?? addOrganization(snapshot, index);
    const templates = countOf(org) > 0 ? org : home;
    const copies = Object.fromEntries(resources.map((def) => [def.kind, []]));
    let added = true;
    while (total < records && added) {
      added = false;
      for (const def of resources) {
        const have = (org.records[def.kind]?.length ?? 0) + copies[def.kind].length;
        const pool = templates.records[def.kind] ?? [];
        if (total >= records || have >= perKind || pool.length === 0) continue;
        const copy = copyRecord(def, pool[have % pool.length], { serial: serial++, keepReferences: templates === org });
        if (def.kind === 'sipTrunks') provision(snapshot, configurations.get(pool[have % pool.length].id), copy, org.id);
        copies[def.kind].push(copy);
        total++;
        added = true;
      }
    }
    // Oldest first, as snapshots keep them: the copies predate the seeded records.
    for (const def of resources) org.records[def.kind] = [...copies[def.kind], ...(org.records[def.kind] ?? [])];
  }
  writeFileSync(file, JSON.stringify(snapshot));
  return total;
}

/** Runs `writeLargeState` in a child process, from a snapshot file; returns the number of records written. */
export function writeLargeStateApart(snapshotFile, records, file, { perKind }) {
  const script = fileURLToPath(import.meta.url);
  const output = execFileSync(process.execPath, [script, snapshotFile, String(records), file, String(perKind)], { encoding: 'utf8' });
  return Number(output.trim());
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--write-cost') {
  const { measureWriteCosts } = await import('./state-file-cost.mjs');
  const at = process.argv.indexOf('--records');
  await measureWriteCosts({ records: at === -1 ? 100_000 : Number(process.argv[at + 1]), writeLargeStateApart });
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [snapshotFile, records, file, perKind] = process.argv.slice(2);
  const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8'));
  process.stdout.write(`${writeLargeState(snapshot, Number(records), file, { perKind: Number(perKind) })}\n`);
}

function addOrganization(snapshot, index) {
  const org = { id: randomUUID(), name: `Bench organization ${index + 1}`, token: `bench-token-${index + 1}`, records: {} };
  snapshot.organizations.push(org);
  return org;
}

function copyRecord(def, template, { serial, keepReferences }) {
  const at = new Date(COPIES_FROM + serial * 1000).toISOString();
  const copy = { ...template, id: randomUUID(), createdAt: at, updatedAt: at };
  for (const field of def.unique ?? []) copy[field] = `${String(template[field]).slice(0, 50)}_${serial}`;
  if (!keepReferences) for (const { field, many } of def.references ?? []) copy[field] = many ? [] : null;
  if ('isSystem' in copy) copy.isSystem = false;
  return copy;
}

function provision(snapshot, configuration, copy, orgId) {
  if (configuration) snapshot.telephony.push({ ...configuration, trunkId: copy.id, orgId, provisionedAt: copy.createdAt });
}
