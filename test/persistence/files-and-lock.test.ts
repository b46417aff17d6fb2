/**
 * The state file when the files around it change, and its lock when the
 * process it names is not a running mock (issue 30), with the built CLI in a
 * child process: files deleted under a running mock are written again before
 * the next write is answered; a symlinked state file stays a link and locks
 * its target; a lock naming a zombie or an unrelated program is taken over.
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cli, exitOf, killAll, killed, remember, startWithStateFile as start } from '../helpers/mock-process.js';

const dir = mkdtempSync(join(tmpdir(), 'vcm-files-'));
const AUTH = { authorization: 'Bearer demo-token', 'content-type': 'application/json' };
const hasProc = existsSync('/proc/self/stat');

afterEach(killAll);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function createSchema(url: string, name: string): Promise<{ status: number; id?: string }> {
  const res = await fetch(`${url}/api/v1/schemas`, { method: 'POST', headers: AUTH, body: JSON.stringify({ name }) });
  const body = (await res.json()) as { id?: string };
  return { status: res.status, ...(body.id ? { id: body.id } : {}) };
}

async function schemaIds(url: string): Promise<Set<string>> {
  const res = await fetch(`${url}/api/v1/schemas`, { headers: AUTH });
  return new Set(((await res.json()) as { id: string }[]).map((schema) => schema.id));
}

/** The fields of /proc/<pid>/stat after the process name: [0] is its state, [19] its start time. */
const statFields = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};
const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const pidNamespace = () => readlinkSync('/proc/self/ns/pid');

/** Resolves once `predicate` holds, asking every 20 ms (no time limit of its own: the test's timeout bounds it). */
async function until(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('the state file follows its files', () => {
  it('writes both files again when they are deleted under a running mock: every write answered 201 survives kill -9', async () => {
    const folder = join(dir, 'deleted');
    mkdirSync(folder);
    const file = join(folder, 's.json');
    const first = await start(file);
    rmSync(file);
    rmSync(`${file}.log`);
    const created: string[] = [];
    for (let n = 0; n < 50; n++) {
      const { status, id } = await createSchema(first.url, `after-rm-${n}`);
      expect(status).toBe(201);
      created.push(id as string);
    }
    // The note is written before the answer; it may reach this process's pipe after it.
    await until(() => first.stderr().includes(`The change log ${file}.log was deleted while the mock ran; both files are written again`));
    await killed(first.child);

    const second = await start(file);
    const ids = await schemaIds(second.url);
    expect(created.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('writes them again when the whole folder went (rm -rf of a tmp/), and when the state file was replaced', async () => {
    const folder = join(dir, 'gone');
    mkdirSync(folder);
    const file = join(folder, 's.json');
    const first = await start(file);
    rmSync(folder, { recursive: true });
    const one = await createSchema(first.url, 'after-rm-rf');
    expect(one.status).toBe(201);
    // The lock went with the folder, and is written again with the files: a second mock on the file is still refused.
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: first.child.pid });
    const refused = await exitOf(['--state-file', file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`in use by another voice-config-mock (process ${first.child.pid}`);
    expect(first.stderr()).toContain(`The lock file ${file}.lock went with its folder; it was written again.`);
    // Replaced by another file (as an editor or a copy would): the next write writes the mock's state over it.
    rmSync(file);
    writeFileSync(file, '{}');
    const two = await createSchema(first.url, 'after-replace');
    expect(two.status).toBe(201);
    await until(() => first.stderr().includes(`The state file ${file} was replaced while the mock ran`));
    await killed(first.child);

    const second = await start(file);
    const ids = await schemaIds(second.url);
    expect(ids.has(one.id as string) && ids.has(two.id as string)).toBe(true);
  }, 60_000);

  it('keeps a symlinked state file a link, writes its target, and refuses a second mock on another link to it', async () => {
    const real = join(dir, 'real');
    mkdirSync(real);
    const target = join(real, 'state.json');
    const link = join(dir, 'link.json');
    const other = join(dir, 'other-link.json');
    symlinkSync(target, link);
    symlinkSync(target, other);
    const first = await start(link);
    try {
      const { id } = await createSchema(first.url, 'through-a-link');
      // The lock and the log sit beside the real file.
      expect(existsSync(`${target}.lock`)).toBe(true);
      expect(existsSync(`${link}.lock`)).toBe(false);
      const refused = await exitOf(['--state-file', other]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`is in use by another voice-config-mock (process ${first.child.pid}`);
      first.child.kill('SIGTERM');
      await new Promise((resolve) => first.child.once('exit', resolve));
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(readFileSync(target, 'utf8')).toContain(id as string);
    } finally {
      await killed(first.child);
    }
  });

  it('refuses a change log of another version at start, with exit code 2, and leaves it as it is', async () => {
    const file = join(dir, 'versions.json');
    const first = await start(file);
    await createSchema(first.url, 'logged');
    await killed(first.child);
    const log = readFileSync(`${file}.log`, 'utf8');
    const newer = log.replace('"version":1', '"version":2');
    writeFileSync(`${file}.log`, newer);
    const { code, stderr } = await exitOf(['--state-file', file]);
    expect(code).toBe(2);
    expect(stderr).toContain(`The change log ${file}.log was written by another version of voice-config-mock`);
    expect(readFileSync(`${file}.log`, 'utf8')).toBe(newer);
  });
});

describe.skipIf(!hasProc)('a lock that knows its owner', () => {
  it('takes over a lock whose process is a zombie, saying so', async () => {
    // A shell that starts node in the background and then becomes `sleep`, which never reaps it: a real zombie.
    const parent = spawn('sh', ['-c', `${JSON.stringify(process.execPath)} -e 0 & echo $!; exec sleep 30`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    remember(parent);
    const zombie = Number(await new Promise<string>((resolve) => parent.stdout?.once('data', (chunk) => resolve(String(chunk)))));
    await until(() => statFields(zombie)[0] === 'Z');
    const file = join(dir, 'zombie.json');
    // Everything else about the owner matches: only its being a zombie makes the lock stale.
    writeFileSync(
      `${file}.lock`,
      JSON.stringify({ pid: zombie, startTime: statFields(zombie)[19], bootId: bootId(), host: hostname(), pidNamespace: pidNamespace() }),
    );
    const run = await start(file);
    expect(run.stderr()).toContain(
      `Took over the lock ${file}.lock of process ${zombie}, which has ended (a zombie its parent has not reaped).`,
    );
    await killed(run.child);
    await killed(parent);
  });

  it('takes over a lock whose pid is now an unrelated program, in the lock of today and in a lock of pid only', async () => {
    const sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
    remember(sleeper);
    const pid = sleeper.pid as number;
    await until(() => statFields(pid)[0] !== undefined);

    const later = join(dir, 'reused.json');
    // The lock's owner started at another time than the process that has its pid now.
    writeFileSync(`${later}.lock`, JSON.stringify({ pid, startTime: '1', bootId: bootId() }));
    const first = await start(later);
    expect(first.stderr()).toContain(`Took over the lock ${later}.lock of process ${pid}, whose pid is now another process's`);

    const old = join(dir, 'pid-only.json');
    writeFileSync(`${old}.lock`, `${pid}\n`);
    const second = await start(old);
    expect(second.stderr()).toContain(`Took over the lock ${old}.lock of process ${pid}, whose pid is now another program's (sleep)`);

    await Promise.all([first, second].map(({ child }) => killed(child)));
    await killed(sleeper);
  });

  it('refuses a lock of another host, boot or PID namespace, naming it, and takes it with --take-lock', async () => {
    // Each lock names a pid that runs here (pid 1, with another start time): only where it was written differs.
    const here = { pid: 1, startTime: '1', bootId: bootId(), host: hostname(), pidNamespace: pidNamespace() };
    const cases = [
      { name: 'host', lock: { ...here, host: 'another-host' }, says: 'written on another host (another-host)' },
      { name: 'boot', lock: { ...here, bootId: 'another-boot' }, says: 'written in another boot of this machine (boot id another-boot)' },
      { name: 'namespace', lock: { ...here, pidNamespace: 'pid:[1]' }, says: 'written in another PID namespace (pid:[1]' },
    ];
    for (const { name, lock, says } of cases) {
      const file = join(dir, `foreign-${name}.json`);
      writeFileSync(`${file}.lock`, JSON.stringify(lock));
      const refused = await exitOf(['--state-file', file]);
      expect(refused.code, name).toBe(2);
      expect(refused.stderr, name).toContain(`The state file ${file} is locked by process 1, ${says}`);
      expect(refused.stderr, name).toContain('--take-lock');
      // Left as it was.
      expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')), name).toEqual(lock);
      const taken = await start(file, '--take-lock');
      expect(taken.stderr(), name).toContain(`Took over the lock ${file}.lock of process 1, ${says}`);
      expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')), name).toMatchObject({ pid: taken.child.pid });
      await killed(taken.child);
    }
  }, 90_000);

  it('refuses a lock of a mock in another container that runs as the same pid as this one', async () => {
    // Two containers that each run node as pid 1: the lock names this process's own pid, from another namespace.
    const file = join(dir, 'same-pid.json');
    const owner = { startTime: '1', bootId: bootId(), host: hostname(), pidNamespace: 'pid:[4026530000]' };
    const child = spawn(process.execPath, [cli, '--port', '0', '--state-file', file], { stdio: ['pipe', 'ignore', 'pipe'] });
    remember(child);
    // Written before the child reads it (it locks after parsing its options and building its state).
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: child.pid, ...owner }));
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr).toContain(`locked by process ${child.pid}, written in another PID namespace`);
  }, 60_000);

  it('refuses a start while the owner runs, and says what to delete if that process is no mock', async () => {
    const file = join(dir, 'held.json');
    const first = await start(file);
    const { code, stderr } = await exitOf(['--state-file', file]);
    expect(code).toBe(2);
    expect(stderr).toContain(`if process ${first.child.pid} is not a voice-config-mock, delete ${file}.lock`);
    await killed(first.child);
  });
});
