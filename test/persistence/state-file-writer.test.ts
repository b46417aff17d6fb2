/**
 * The state file's writer and loader, in-process: every committed change is
 * in the change log before its commit resolves, concurrent changes share one
 * flush, the log is folded into the snapshot as it grows and at close, and a
 * log cut short by a kill loads all but its torn last line.
 */
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemas } from '../../src/domain/resources/index.js';
import { createMockState, type MockState } from '../../src/state/mock-state.js';
import { createRecord } from '../../src/state/operations.js';
import { createTenant } from '../../src/state/organizations/operations.js';
import { changeLogPath, loadStateFile } from '../../src/state/persistence/state-file.js';
import { StateFileWriter } from '../../src/state/persistence/state-file-writer.js';

const dir = mkdtempSync(join(tmpdir(), 'vcm-writer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let serial = 0;
const fresh = (name: string) => join(dir, `${name}-${serial++}.json`);
/** The tenants' names, after the empty scenario's own organizations. */
const names = (mockState: MockState): string[] =>
  mockState.organizations
    .list()
    .map((o) => o.name)
    .slice(createMockState({ scenario: 'empty' }).organizations.list().length);
const logLines = (file: string): string[] => readFileSync(changeLogPath(file), 'utf8').split('\n').filter(Boolean);

/** A new mock state loaded from the files, as a restart after a kill would (nothing was closed). */
async function restarted(file: string, notes: string[] = []): Promise<MockState> {
  const mockState = createMockState({ scenario: 'empty' });
  await loadStateFile(mockState, file, (message) => notes.push(message));
  return mockState;
}

async function started(file: string, options = {}) {
  const mockState = createMockState({ scenario: 'empty' });
  const writer = new StateFileWriter(mockState, file, options);
  await writer.start(false);
  return { mockState, writer };
}

const addSchema = (mockState: MockState, orgId: string, name: string) =>
  createRecord(mockState.context(orgId), schemas, { name, properties: { topic: 'string' } });

describe('StateFileWriter', () => {
  it('has a change in the log, and loadable, once its commit resolves, without a close', async () => {
    const file = fresh('committed');
    const { mockState, writer } = await started(file);
    const tenant = createTenant(mockState, { name: 'Committed' });
    await writer.commit();
    // The snapshot was written at start: the tenant is in the log only.
    expect(readFileSync(file, 'utf8')).not.toContain('Committed');
    expect(logLines(file)).toHaveLength(2);
    const again = await restarted(file);
    expect(names(again)).toEqual(['Committed']);
    expect(again.organizations.byId(tenant.id)?.token).toBe(tenant.token);
  });

  it('writes the changes of concurrent commits with one append', async () => {
    const file = fresh('grouped');
    const { mockState, writer } = await started(file);
    const tenant = createTenant(mockState, { name: 'Grouped' });
    await writer.commit();
    const before = logLines(file).length;
    const commits = Array.from({ length: 50 }, (_, n) => {
      addSchema(mockState, tenant.id, `schema_${n}`);
      return writer.commit();
    });
    await Promise.all(commits);
    // One flush was under way at most when the 50 came: they take at most two lines, not fifty.
    expect(logLines(file).length - before).toBeLessThanOrEqual(2);
    expect((await restarted(file)).store.count(tenant.id, 'schemas')).toBe(50);
  });

  it('replays puts, removes and clears in order, keeping the list order of the live store', async () => {
    const file = fresh('ordered');
    const { mockState, writer } = await started(file);
    const tenant = createTenant(mockState, { name: 'Ordered', scenario: 'default' });
    const [first, second] = ['first', 'second', 'third'].map((name) => addSchema(mockState, tenant.id, name));
    mockState.store.remove(tenant.id, 'schemas', second?.id ?? '');
    mockState.store.put(tenant.id, 'schemas', { ...(first as object), name: 'renamed' } as never);
    await writer.commit();
    const again = await restarted(file);
    expect(again.store.list(tenant.id, 'schemas')).toEqual(mockState.store.list(tenant.id, 'schemas'));
    expect(again.telephony.configurations()).toEqual(mockState.telephony.configurations());
  });

  it('folds the log into the snapshot once it outgrows its bound, and at close', async () => {
    const file = fresh('folded');
    const { mockState, writer } = await started(file, { foldAtBytes: 2000 });
    const tenant = createTenant(mockState, { name: 'Folded' });
    for (let n = 0; n < 20; n++) {
      addSchema(mockState, tenant.id, `schema_${n}`);
      await writer.commit();
    }
    expect(readFileSync(file, 'utf8')).toContain('schema_');
    expect(readFileSync(changeLogPath(file)).byteLength).toBeLessThan(2000 + 1000);
    expect((await restarted(file)).store.count(tenant.id, 'schemas')).toBe(20);
    addSchema(mockState, tenant.id, 'at_close');
    await writer.close();
    expect(readFileSync(file, 'utf8')).toContain('at_close');
    expect(logLines(file)).toHaveLength(1);
  });

  it('folds once the log holds foldAtLines lines, counting the lines a restart found in it', async () => {
    const file = fresh('lines');
    const first = await started(file, { foldAtLines: 3 });
    const tenant = createTenant(first.mockState, { scenario: 'empty' });
    await first.writer.commit();
    addSchema(first.mockState, tenant.id, 'one');
    await first.writer.commit();
    expect(logLines(file)).toHaveLength(3);
    // A restart after a kill: the log continues its snapshot with two lines of changes in it.
    const mockState = createMockState({ scenario: 'empty' });
    const loaded = await loadStateFile(mockState, file, () => {});
    expect(loaded).toMatchObject({ logContinues: true, logLines: 2 });
    const writer = new StateFileWriter(mockState, file, { foldAtLines: 3 });
    await writer.start(loaded.logContinues, loaded.logLines);
    addSchema(mockState, tenant.id, 'two');
    await writer.commit();
    expect(logLines(file)).toHaveLength(4);
    addSchema(mockState, tenant.id, 'three');
    await writer.commit();
    expect(logLines(file)).toHaveLength(1);
    expect(readFileSync(file, 'utf8')).toContain('three');
    expect((await restarted(file)).store.count(tenant.id, 'schemas')).toBe(3);
    await writer.close();
  });

  it('puts a change made during a fold into the new log', async () => {
    const file = fresh('overtaken');
    const { mockState, writer } = await started(file);
    const folding = writer.writeNow();
    // The fold's batch starts on the turn after this one, and takes its snapshot then, before it writes it: two
    // turns later the change comes after that snapshot, while the snapshot is being written.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    createTenant(mockState, { name: 'During the fold' });
    await Promise.all([folding, writer.commit()]);
    expect(readFileSync(file, 'utf8')).not.toContain('During the fold');
    expect(readFileSync(changeLogPath(file), 'utf8')).toContain('During the fold');
    expect(names(await restarted(file))).toEqual(['During the fold']);
  });

  it('drops a torn last line with a note, loads everything before it, and appends nothing after it', async () => {
    const file = fresh('torn');
    const { mockState, writer } = await started(file);
    createTenant(mockState, { name: 'Whole' });
    await writer.commit();
    appendFileSync(changeLogPath(file), '[{"op":"tenant","organization":{"id":"cut');
    const notes: string[] = [];
    const again = createMockState({ scenario: 'empty' });
    const loaded = await loadStateFile(again, file, (message) => notes.push(message));
    expect(names(again)).toEqual(['Whole']);
    expect(notes.join('\n')).toMatch(/ends in a line cut short \(\d+ bytes.*dropped; everything before it was loaded/);
    // The restarted mock starts a new log instead of writing after the torn bytes.
    expect(loaded.logContinues).toBe(false);
    const next = new StateFileWriter(again, file);
    await next.start(loaded.logContinues);
    createTenant(again, { name: 'After the tear' });
    await next.commit();
    expect(names(await restarted(file))).toEqual(['Whole', 'After the tear']);
  });

  it('refuses a damaged line before the last, naming the line and the log', async () => {
    const file = fresh('damaged');
    const { mockState, writer } = await started(file);
    createTenant(mockState, { name: 'First' });
    await writer.commit();
    appendFileSync(changeLogPath(file), '[{"op":"no-such-change"}]\n[]\n');
    await expect(restarted(file)).rejects.toThrow(`Line 3 of the change log ${changeLogPath(file)} is not a list of changes`);
  });

  it('ignores a log that continues another snapshot (a fold killed before it emptied the log)', async () => {
    const file = fresh('other');
    const { mockState, writer } = await started(file);
    createTenant(mockState, { name: 'In the log' });
    await writer.commit();
    const log = readFileSync(changeLogPath(file));
    await writer.close();
    writeFileSync(changeLogPath(file), log);
    const notes: string[] = [];
    expect(names(await restarted(file, notes))).toEqual(['In the log']);
    expect(notes.join('\n')).toContain('continues another version of the state file');
  });

  it.skipIf(!existsSync('/dev/full'))(
    'rejects the commits an append could not write, then folds, and loads the change once the disk takes it',
    async () => {
      const file = fresh('full');
      const { mockState, writer } = await started(file);
      await writer.close();
      // The log now sends every write to a full disk (ENOSPC).
      rmSync(changeLogPath(file));
      symlinkSync('/dev/full', changeLogPath(file));
      const failing = new StateFileWriter(mockState, file, { onError: () => {} });
      await failing.start(true);
      createTenant(mockState, { name: 'Refused by the disk' });
      await expect(failing.commit()).rejects.toThrow(`Could not save the state file ${changeLogPath(file)}`);
      // Nothing more is appended after a failed append: the next commit writes a whole snapshot, which the full log refuses too.
      await expect(failing.commit()).rejects.toThrow('Could not save the state file');
      rmSync(changeLogPath(file));
      await failing.commit();
      expect(names(await restarted(file))).toEqual(['Refused by the disk']);
    },
  );

  it('rejects its close when the last save fails, and resolves once a later save succeeds', async () => {
    const folder = join(dir, `later-${serial++}`);
    const errors: Error[] = [];
    const writer = new StateFileWriter(createMockState({ scenario: 'empty' }), join(folder, 'state.json'), {
      onError: (e) => errors.push(e),
    });
    await expect(writer.close()).rejects.toThrow('Could not save the state file');
    expect(errors).toHaveLength(1);
    mkdirSync(folder);
    await expect(writer.close()).resolves.toBeUndefined();
  });
});
