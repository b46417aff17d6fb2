/**
 * The bench's durable baseline (bench/raw-server.mjs --durable-log): the raw
 * server whose writes are in its log, opened for synchronous writes, before
 * they are answered. `npm run bench` prints the mock's --state-file share
 * beside this server's, so a reader can tell the disk's limit from the
 * mock's; a baseline that answered before it wrote would make the mock look
 * slow for nothing.
 */
import { constants, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs module of the bench, without type declarations.
import { send, startRawServer, stop } from '../bench/processes.mjs';

const dir = mkdtempSync(join(tmpdir(), 'vcm-raw-durable-'));
const logPath = join(dir, 'raw.log');
const started: Array<{ child: unknown }> = [];
afterAll(async () => {
  for (const server of started) await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
});

const lines = () => readFileSync(logPath, 'utf8').split('\n').filter(Boolean);

describe("the bench's raw server with a durable log", () => {
  it('has each write in its log when it answers it, and a read in none', async () => {
    const raw = await startRawServer({ durableLog: logPath });
    started.push(raw);
    await raw.answer({ status: 200, body: Buffer.from('{"id":"sch_1"}') });
    const patch = {
      method: 'PATCH',
      path: '/api/v1/schemas/sch_1',
      headers: { 'content-type': 'application/json' },
      body: '{"description":"x"}',
    };

    const answered = await send(raw.port, patch);
    expect(answered.status).toBe(200);
    expect(lines()).toEqual(['PATCH /api/v1/schemas/sch_1 {"id":"sch_1"}']);

    await send(raw.port, { path: '/api/v1/schemas' });
    expect(lines()).toHaveLength(1);

    // Concurrent writes: every one answered, every one in the log by then, each once.
    await Promise.all(Array.from({ length: 20 }, (_, n) => send(raw.port, { ...patch, path: `/api/v1/schemas/sch_${n + 2}` })));
    const logged = lines();
    expect(logged).toHaveLength(21);
    expect(new Set(logged).size).toBe(21);
  });

  it('opens its log for synchronous writes (O_DSYNC), as the mock opens its change log', async (context) => {
    if (constants.O_DSYNC === undefined || process.platform !== 'linux') context.skip();
    const durableLog = join(dir, 'flags.log');
    const raw = await startRawServer({ durableLog });
    started.push(raw);
    const pid = (raw.child as { pid: number }).pid;
    const fd = readdirSync(`/proc/${pid}/fd`).find((entry) => readlinkSync(`/proc/${pid}/fd/${entry}`) === durableLog);
    expect(fd).toBeDefined();
    const flags = Number.parseInt(/^flags:\s+([0-7]+)/m.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))?.[1] ?? '0', 8);
    expect(flags & constants.O_DSYNC).toBe(constants.O_DSYNC);
  });
});
