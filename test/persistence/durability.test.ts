/**
 * The state file across kills, with the built CLI in a child process: no
 * create answered 2xx is lost however the kill falls in a burst of writes,
 * and one state file takes one process (a stale lock is taken over).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { exitOf, killAll, killed, startWithStateFile as start } from '../helpers/mock-process.js';

const dir = mkdtempSync(join(tmpdir(), 'vcm-durability-'));
const AUTH = { authorization: 'Bearer demo-token', 'content-type': 'application/json' };

afterEach(killAll);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Creates schemas one after another until the mock stops answering; the ids of those answered 2xx. */
async function createUntilKilled(url: string, worker: number, round: number): Promise<string[]> {
  const answered: string[] = [];
  for (let n = 0; ; n++) {
    try {
      const res = await fetch(`${url}/api/v1/schemas`, {
        method: 'POST',
        headers: AUTH,
        body: JSON.stringify({ name: `r${round}-w${worker}-${n}`, properties: { topic: 'string' } }),
      });
      if (res.status >= 200 && res.status < 300) answered.push(((await res.json()) as { id: string }).id);
    } catch {
      return answered;
    }
  }
}

async function schemaIds(url: string): Promise<Set<string>> {
  const res = await fetch(`${url}/api/v1/schemas`, { headers: AUTH });
  return new Set(((await res.json()) as { id: string }[]).map((schema) => schema.id));
}

describe('state file durability', () => {
  it('loses no create answered 2xx when killed with SIGKILL at random moments of write bursts, 20 rounds', async () => {
    const file = join(dir, 'bursts.json');
    const acknowledged: string[] = [];
    let running = await start(file);
    for (let round = 0; round < 20; round++) {
      const workers = [0, 1, 2, 3].map((worker) => createUntilKilled(running.url, worker, round));
      // From the burst's very start (where background saves used to lose everything) to well into it.
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 150)));
      await killed(running.child);
      for (const ids of await Promise.all(workers)) acknowledged.push(...ids);
      running = await start(file);
      const held = await schemaIds(running.url);
      expect(acknowledged.filter((id) => !held.has(id))).toEqual([]);
    }
    await killed(running.child);
    // The rounds did write: the check above had creates to look for.
    expect(acknowledged.length).toBeGreaterThan(20);
  }, 120_000); // Twenty restarts: over a minute on a busy machine, with other test files beside it.

  it('loses no create, PATCH or DELETE answered 2xx when killed with SIGKILL while twelve clients share group commits, 4 rounds', async () => {
    const file = join(dir, 'group-commits.json');
    // `deleting`: a DELETE sent and not answered when the kill came, which may or may not have been flushed.
    type Ack = { created: string[]; deleted: string[]; deleting: Set<string>; patched: Map<string, number> };
    const ack: Ack = { created: [], deleted: [], deleting: new Set(), patched: new Map() };
    const send = (url: string, method: string, path: string, body?: object) =>
      fetch(`${url}/api/v1/schemas${path}`, { method, headers: AUTH, ...(body ? { body: JSON.stringify(body) } : {}) });
    /** One client: writes of its kind, one after another, until the mock is gone; `answered` counts every 2xx. */
    async function client(url: string, kind: number, name: string, answered: () => void): Promise<void> {
      try {
        const own = (await (await send(url, 'POST', '', { name, properties: { n: 'integer' } })).json()) as { id: string };
        ack.created.push(own.id);
        answered();
        for (let n = 1; ; n++) {
          if (kind === 0) {
            const res = await send(url, 'POST', '', { name: `${name}-${n}`, properties: { n: 'integer' } });
            if (res.ok) ack.created.push(((await res.json()) as { id: string }).id);
          } else if (kind === 1) {
            const res = await send(url, 'PATCH', `/${own.id}`, { description: String(n) });
            if (res.ok) ack.patched.set(own.id, n);
          } else {
            const made = await send(url, 'POST', '', { name: `${name}-${n}`, properties: { n: 'integer' } });
            if (!made.ok) continue;
            const { id } = (await made.json()) as { id: string };
            ack.created.push(id);
            ack.deleting.add(id);
            if ((await send(url, 'DELETE', `/${id}`)).ok) ack.deleted.push(id);
            ack.deleting.delete(id);
          }
          answered();
        }
      } catch {
        // The mock was killed: whatever was answered before is counted.
      }
    }
    let running = await start(file, '--quiet');
    let shared = 0;
    for (let round = 0; round < 4; round++) {
      // The kill falls after a number of answers, not after a time: mid-stream, with a flush under way and writes waiting for the next.
      const killAt = 100 + Math.floor(Math.random() * 400);
      let answers = 0;
      let kill: Promise<void> | undefined;
      const { url, child } = running;
      const clients = Array.from({ length: 12 }, (_, i) =>
        client(url, i % 3, `g${round}-c${i}`, () => {
          if (++answers === killAt) kill = killed(child);
        }),
      );
      await Promise.all(clients);
      await kill;
      // Lines of the log are batches; a create, PATCH or DELETE of these makes one change, so a line of several holds several requests flushed together.
      const batches = readFileSync(`${file}.log`, 'utf8').split('\n').slice(1, -1);
      shared += batches.filter((line) => line.startsWith('[{') && line.includes('},{"op"')).length;
      running = await start(file, '--quiet');
      const records = (await (await send(running.url, 'GET', '')).json()) as { id: string; description?: string }[];
      const byId = new Map(records.map((record) => [record.id, record]));
      const deleted = new Set([...ack.deleted, ...ack.deleting]);
      expect(ack.created.filter((id) => !deleted.has(id) && !byId.has(id))).toEqual([]);
      expect(ack.deleted.filter((id) => byId.has(id))).toEqual([]);
      // A PATCH answered holds, or a later one that was flushed but not answered before the kill.
      const behind = [...ack.patched].filter(([id, n]) => Number(byId.get(id)?.description ?? -1) < n);
      expect(behind).toEqual([]);
    }
    await killed(running.child);
    expect(ack.deleted.length).toBeGreaterThan(0);
    expect(ack.patched.size).toBeGreaterThan(0);
    // The kills fell among group commits: batches with changes of several requests were on disk.
    expect(shared).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a second process on a state file in use, naming the file and the owner', async () => {
    const file = join(dir, 'shared.json');
    const first = await start(file);
    try {
      const { code, stderr } = await exitOf(['--state-file', file]);
      expect(code).toBe(2);
      expect(stderr).toContain(`The state file ${file} is in use by another voice-config-mock (process ${first.child.pid}`);
      // The first one still serves, and still saves.
      expect((await fetch(`${first.url}/api/v1/schemas`, { headers: AUTH })).status).toBe(200);
    } finally {
      await killed(first.child);
    }
  });

  it('takes over a lock whose process is gone, saying so', async () => {
    const file = join(dir, 'stale.json');
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${file}.lock`, `${gone}\n`);
    const run = await start(file);
    try {
      expect(run.stderr()).toContain(`Took over the lock ${file}.lock of process ${gone}, which is no longer running.`);
      expect((await exitOf(['--state-file', file])).stderr).toContain(`(process ${run.child.pid}`);
    } finally {
      await killed(run.child);
    }
  });
});
