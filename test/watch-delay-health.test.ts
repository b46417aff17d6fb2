/**
 * `--watch` (a scenario file read again when it changes, a bad one reported
 * while the data stays), `--delay` (every API answer waits; `Prefer: delay=`
 * wins) and `GET /__mock/health` (200 without any token, no data).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/http/app.js';
import { parseDelay } from '../src/http/delay.js';
import { cli, exitOf, killAll, remember } from './helpers/mock-process.js';

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await killAll();
});

describe('--watch', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vcm-watch-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const scenario = (name: string) =>
    JSON.stringify({
      name: 'watched',
      organizations: [{ token: 'w-token', records: { tools: [{ type: 'function', name, url: 'https://a.example.com/x' }] } }],
    });

  it('resets to the file when it changes, in one line; a file with problems is reported and the data stays', async () => {
    const file = join(dir, 'watched.json');
    writeFileSync(file, scenario('first'));
    const child = spawn(process.execPath, [cli, '--port', '0', '--quiet', '--scenario', file, '--watch'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    remember(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    /** Resolves once `read()` holds `text`. */
    const printed = (read: () => string, text: string) =>
      vi.waitFor(
        () => {
          if (!read().includes(text)) throw new Error(`not yet printed: ${text}`);
        },
        { timeout: 10_000, interval: 50 },
      );
    await printed(() => out, 'Press Ctrl+C');
    const url = /listening on (\S+)/.exec(out)?.[1];
    const names = async () =>
      ((await (await fetch(`${url}/api/v1/tools`, { headers: { authorization: 'Bearer w-token' } })).json()) as { name: string }[]).map(
        (tool) => tool.name,
      );
    expect(await names()).toEqual(['first']);

    writeFileSync(file, scenario('second'));
    await printed(() => out, `${file} changed: reset to scenario watched`);
    expect(out.match(/changed: reset/g)).toHaveLength(1);
    expect(await names()).toEqual(['second']);

    writeFileSync(file, scenario(''));
    await printed(() => err, 'organizations[0].records.tools[0].name:');
    expect(err).toContain(`${file} changed but was not loaded (the data stays as it was)`);
    expect(await names()).toEqual(['second']);
  });

  it('needs a scenario file, and a file whose records have problems ends the start listing each with its place', async () => {
    const refused = await exitOf(['--watch']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--watch needs a scenario file');
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'bad',
        organizations: [
          {
            token: 't',
            records: {
              tools: [{ type: 'function', name: 'x' }],
              assistants: [{ name: 'a', toolIds: ['00000000-0000-4000-8000-000000000000'] }],
            },
          },
        ],
      }),
    );
    const bad = await exitOf(['--scenario', file]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /\n {2}organizations\[0\]\.records\.tools\[0\]\.url: .*\n {2}organizations\[0\]\.records\.assistants\[0\]\.toolIds/,
    );
  });
});

describe('--delay', () => {
  it('reads MS and MIN-MAX, and refuses anything else', async () => {
    expect(parseDelay('250')).toEqual({ minMs: 250, maxMs: 250 });
    expect(parseDelay('100-300')).toEqual({ minMs: 100, maxMs: 300 });
    for (const bad of ['', 'x', '300-100', '-5', '1.5', '70000']) expect(parseDelay(bad)).toBeTypeOf('string');
    const refused = await exitOf(['--delay', '300-100']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--delay must be whole milliseconds');
  });

  it('holds every API answer for the delay drawn from the range, unless the request names its own', async () => {
    vi.useFakeTimers();
    const app = createApp({ delay: { minMs: 100, maxMs: 300 } });
    const request = (headers: Record<string, string> = {}) => {
      let settled = false;
      const done = Promise.resolve(app.request('/api/v1/tools', { headers: { authorization: 'Bearer demo-token', ...headers } })).then(
        (res) => {
          settled = true;
          return res;
        },
      );
      return { done, settled: () => settled };
    };
    // The draw at the top of the range waits the whole 300 ms.
    vi.spyOn(Math, 'random').mockReturnValue(0.9999);
    const slow = request();
    await vi.advanceTimersByTimeAsync(299);
    expect(slow.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await slow.done).status).toBe(200);
    // At the bottom, 100 ms; a token refusal waits as well.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const quick = request({ authorization: 'Bearer nobody' });
    await vi.advanceTimersByTimeAsync(99);
    expect(quick.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await quick.done).status).toBe(401);
    // Prefer: delay= wins: 0 answers at once, 20 after 20 ms.
    const own = request({ prefer: 'delay=0' });
    await vi.advanceTimersByTimeAsync(0);
    expect(own.settled()).toBe(true);
    const twenty = request({ prefer: 'code=200, delay=20' });
    await vi.advanceTimersByTimeAsync(19);
    expect(twenty.settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await twenty.done).headers.get('preference-applied')).toBe('code=200, delay=20');
    // Not the mock's own paths.
    const document = Promise.resolve(app.request('/__mock/health'));
    await vi.advanceTimersByTimeAsync(0);
    expect((await document).status).toBe(200);
  });
});

describe('GET /__mock/health', () => {
  it('answers 200 {"status":"ok"} with no token of any kind, with the control API behind a token or off', async () => {
    for (const app of [createApp(), createApp({ controlToken: 'secret' }), createApp({ control: false })]) {
      const res = await app.request('/__mock/health', { headers: { origin: 'https://elsewhere.example' } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    }
    // The rest of the control API still needs its token.
    expect((await createApp({ controlToken: 'secret' }).request('/__mock/tenants')).status).toBe(401);
  });

  it('is documented as needing no token', async () => {
    const document = (await (await createApp().request('/openapi.json')).json()) as { paths: Record<string, any> };
    expect(document.paths['/__mock/health']?.get).toMatchObject({ security: [], operationId: 'health' });
  });
});
