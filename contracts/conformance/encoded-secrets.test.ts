/**
 * The kit keeps secrets however a target writes them back: tokens and a --header value holding `/ + = ~` (and a
 * Basic header), echoed by a target in each encoding servers use (JSON with `\/` and `\u002B` escapes, JSON inside
 * JSON, percent-encoding in upper and lower case, with `~` encoded or not, `+` for a space, HTML references), in
 * short answers and in answers longer than the kit keeps whole, and in a redirect to another origin. No form of
 * any of them is in the console, the JSON report or the JUnit file.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVerifyCommand } from './cli.js';

const TOKEN = 'Zk9x/Q2b+Tr7wL1pq8Vn==';
const TOKEN2 = 'ab~Cd/Ef+Gh12~xyZ==';
const ROUTE = 'r0ute/K3y+ with~space=';
const BASIC_USER = 'kit-user:Pw/x+9~z=q';
const BASIC = `Basic ${Buffer.from(BASIC_USER).toString('base64')}`;
const SECRETS = [TOKEN, TOKEN2, ROUTE, BASIC, BASIC.slice(6), BASIC_USER, 'Pw/x+9~z=q'];

const code = (char: string) => (char.codePointAt(0) ?? 0).toString(16).padStart(4, '0');
const notAlphanumeric = /[^A-Za-z0-9]/g;
const percent = (text: string) => encodeURIComponent(text);

/** Every way the target writes `secret` back (and the test looks for it in what the kit wrote). */
function encodings(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  return [
    secret,
    json,
    json.replaceAll('/', '\\/'),
    JSON.stringify(json.replaceAll('/', '\\/')).slice(1, -1),
    secret.replace(notAlphanumeric, (char) => `\\u${code(char)}`),
    secret.replace(notAlphanumeric, (char) => `\\u${code(char).toUpperCase()}`),
    percent(secret),
    percent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()),
    percent(secret).replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`),
    new URLSearchParams({ q: secret }).toString().slice(2),
    percent(percent(secret)),
    secret.replace(notAlphanumeric, (char) => `&#${char.codePointAt(0)};`),
  ].filter((form, index, all) => all.indexOf(form) === index);
}

/** A target that echoes the credentials of every request in every encoding, and sends one list to another origin. */
async function startEchoingTarget(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const sent = [token, String(req.headers['x-route'] ?? ''), String(req.headers['x-gateway'] ?? '')];
    const echoed = sent.flatMap(encodings).join(' | ');
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/api/v1/sip-trunks') {
      const java = percent(token).replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
      res.writeHead(302, { location: `http://sso.example.test/login?access_token=${java}&lower=${percent(token).toLowerCase()}` });
      return res.end();
    }
    if (path === '/api/v1/schemas') {
      // A list longer than the kit keeps whole, written as PHP writes JSON (slashes escaped): kept as raw text.
      const records = Array.from({ length: 6 }, (_, index) => ({ id: `id-${index}`, description: `echo ${echoed}` }));
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(records).replaceAll('/', '\\/'));
    }
    // Everything else: a short error echoing them, as JSON and as JSON inside JSON.
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: `bad credentials ${sent.join(' ')}`, detail: JSON.stringify({ echoed: sent }) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('a target that echoes secrets in every encoding', { timeout: 120_000 }, () => {
  let target: Awaited<ReturnType<typeof startEchoingTarget>>;
  const written: Record<'console' | 'junit' | 'json', string> = { console: '', junit: '', json: '' };
  let dir = '';

  beforeAll(async () => {
    target = await startEchoingTarget();
    dir = mkdtempSync(join(tmpdir(), 'kit-encoded-secrets-'));
    const write = (text: string) => {
      written.console += text;
    };
    await runVerifyCommand(
      [
        ...['--base-url', target.url, '--token', TOKEN, '--token2', TOKEN2, '--strict', '--timeout-ms', '5000'],
        ...['--header', `X-Route: ${ROUTE}`, '--header', `X-Gateway: ${BASIC}`],
        ...['--report', `json=${join(dir, 'r.json')}`, '--report', `junit=${join(dir, 'r.xml')}`],
      ],
      { out: write, err: write },
    );
    written.json = readFileSync(join(dir, 'r.json'), 'utf8');
    written.junit = readFileSync(join(dir, 'r.xml'), 'utf8');
  });

  afterAll(() => {
    target?.server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('wrote what the target answered, masked, in a JSON report that still parses', () => {
    expect(JSON.parse(written.json).results.length).toBeGreaterThan(50);
    expect(written.console).toContain('<masked>');
    expect(written.json).toContain('another origin');
    expect(written.json).toContain('access_token=<masked>');
    expect(written.json).toContain('characters in all');
    expect(written.junit).toContain('&lt;masked&gt;');
    // The mask in the JUnit file is XML text: no raw angle bracket came from it.
    expect(written.junit).not.toContain('<masked>');
  });

  for (const output of ['console', 'junit', 'json'] as const) {
    it(`finds no secret in the ${output} output in any encoding`, () => {
      const text = written[output];
      for (const secret of SECRETS) {
        for (const form of [...encodings(secret), secret.slice(0, 6)]) {
          expect(text.includes(form), `${form} in the ${output} output`).toBe(false);
        }
      }
    });
  }
});
