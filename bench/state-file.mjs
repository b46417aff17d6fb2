/**
 * A large state file for `--state-file`: the demo snapshot (taken from a
 * running mock through GET /__mock/state, so the format is the mock's own)
 * with copies of its records added to the organization of demo-token until
 * the whole state holds the requested number. Copies get fresh UUIDs, older
 * timestamps than the seed, unique tool names, and, for trunks, a
 * configuration at the fake telephony provider like the originals have.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const KINDS = ['sipTrunks', 'schemas', 'tools', 'assistants', 'webhooks'];
const COPIES_FROM = Date.parse('2025-01-01T00:00:00.000Z');

/** Writes the file; returns the number of records it holds. */
export function writeLargeState(snapshot, records, file) {
  const org = snapshot.organizations.find((o) => o.token === 'demo-token') ?? snapshot.organizations[0];
  if (!org) throw new Error('the demo snapshot has no organization');
  const total = () => snapshot.organizations.reduce((sum, o) => sum + KINDS.reduce((n, kind) => n + (o.records[kind]?.length ?? 0), 0), 0);
  const kinds = KINDS.filter((kind) => org.records[kind]?.length > 0);
  const missing = Math.max(0, records - total());
  const copies = Object.fromEntries(kinds.map((kind) => [kind, []]));
  const telephony = [];
  for (let i = 0; i < missing; i++) {
    const kind = kinds[i % kinds.length];
    const templates = org.records[kind];
    const template = templates[Math.floor(i / kinds.length) % templates.length];
    const at = new Date(COPIES_FROM + i * 1000).toISOString();
    const copy = { ...template, id: randomUUID(), createdAt: at, updatedAt: at };
    if (kind === 'tools') copy.name = `${template.name.slice(0, 50)}_${i}`;
    if (kind === 'sipTrunks') {
      copy.isSystem = false;
      const configuration = snapshot.telephony.find((c) => c.trunkId === template.id);
      if (configuration) telephony.push({ ...configuration, trunkId: copy.id, provisionedAt: at });
    }
    copies[kind].push(copy);
  }
  // Oldest first, as the snapshot keeps them: the copies predate the seeded records.
  for (const kind of kinds) org.records[kind] = [...copies[kind], ...org.records[kind]];
  snapshot.telephony = [...telephony, ...snapshot.telephony];
  writeFileSync(file, JSON.stringify(snapshot));
  return total();
}
