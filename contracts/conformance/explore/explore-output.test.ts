/**
 * What explore writes and how it ends on targets that misbehave outside the
 * spec's rules: a target that stops answering mid-run gets no "passed"
 * (exit 2), and a target that echoes the caller's token back never has it
 * printed, in the console or the JSON report.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/http/app.js';
import { createMockState } from '../../../src/state/mock-state.js';
import { runExploreCommand } from './cli.js';

const dir = mkdtempSync(join(tmpdir(), 'explore-output-'));
let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** The mock over HTTP, each answer passed through `change`; `answered` counts the requests it has taken. */
async function serveMock(change: (req: { n: number; auth: string }, body: string) => string | 'hang up'): Promise<string> {
  const app = createApp({ mockState: createMockState() });
  let n = 0;
  const served = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : [])));
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
  const code = await runExploreCommand(
    ['--base-url', url, '--token', 'demo-token', '--token2', 'demo-token-2', '--seed', '3', '--report', `json=${json}`, ...argv],
    { out: (text) => (out += text), err: (text) => (out += text) },
  );
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
});
