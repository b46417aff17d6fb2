/**
 * What explore writes and how it ends on targets that misbehave outside the
 * spec's rules: a target that stops answering mid-run gets no "passed"
 * (exit 2), and a target that echoes the caller's token back never has it
 * printed, in the console or the JSON report (the repro files show only what the kit sent and
 * the ids it was answered: repro.test.ts holds them to the same).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/http/app.js';
import { createMockState } from '../../../src/state/mock-state.js';
import { runExploreCommand } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'explore-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/**
 * The mock over HTTP, each answer passed through `change`; `answered` counts the requests it has taken. `tokens`
 * maps the Authorization headers the kit sends to the mock's own.
 */
async function serveMock(
  change: (req: { n: number; auth: string }, body: string) => string | 'hang up',
  tokens: Record<string, string> = {},
): Promise<string> {
  const app = createApp({ mockState: createMockState() });
  let n = 0;
  const served = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
    if (headers.authorization !== undefined) headers.authorization = tokens[headers.authorization] ?? headers.authorization;
    const hasBody = req.method !== 'GET' && chunks.length > 0;
    const answer = await app.request(`http://127.0.0.1${req.url}`, {
      method: req.method ?? 'GET',
      headers,
      ...(hasBody ? { body: Buffer.concat(chunks).toString('utf8') } : {}),
    });
    const text = change({ n: ++n, auth: req.headers.authorization ?? '' }, await answer.text());
    if (text === 'hang up') return void req.socket.destroy();
    const out = Object.fromEntries(answer.headers);
    delete out['content-length'];
    res.writeHead(answer.status, out).end(text);
  });
  server = served;
  await new Promise<void>((resolve) => served.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(served.address() as AddressInfo).port}`;
}

async function explore(url: string, ...argv: string[]) {
  let out = '';
  const json = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  const tokens = argv.includes('--token') ? [] : ['--token', 'demo-token', '--token2', 'demo-token-2'];
  const code = await runExploreCommand(['--base-url', url, ...tokens, '--seed', '3', '--report', `json=${json}`, ...argv], {
    out: (text) => (out += text),
    err: (text) => (out += text),
  });
  return { code, out, json: readFileSync(json, 'utf8') };
}

describe('explore on a target that misbehaves outside the rules', () => {
  it('exits 2, not 0, when the target stops answering in the middle of the run, and says why', async () => {
    const url = await serveMock(({ n }, body) => (n > 60 ? 'hang up' : body));
    const run = await explore(url, '--runs', '50', '--steps', '8');
    expect(run.code, run.out).toBe(2);
    expect(JSON.parse(run.json).stoppedBy).toMatch(/^the target gave no answer/);
  }, 60_000);

  it('masks the tokens a target echoes back, in the console and the JSON report', async () => {
    // Every JSON object answer carries the caller's Authorization header back in a member of its own; so does a
    // delete's, which then is no longer the empty object the spec gives it: a failure whose answers are reported.
    const echo = (auth: string) => `"echo":${JSON.stringify(`seen ${auth}`)}`;
    const url = await serveMock(({ auth }, body) =>
      body === '{}' ? `{${echo(auth)}}` : body.startsWith('{') ? `{${echo(auth)},${body.slice(1)}` : body,
    );
    const run = await explore(url, '--runs', '30', '--steps', '6', '--max-failures', '1');
    expect(run.code, run.out).toBe(1);
    expect(run.json).toContain('<masked>');
    for (const text of [run.out, run.json]) expect(text).not.toContain('demo-token');
  }, 60_000);

  it('masks tokens holding / + = ~ that a target echoes encoded, in the console and the JSON report', async () => {
    const token = 'Zk9x/Q2b+Tr7wL1pq8Vn~==';
    const token2 = 'Hs3m/Yy1+Pq0cU6ze4Kd~==';
    const encoded = (secret: string) => [
      JSON.stringify(secret).slice(1, -1).replaceAll('/', '\\/'),
      secret.replace(/[^A-Za-z0-9]/g, (char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`),
      encodeURIComponent(secret).replaceAll('~', '%7E'),
      encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    ];
    const echo = (auth: string) => `"echo":${JSON.stringify(`seen ${encoded(auth.replace(/^Bearer /, '')).join(' ')}`)}`;
    const url = await serveMock(
      ({ auth }, body) => (body === '{}' ? `{${echo(auth)}}` : body.startsWith('{') ? `{${echo(auth)},${body.slice(1)}` : body),
      { [`Bearer ${token}`]: 'Bearer demo-token', [`Bearer ${token2}`]: 'Bearer demo-token-2' },
    );
    const run = await explore(url, '--token', token, '--token2', token2, '--runs', '30', '--steps', '6', '--max-failures', '1');
    expect(run.code, run.out).toBe(1);
    expect(run.json).toContain('seen <masked>');
    for (const text of [run.out, run.json]) {
      for (const form of [token, token2, ...encoded(token), ...encoded(token2)]) expect(text).not.toContain(form);
    }
  }, 60_000);

  it('writes no secret a target shows, and no raw control character, in the JSON and JUnit reports', async () => {
    // Every object answer carries a secret-named member and a note with an escape sequence, a C1 control and a bidi
    // override; a delete's answer is then no longer {}: a failure whose answers are reported.
    const secret = 'whsec_SERVERSIDE_a60e91d0';
    const extra = `"signingSecret":"${secret}","note":${JSON.stringify('\u001b[31m\u009b2J\u202eok\u0007')}`;
    const url = await serveMock((_, body) => (body === '{}' ? `{${extra}}` : body.startsWith('{') ? `{${extra},${body.slice(1)}` : body));
    const junit = join(dir, 'secrets.xml');
    const run = await explore(url, '--runs', '30', '--steps', '6', '--max-failures', '1', '--report', `junit=${junit}`);
    expect(run.code, run.out).toBe(1);
    const texts = [run.out, run.json, readFileSync(junit, 'utf8')];
    expect(readFileSync(junit, 'utf8')).toContain('signingSecret');
    for (const text of texts) {
      expect(text).not.toContain(secret);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: finding the target's control characters is the point
      expect(text).not.toMatch(/[\u0007\u001b\u009b\u202e]/);
    }
  }, 60_000);
});
