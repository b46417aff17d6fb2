/**
 * What the mock's own work for one operation costs (the domain's rules and
 * the store, no HTTP), by how many records the organization holds of the
 * kind: the only part of a request that could grow with the data. Over HTTP
 * that part is a few percent of a request, below the machine's noise, so it
 * is timed here on its own. Each operation is timed one call at a time, on
 * records picked in random order (so a large store gets no help from the
 * CPU's cache), and the size is held: a create is undone and a delete put
 * back, outside the timing.
 *
 * Beside each operation, the same work on a plain `Map` holding the same
 * records (a floor): a read, a read-copy-write, an insert, a removal. A large
 * map's own cost grows too, as its buckets and records fall out of the CPU's
 * cache; what the mock adds to that growth is what could be its own.
 *
 * The bench runs this file as a child process (`operationCostsApart`), so
 * the records it makes do not weigh on the heap where autocannon runs.
 * Usage: node bench/operation-costs.mjs 100,10000,100000   (JSON on stdout)
 */
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { median } from './report.mjs';

const OPERATIONS = ['get', 'update', 'create', 'delete'];
const CALLS = 20_000;
const ROUNDS = 5;

/** µs per call of each operation at each size, and of its plain-Map floor: `{ sizes, costs: { get: [µs at sizes[0], …], … }, floors }`. */
export function operationCostsApart(sizes) {
  const script = fileURLToPath(import.meta.url);
  return JSON.parse(execFileSync(process.execPath, [script, sizes.join(',')], { encoding: 'utf8' }));
}

/** The compiled mock's domain, loaded only in the child: the bench's own process stays as small as it was. */
async function loadDomain() {
  const [{ requestExamples }, operations, { resourceByKind }, { createMockState }] = await Promise.all([
    import('../dist/src/state/seed/examples.js'),
    import('../dist/src/state/operations.js'),
    import('../dist/src/domain/resources/index.js'),
    import('../dist/src/state/mock-state.js'),
  ]);
  return { requestExamples, ...operations, def: resourceByKind.schemas, createMockState };
}

function costsAt(size, { requestExamples, createRecord, deleteRecord, getRecord, updateRecord, def, createMockState }) {
  const mockState = createMockState({ scenario: 'empty', limits: { recordsPerKind: size + 1 } });
  const org = mockState.organizations.byToken('demo-token');
  if (!org) throw new Error('the empty scenario has no demo-token organization');
  const ctx = mockState.context(org.id);
  const body = requestExamples(def).create;
  const ids = Array.from({ length: size }, () => createRecord(ctx, def, body).id);
  const change = { description: 'Changed by the bench.' };
  const calls = {
    get: (id) => getRecord(ctx, def, id),
    update: (id) => updateRecord(ctx, def, id, change),
    create: () => createRecord(ctx, def, body),
    delete: (id) => deleteRecord(ctx, def, id),
  };
  const undo = {
    create: (made) => deleteRecord(ctx, def, made.id),
    delete: (_, id, before) => mockState.store.put(org.id, def.kind, before),
  };
  const costs = Object.fromEntries(OPERATIONS.map((name) => [name, timed(ids, calls[name], undo[name], (id) => mockState.store.get(org.id, def.kind, id))]));

  // The floor: the same records in a plain Map, copied (not shared) so neither warms the other's cache lines.
  const map = new Map(ids.map((id) => [id, Object.freeze({ ...mockState.store.get(org.id, def.kind, id) })]));
  const stamp = new Date().toISOString();
  const plain = {
    get: (id) => map.get(id),
    update: (id) => map.set(id, Object.freeze({ ...map.get(id), ...change, updatedAt: stamp })),
    create: () => {
      const id = globalThis.crypto.randomUUID();
      map.set(id, Object.freeze({ ...body, id, createdAt: stamp, updatedAt: stamp }));
      return id;
    },
    delete: (id) => map.delete(id),
  };
  const plainUndo = { create: (id) => map.delete(id), delete: (_, id, before) => map.set(id, before) };
  const floors = Object.fromEntries(OPERATIONS.map((name) => [name, timed(ids, plain[name], plainUndo[name], (id) => map.get(id))]));
  return { costs, floors };
}

/** Median µs per call of `call` over rounds of random picks; `undo` puts the size back outside the timing. */
function timed(ids, call, undo, current) {
  const rounds = [];
  // The first round warms the code up and is not kept.
  for (let round = 0; round <= ROUNDS; round++) {
    const picks = randomPicks(ids, CALLS);
    // Taken before the timed loop, so that no call finds its record freshly read into the cache.
    const before = undo ? picks.map(current) : [];
    let spent = 0;
    for (let i = 0; i < picks.length; i++) {
      const started = performance.now();
      const result = call(picks[i]);
      spent += performance.now() - started;
      undo?.(result, picks[i], before[i]);
    }
    if (round > 0) rounds.push((spent * 1000) / CALLS);
  }
  return median(rounds);
}

function randomPicks(ids, count) {
  return Array.from({ length: count }, () => ids[Math.floor(Math.random() * ids.length)]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = process.argv[2].split(',').map(Number);
  const domain = await loadDomain();
  const measured = sizes.map((size) => costsAt(size, domain));
  const bySize = (part) => Object.fromEntries(OPERATIONS.map((name) => [name, measured.map((at) => at[part][name])]));
  process.stdout.write(`${JSON.stringify({ sizes, costs: bySize('costs'), floors: bySize('floors') })}\n`);
}
