/**
 * The request log, read from a started CLI as a developer's terminal would show it (stdout, a pipe here, so no
 * colours), and the command line's small things: --quiet, --log-control, -p, --version, help.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { BATCH_CHARS, batchedWriter } from '../src/cli/terminal.js';
import { createApp } from '../src/http/app.js';

const CLI = 'dist/voice-config-mock.cjs';
const ROOT = new URL('..', import.meta.url);
const children: ChildProcess[] = [];

/** The CLI started on a free port: its URL, and its output as it grows. */
async function started(args: string[]) {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout?.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
  });
  /** Resolves with the output once a line matches `pattern`. */
  const line = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const look = () => {
        const found = out.split('\n').find((text) => pattern.test(text));
        if (found !== undefined) {
          child.stdout?.off('data', look);
          resolve(found);
        }
      };
      child.stdout?.on('data', look);
      look();
    });
  return {
    url,
    line,
    output: () => out,
    /** Stops reading the output: the pipe fills, and the mock's writes to it wait. */
    stop: () => {
      child.stdout?.removeAllListeners('data');
      child.stdout?.pause();
    },
    /** Reads the output again, until a note of dropped lines or a quiet 2 s; resolves with what came. */
    resume: () =>
      new Promise<string>((resolve) => {
        let more = '';
        let quiet = setTimeout(() => resolve(more), 2000);
        child.stdout?.on('data', (chunk: string) => {
          more += chunk;
          clearTimeout(quiet);
          quiet = setTimeout(() => resolve(more), /lines? dropped/.test(more) ? 0 : 2000);
        });
        child.stdout?.resume();
      }),
  };
}

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    }
  }
});

describe('the request log of the CLI', () => {
  it('prints a line per request: time, method, path, status, milliseconds, organization, and a 4xx problem title', async () => {
    const mock = await started([]);
    expect(mock.output()).toContain('--quiet turns that off');
    await (await fetch(`${mock.url}/api/v1/tools?limit=1`, { headers: { authorization: 'Bearer demo-token' } })).arrayBuffer();
    const ok = await mock.line(/ GET \/api\/v1\/tools\?limit=1 /);
    expect(ok).toMatch(/^\d\d:\d\d:\d\d\.\d{3} GET \/api\/v1\/tools\?limit=1 200 \d+(\.\d)? ms {2}\S.*$/);
    await (await fetch(`${mock.url}/api/v1/schemas/nope`, { headers: { authorization: 'Bearer demo-token' } })).arrayBuffer();
    const missing = await mock.line(/ \/api\/v1\/schemas\/nope /);
    expect(missing).toMatch(/ 404 .* {2}Not Found Error$/);
    await (await fetch(`${mock.url}/api/v1/webhooks`)).arrayBuffer();
    expect(await mock.line(/ GET \/api\/v1\/webhooks /)).toMatch(/ 401 .* {2}- {2}Unauthorized$/);
    // A pipe gets plain text; the control API is left out unless asked for.
    await (await fetch(`${mock.url}/__mock/tenants`)).arrayBuffer();
    await (await fetch(`${mock.url}/api/v1/assistants`)).arrayBuffer();
    await mock.line(/ GET \/api\/v1\/assistants /);
    expect(mock.output()).not.toContain('\x1b[');
    expect(mock.output()).not.toContain('/__mock/tenants');
  });

  it('logs the control API with --log-control, and nothing with --quiet', async () => {
    const logged = await started(['--log-control']);
    await (await fetch(`${logged.url}/__mock/tenants`)).arrayBuffer();
    expect(await logged.line(/ GET \/__mock\/tenants /)).toMatch(/ 200 /);
    const quiet = await started(['--quiet']);
    await (await fetch(`${quiet.url}/api/v1/tools`, { headers: { authorization: 'Bearer demo-token' } })).arrayBuffer();
    await (await fetch(`${quiet.url}/api/v1/tools`)).arrayBuffer();
    expect(quiet.output()).not.toContain('/api/v1/tools ');
    expect(quiet.output()).not.toContain('Requests are logged');
  });

  it('colours a line for a terminal, and keeps control characters of names out of it', async () => {
    let written = '';
    const app = createApp({ requestLog: { write: (lines) => (written += lines), color: true } });
    await app.request('/__mock/tenants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Evil\x1b[2J' }),
    });
    const tenants = (await (await app.request('/__mock/tenants')).json()) as { token: string }[];
    const token = tenants.at(-1)?.token;
    await app.request('/api/v1/tools', { headers: { authorization: `Bearer ${token}` } });
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toContain('\x1b[32m200\x1b[0m');
    expect(written).toContain('Evil\\u001B[2J');
    expect(written).not.toContain('/__mock');
  });

  it('shows bidi, invisible and separator characters of names and paths escaped', async () => {
    let written = '';
    const app = createApp({ requestLog: { write: (lines) => (written += lines) } });
    const name = 'A\u202Ex\u2066B\u200BC\u2028D\u2029E\u0085F\u00A0G';
    await app.request('/__mock/tenants', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    const tenants = (await (await app.request('/__mock/tenants')).json()) as { token: string }[];
    await app.request('/api/v1/tools', { headers: { authorization: `Bearer ${tenants.at(-1)?.token}` } });
    // Node reads bytes over 0x7f of a request target as Latin-1: U+202E's bytes arrive as a C1 control among others.
    await app.request('http://localhost/api/v1/tools/x\u00e2\u0080\u00ae');
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toContain('A\\u202Ex\\u2066B\\u200BC\\u2028D\\u2029E\\u0085F\\u00A0G');
    expect(written).not.toMatch(/[\u202E\u2066\u200B\u2028\u2029\u0085\u0080\u00A0]/u);
    expect(written.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('prints the banner with names, tokens and files escaped, and a Try line the shell cannot run anything from', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'banner-'));
    try {
      const token = "x'$(touch$IFS'PWNED')'";
      const scenario = {
        name: 'Hostile\u001b]0;title\u0007',
        organizations: [
          { token, name: 'Org\u001b[2J\u202Eevil\u2028next' },
          { token: 'plain-token', name: 'Plain' },
        ],
      };
      const file = join(dir, 'hostile\u202E.json');
      writeFileSync(file, JSON.stringify(scenario));
      const mock = await started(['--scenario', file, '--quiet']);
      await mock.line(/^Try: /);
      const banner = mock.output();
      expect(banner.replaceAll('\n', '')).not.toMatch(/[\p{Cc}\u202E\u2028]/u);
      expect(banner).toContain('Org\\u001B[2J\\u202Eevil\\u2028next');
      expect(banner).toContain('Hostile\\u001B]0;title\\u0007');
      expect(banner).toContain('hostile\\u202E.json');
      const tryLine = banner.split('\n').find((line) => line.startsWith('Try: ')) ?? '';
      // The line as a shell runs it, with printf in place of curl: one argument, the header whole, and nothing run.
      const shell = spawnSync('sh', ['-c', tryLine.replace(/^Try: curl -H /, "printf '%s\\n' ")], { cwd: dir, encoding: 'utf8' });
      expect(shell.stdout.split('\n')[0]).toBe(`Authorization: Bearer ${token}`);
      expect(existsSync(join(dir, 'PWNED'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the request log writer', () => {
  const turn = () => new Promise((resolve) => setImmediate(resolve));

  it('holds no more than the stream buffers while nobody reads, and says how many lines it dropped once it drains', async () => {
    const stream = new PassThrough();
    const write = batchedWriter(stream);
    const line = `${'x'.repeat(250)}\n`;
    let most = 0;
    for (let round = 0; round < 400; round++) {
      for (let i = 0; i < 50; i++) write(line);
      await turn();
      most = Math.max(most, stream.writableLength);
    }
    // 20,000 lines (5 MB) logged; the stream holds its high-water mark and one batch at most.
    expect(most).toBeLessThan(stream.writableHighWaterMark + BATCH_CHARS + line.length);
    let read = '';
    stream.on('data', (chunk: Buffer) => {
      read += chunk.toString();
    });
    await new Promise((resolve) => stream.once('drain', resolve));
    await turn();
    const note = /(\d+) request log lines dropped/.exec(read);
    const kept = read.split('\n').filter((text) => text.startsWith('x')).length;
    expect(Number(note?.[1])).toBeGreaterThan(19_000);
    expect(kept + Number(note?.[1])).toBe(20_000);
    // Once drained, lines are written again, within the batch's time.
    write('after\n');
    await new Promise((resolve) => stream.once('data', resolve));
    expect(read).toContain('after\n');
  });

  it('keeps memory flat on a pipe nobody reads', async () => {
    // A real pipe: the standard input of a process that never reads it.
    const sleeper = spawn('sleep', ['60'], { stdio: ['pipe', 'ignore', 'ignore'] });
    children.push(sleeper);
    const pipe = sleeper.stdin as NonNullable<typeof sleeper.stdin>;
    pipe.on('error', () => {});
    const write = batchedWriter(pipe);
    const line = `${'y'.repeat(300)}\n`;
    const run = async (rounds: number) => {
      for (let round = 0; round < rounds; round++) {
        for (let i = 0; i < 100; i++) write(line);
        await turn();
      }
    };
    await run(200);
    const before = process.memoryUsage().rss;
    // 200,000 lines, 60 MB: kept, they would take 60 MB and more.
    await run(2_000);
    const grown = process.memoryUsage().rss - before;
    expect(pipe.writableLength).toBeLessThan(pipe.writableHighWaterMark + BATCH_CHARS + line.length);
    expect(grown).toBeLessThan(16 * 1024 * 1024);
    sleeper.kill();
  });

  it('is what the command line logs through: a pipe it cannot fill gets a note of the lines dropped', async () => {
    const mock = await started([]);
    // The test stops reading, as a harness does once it has seen "listening".
    mock.stop();
    const path = `/api/v1/tools?${'q'.repeat(180)}`;
    const client = async () => {
      for (let i = 0; i < 125; i++) await (await fetch(`${mock.url}${path}`)).arrayBuffer();
    };
    // 1,000 lines of some 250 bytes: more than the pipe and both ends' buffers hold.
    await Promise.all(Array.from({ length: 8 }, client));
    const output = await mock.resume();
    expect(output).toMatch(/\d+ request log lines dropped/);
    expect(output.split('\n').filter((text) => text.includes(path.slice(0, 60))).length).toBeLessThan(1_000);
  }, 60_000);
});

describe('the command line', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });

  it('prints its version and its help as a command', () => {
    const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(run(['--version']).stdout).toBe(`${version}\n`);
    expect(run(['help']).stdout).toBe(run(['--help']).stdout);
    expect(run(['help']).stdout).toContain('-p, --port N');
  });

  it('takes -p for --port', async () => {
    const child = spawn(process.execPath, [CLI, '-p', '0', '--quiet'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    child.stdout?.setEncoding('utf8');
    await new Promise<void>((resolve) => {
      child.stdout?.on('data', (chunk: string) => {
        out += chunk;
        if (out.includes('listening on')) resolve();
      });
    });
    expect(out).not.toContain(':4010');
  });
});
