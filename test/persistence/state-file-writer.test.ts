/** When the state file is written: every change reaches the disk, however the changes and the writes interleave. */
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTenant } from '../../src/control/tenants.js';
import { StateFileWriter } from '../../src/persistence/state-file.js';
import { createWorld } from '../../src/world.js';

const dir = mkdtempSync(join(tmpdir(), 'vcm-writer-'));
const names = (file: string): string[] => JSON.parse(readFileSync(file, 'utf8')).organizations.map((o: { name: string }) => o.name);

describe('StateFileWriter', () => {
  it('writes again after a write that a change overtook, before a flush resolves', async () => {
    const world = createWorld({ scenario: 'empty' });
    const file = join(dir, 'overtaken.json');
    const writer = new StateFileWriter(world, file);
    // The first write takes the state as it is now; the tenant comes while that write is under way.
    const first = writer.flush();
    createTenant(world, { name: 'During the write' });
    const second = writer.flush();
    await Promise.all([first, second]);
    expect(names(file)).toContain('During the write');
  });

  it('saves within its longest delay while changes keep coming, instead of waiting for a quiet moment', async () => {
    const world = createWorld({ scenario: 'empty' });
    const file = join(dir, 'busy.json');
    const writer = new StateFileWriter(world, file, undefined, { quietMs: 50, maxDelayMs: 150 });
    // A change every 20 ms is never 50 ms quiet: only the longest delay brings a save while they last.
    const changes = setInterval(() => writer.changed(), 20);
    try {
      await expect.poll(() => existsSync(file), { timeout: 2000, interval: 20 }).toBe(true);
    } finally {
      clearInterval(changes);
    }
    await writer.close();
  });

  it('rejects its close when the last save fails, and resolves once a later save succeeds', async () => {
    const world = createWorld({ scenario: 'empty' });
    const errors: Error[] = [];
    const folder = join(dir, 'later');
    const writer = new StateFileWriter(world, join(folder, 'state.json'), (error) => errors.push(error));
    await expect(writer.close()).rejects.toThrow('Could not save the state file');
    expect(errors).toHaveLength(1);
    mkdirSync(folder);
    await expect(writer.close()).resolves.toBeUndefined();
  });
});
