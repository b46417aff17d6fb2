/**
 * The kit keeps secrets: against a target that echoes every request's headers and body back in every answer (in
 * lists, records and error messages, as JSON and as text, nested far deeper than 8 levels, cut across the point
 * where the kit shortens answers), no token, --header value or secret member's value is in anything the kit writes:
 * the console, the JUnit file or the JSON file. Nor is any character that drives a terminal.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerifyCommand } from './cli.js';

const TOKEN = 'QxTokA-91f3c2d8e7';
const TOKEN2 = 'QxTokB-5e0a7b4c19';
/** Two --header values: one under a secret-sounding name, one not; one with characters JSON and URLs escape. */
const API_KEY = 'QxKeyC-2b8d6f0a31';
const ROUTE = 'QxRouteD/"+ 4e6c';
/** A trunk password in the examples the kit sends, and one the target makes up itself and shows in its records. */
const EXAMPLE_PASSWORD = 'QxPassE-7c1d9e3f55';
const SERVER_PASSWORD = 'QxPassF-0f4a8b2c66';
const SECRETS = [TOKEN, TOKEN2, API_KEY, ROUTE, EXAMPLE_PASSWORD, SERVER_PASSWORD];
/** What drives a terminal: a screen clear, a window title, a bidi override, a carriage return. */
const HOSTILE = '\x1b[2J\x1b]0;pwned\x07\u202e\r';

/** `value` `depth` levels down, objects and arrays in turn. */
function nested(depth: number, value: unknown): unknown {
  let inner = value;
  for (let level = 0; level < depth; level++) inner = level % 2 === 0 ? { level: inner } : [inner];
  return inner;
}

/** The same strings at many offsets, so that wherever the kit cuts an answer short, it cuts one of them. */
const spray = (text: string) => Array.from({ length: 24 }, (_, index) => `${'#'.repeat(index % 7)}${text}`);

/** A target that answers every request with what the request carried, everywhere it can. */
async function startEchoTarget(): Promise<{ url: string; server: Server; requests: number }> {
  const records = new Map<string, Map<string, Record<string, unknown>>>();
  const state = { requests: 0 };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    state.requests += 1;
    let text = '';
    for await (const chunk of req) text += chunk;
    let body: unknown = text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {}
    const echo = {
      method: req.method,
      url: req.url,
      headers: req.headers,
      body,
      text,
      said: `you sent ${JSON.stringify(req.headers)} ${HOSTILE}`,
    };
    const echoing = {
      echo: nested(12, echo),
      abyss: nested(300, echo),
      spray: spray(`${req.headers.authorization} ${req.headers['x-api-key']} ${req.headers['x-route']}`),
    };
    const json = (status: number, value: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token !== TOKEN && token !== TOKEN2) {
      return json(401, { error: `${HOSTILE} no valid token in ${JSON.stringify(req.headers)}`, ...echoing });
    }
    const [, , , kind, id] = (req.url ?? '/').split('?')[0]!.split('/');
    const own = records.get(`${token}:${kind}`) ?? new Map<string, Record<string, unknown>>();
    records.set(`${token}:${kind}`, own);
    const shown = (record: Record<string, unknown>) => ({
      note: HOSTILE,
      ...record,
      credentials: { password: SERVER_PASSWORD },
      ...echoing,
    });
    if (id === undefined && req.method === 'GET') {
      if (kind === 'assistants') {
        // An answer longer than the kit keeps, with the token right where it cuts (at 2000 characters, 8 in).
        const start = '{"items":"';
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(`${start}${'.'.repeat(1992 - start.length)}${token} ${JSON.stringify(echo).replaceAll('"', "'")}"}`);
      }
      return json(200, [...own.values()].map(shown));
    }
    if (id === undefined && req.method === 'POST') {
      const record = { ...(body as Record<string, unknown>), id: randomUUID() };
      own.set(record.id, record);
      return json(201, shown(record));
    }
    const record = id === undefined ? undefined : own.get(id);
    if (record === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end(
        `${HOSTILE} no such record; you sent ${req.headers.authorization} and x-api-key=${req.headers['x-api-key']} ${HOSTILE} ${text}`,
      );
    }
    if (req.method === 'DELETE') {
      own.delete(record.id as string);
      return json(200, { deleted: true, ...echoing });
    }
    if (req.method === 'PATCH') Object.assign(record, body);
    return json(200, shown(record));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    get requests() {
      return state.requests;
    },
  };
}

const EXAMPLES = {
  '/api/v1/sip-trunks': {
    create: { name: 'Kit trunk', host: 'sip.example.com', port: 5060, username: 'kit', password: EXAMPLE_PASSWORD },
    update: { name: 'Kit trunk renamed' },
  },
  '/api/v1/assistants': { create: { name: 'Kit assistant' }, update: { name: 'Kit assistant renamed' } },
  '/api/v1/schemas': { create: { name: 'Kit schema', type: 'Free' }, update: { description: 'changed' } },
  '/api/v1/tools': {
    create: { name: 'kit_tool', type: 'function', url: 'https://tools.example.com/x', headers: { 'X-Api-Key': EXAMPLE_PASSWORD } },
    update: { description: 'changed' },
  },
  '/api/v1/webhooks': { create: { url: 'https://hooks.example.com/x', events: ['call.ended'] }, update: { enabled: false } },
};

describe('a target that echoes every request back', { timeout: 120_000 }, () => {
  let target: Awaited<ReturnType<typeof startEchoTarget>>;
  const written: Record<'console' | 'junit' | 'json', string> = { console: '', junit: '', json: '' };
  let code: number;
  let dir = '';

  beforeAll(async () => {
    target = await startEchoTarget();
    dir = mkdtempSync(join(tmpdir(), 'kit-secrets-'));
    writeFileSync(join(dir, 'examples.json'), JSON.stringify(EXAMPLES));
    const flags = ['--base-url', target.url, '--token', TOKEN, '--token2', TOKEN2, '--header', `X-Api-Key: ${API_KEY}`];
    const more = ['--header', `X-Route: ${ROUTE}`, '--examples', join(dir, 'examples.json'), '--strict', '--timeout-ms', '5000'];
    const reports = ['--report', `json=${join(dir, 'r.json')}`, '--report', `junit=${join(dir, 'r.xml')}`];
    const write = (text: string) => {
      written.console += text;
    };
    code = await runVerifyCommand([...flags, ...more, ...reports], { out: write, err: write });
    written.json = readFileSync(join(dir, 'r.json'), 'utf8');
    written.junit = readFileSync(join(dir, 'r.xml'), 'utf8');
  });

  afterAll(() => {
    target?.server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ran the whole suite against it, and wrote what the target echoed', () => {
    expect(code).toBe(1);
    expect(target.requests).toBeGreaterThan(100);
    const report = JSON.parse(written.json);
    expect(report.results.length).toBeGreaterThan(100);
    // The echoes are in the reports, masked: in the evidence, the exchanges, the reasons and the failures.
    expect(written.json).toContain('"authorization": "<masked>"');
    expect(written.json).toContain('"x-route": "<masked>"');
    expect(written.json).toMatch(/"level": \[\s*\{\s*"level"/);
    expect(written.json).toContain('nested deeper than 256 levels: not shown');
    expect(written.json).toContain('"password": "<masked>"');
    expect(written.console).toContain('<masked>');
    expect(written.junit).toContain('&lt;masked&gt;');
  });

  for (const output of ['console', 'junit', 'json'] as const) {
    it(`finds no secret in the ${output} output, whole, escaped, or its start where an answer was cut`, () => {
      const text = written[output];
      for (const secret of SECRETS) {
        const forms = [
          secret,
          JSON.stringify(secret).slice(1, -1),
          encodeURIComponent(secret),
          secret.replaceAll('"', '&quot;'),
          secret.slice(0, 6),
        ];
        for (const form of forms) expect(text.includes(form), `${form} in the ${output} output`).toBe(false);
      }
    });
  }

  it('prints no character that drives a terminal, nor a bidi override, in any output', () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
    const unsafe = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
    for (const output of ['console', 'junit', 'json'] as const) expect(unsafe.exec(written[output]), output).toBeNull();
    expect(written.console).toMatch(/\\u001b\[2J|\\x1B\[2J/);
  });
});
