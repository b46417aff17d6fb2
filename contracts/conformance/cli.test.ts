/** `voice-config-mock verify`: exit codes, one-line messages for problems with the run, and the report files. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { runVerifyCommand } from './cli.js';

async function verify(...argv: string[]) {
  let out = '';
  let err = '';
  const io = {
    out: (text: string) => {
      out += text;
    },
    err: (text: string) => {
      err += text;
    },
  };
  const code = await runVerifyCommand(argv, io);
  return { code, out, err };
}

/** A plain HTTP server on a free port; `answer` decides every response. */
async function serveWith(
  answer: (method: string, path: string, body: string, headers: Record<string, string>) => Promise<Response>,
): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const reply = await answer(req.method ?? 'GET', req.url ?? '/', body, req.headers as Record<string, string>);
    // A reply passed on from fetch has its body decoded already: its coding and length headers would no longer be true.
    const passed = [...reply.headers].filter(([name]) => name !== 'content-encoding' && name !== 'content-length');
    res.writeHead(reply.status, Object.fromEntries(passed));
    res.end(Buffer.from(await reply.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('verify command', () => {
  let mock: RunningServer;
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  beforeAll(async () => {
    mock = await startServer({ port: 0 });
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await mock.close();
  });

  it('exits 0 against the mock and writes JSON and JUnit reports', async () => {
    const json = join(dir, 'report.json');
    const junit = join(dir, 'junit.xml');

    const run = await verify(
      '--base-url',
      mock.url,
      '--token',
      'demo-token',
      '--token2',
      'demo-token-2',
      '--report',
      `json=${json}`,
      '--report',
      `junit=${junit}`,
    );

    expect(run.code).toBe(0);
    expect(run.err).toBe('');
    expect(run.out).toMatch(/✓ \[spec\] +sip-trunks\.delete\.system-refused: /);
    expect(run.out).toContain('The target conforms');
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.summary).toMatchObject({ conforms: true, failed: 0 });
    expect(report.results[0]).toMatchObject({ id: 'schemas.list.json-array', source: 'spec', outcome: 'passed' });
    // Reports keep no secret: the tokens nowhere, and the trunk passwords and webhook secrets the kit sent and
    // read back (in the exchanges as in the evidence) masked.
    const text = readFileSync(json, 'utf8') + readFileSync(junit, 'utf8');
    expect(text).not.toContain('demo-token');
    expect(text).toMatch(/"password": "<masked>"/);
    expect(text).not.toMatch(/"(?:password|secret)": "(?!<masked>)/);
    expect(readFileSync(junit, 'utf8')).toMatch(
      new RegExp(`^<\\?xml[^>]*>\\n<testsuites name="voice-config conformance" tests="${report.results.length}" failures="0"`),
    );
  });

  it('leaves a check not judged where the server could not answer: a 5xx is no refusal', async () => {
    const unavailable = () =>
      new Response('{"title":"Service Unavailable"}', { status: 503, headers: { 'content-type': 'application/json' } });
    const proxy = await serveWith(async (method, path, body, headers) => {
      if (method === 'GET' && headers.authorization === undefined) return unavailable();
      if (method === 'GET' && headers.authorization === 'Bearer demo-token-2' && /^\/api\/v1\/tools\/[^/?]+$/.test(path))
        return unavailable();
      return fetch(mock.url + path, { method, headers, ...(body ? { body } : {}) });
    });
    try {
      const json = join(dir, 'unanswered.json');
      await verify('--base-url', proxy.url, '--token', 'demo-token', '--token2', 'demo-token-2', '--read-only', '--report', `json=${json}`);

      const results = JSON.parse(readFileSync(json, 'utf8')).results as { id: string; outcome: string; reason?: string }[];
      for (const id of ['auth.missing-token.tools', 'tools.get.needs-token', 'tenancy.tools.get']) {
        expect(results.find((result) => result.id === id)).toMatchObject({ outcome: 'not judged', reason: expect.stringContaining('503') });
      }
    } finally {
      proxy.server.close();
    }
  });

  it('exits 1 when a spec check fails, and shows what was sent, received and expected', async () => {
    const proxy = await serveWith(async (method, path, body, headers) => {
      const res = await fetch(mock.url + path, { method, headers, ...(body ? { body } : {}) });
      return method === 'DELETE' && res.status === 200 ? new Response(null, { status: 204 }) : res;
    });
    try {
      const run = await verify('--base-url', proxy.url, '--token', 'demo-token');

      expect(run.code).toBe(1);
      expect(run.out).toMatch(/✗ \[spec\] +webhooks\.delete\.empty-object/);
      expect(run.out).toContain('  expected: the delete answers the body {} (its content type is not judged: the spec does not give one)');
      expect(run.out).toMatch(/sent: +DELETE \/api\/v1\/webhooks\/[0-9a-f-]{36} \(Bearer <token>\) \{\}/);
      expect(run.out).toMatch(/received: 204 \(no content type\) nothing/);
      expect(run.out).toContain('basis:    §4 Delete webhook: the success response is an empty JSON object');
      expect(run.out).not.toContain('demo-token');
    } finally {
      proxy.server.close();
    }
  });

  it.each([
    ['a missing --token', ['--base-url', 'http://127.0.0.1:4010'], /--token is required/],
    [
      'an unknown flag',
      ['--base-url', 'http://127.0.0.1:4010', '--token', 't', '--colour'],
      /^voice-config-mock verify: unknown option --colour\n/,
    ],
    ['a base URL that is not http', ['--base-url', 'ftp://x', '--token', 't'], /--base-url must be an http\(s\) URL/],
    [
      'a bad report spec',
      ['--base-url', 'http://127.0.0.1:4010', '--token', 't', '--report', 'xml=a'],
      /--report takes junit=PATH or json=PATH/,
    ],
  ])('exits 2 with one line for %s', async (_name, argv, message) => {
    const run = await verify(...argv);

    expect(run.code).toBe(2);
    expect(run.err).toMatch(message);
    expect(run.err).not.toMatch(/\n\s+at /);
  });

  it('exits 2 when nothing listens at the base URL', async () => {
    const closed = await startServer({ port: 0 });
    await closed.close();

    const json = join(dir, 'unreachable.json');
    const junit = join(dir, 'unreachable.xml');
    const run = await verify('--base-url', closed.url, '--token', 'demo-token', '--report', `json=${json}`, '--report', `junit=${junit}`);

    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      /^voice-config-mock verify: cannot reach http:\/\/127\.0\.0\.1:\d+\/api\/v1\/schemas: no answer \(ECONNREFUSED\)/,
    );
    expect(run.err.trim().split('\n')).toHaveLength(1);
    // The reports asked for are written all the same: one failed case that says why the run could not start.
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.results).toEqual([
      expect.objectContaining({ id: 'run.started', outcome: 'failed', actual: expect.stringContaining('ECONNREFUSED') }),
    ]);
    expect(readFileSync(junit, 'utf8')).toMatch(/failures="1"[\s\S]*ECONNREFUSED/);
  });

  it('exits 2 and says the answer is not HTTP when something else answers on the port', async () => {
    const garbage = createNetServer((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n'));
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    try {
      const run = await verify('--base-url', `http://127.0.0.1:${(garbage.address() as AddressInfo).port}`, '--token', 'demo-token');

      expect(run.code).toBe(2);
      expect(run.err).toMatch(
        /was answered with something that is not HTTP \(HPE_\w+\); is --base-url the address of the API's HTTP server\?/,
      );
      expect(run.err.trim().split('\n')).toHaveLength(1);
    } finally {
      garbage.close();
    }
  });

  it('exits 2 and says why when fetch will not use the port', async () => {
    // 4045 is on the fetch standard's list of blocked ports; fetch refuses it before connecting.
    const run = await verify('--base-url', 'http://127.0.0.1:4045', '--token', 'demo-token');

    expect(run.code).toBe(2);
    expect(run.err).toContain('fetch refuses the port');
    expect(run.err).toContain('--base-url has port 4045');
    expect(run.err).toContain('serve the target on another port');
    expect(run.err.trim().split('\n')).toHaveLength(1);
  });

  it('exits 2 when the token is refused', async () => {
    const run = await verify('--base-url', mock.url, '--token', 'wrong-token');

    expect(run.code).toBe(2);
    expect(run.err).toMatch(/the target refused --token \(GET .* answered 401\); check the token\n$/);
  });

  it('exits 2 when the server answers HTML', async () => {
    const html = await serveWith(
      async () => new Response('<!doctype html><title>Welcome</title>', { headers: { 'content-type': 'text/html' } }),
    );
    try {
      const run = await verify('--base-url', html.url, '--token', 'demo-token');

      expect(run.code).toBe(2);
      expect(run.err).toMatch(/answered HTML \(200\), not JSON; --base-url should be the API's address, without \/api\/v1\n$/);
    } finally {
      html.server.close();
    }
  });

  it('says the spec was judged only in part when spec checks were skipped, and fails them with --fail-on-skipped-spec', async () => {
    const base = ['--base-url', mock.url, '--token', 'demo-token'];
    const json = join(dir, 'skipped.json');
    const junit = join(dir, 'skipped.xml');

    const partial = await verify(...base);
    const failing = await verify(...base, '--fail-on-skipped-spec', '--report', `json=${json}`, '--report', `junit=${junit}`);

    const accepted = await verify(...base, '--allow-unjudged');

    // Without --token2 the cross-organization checks cannot run: nothing failed, but the spec was judged in part (3).
    expect(partial.code).toBe(3);
    expect(partial.out).toContain('The target conforms in the checks judged');
    expect(partial.out.trimEnd().split('\n').at(-1)).toMatch(
      /^\d+ checks the spec states were not judged, so the spec was judged only in part; .*exit status 3 \(give --allow-unjudged/,
    );
    expect(accepted.code).toBe(0);
    expect(accepted.out.trimEnd().split('\n').at(-1)).toMatch(/Accepted by --allow-unjudged: exit status 0\.$/);
    expect(failing.code).toBe(1);
    expect(failing.out).toMatch(/✗ \[spec\] +tenancy\.schemas\.list: /);
    expect(failing.out).toContain('not checked (--fail-on-skipped-spec): it needs a second organization’s token: give --token2');
    expect(failing.out).toMatch(/The target does not conform: \d+ counted checks failed\./);
    // The reports agree with the exit code.
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report).toMatchObject({ failOnSkippedSpec: true, summary: { conforms: false, skippedSpec: 0 } });
    expect(readFileSync(junit, 'utf8')).toMatch(/<testsuites name="voice-config conformance" tests="\d+" failures="[1-9]\d*"/);
    const whole = await verify(...base, '--token2', 'demo-token-2', '--fail-on-skipped-spec');
    expect(whole.code).toBe(0);
    expect(whole.out).not.toContain('judged only in part');
    // Four whole runs against the mock.
  }, 60_000);

  it('refuses, before running, a report it could not write at the end', async () => {
    const run = await verify('--base-url', mock.url, '--token', 'demo-token', '--report', `json=${join(dir, 'no-such-folder', 'r.json')}`);

    expect(run.code).toBe(2);
    expect(run.err).toMatch(/--report json=.*no-such-folder.*cannot be written to \(ENOENT\)/);
    expect(run.out).toBe('');
  });

  it('refuses --fail-on-skipped-spec with --read-only, which cannot pass', async () => {
    const run = await verify('--base-url', mock.url, '--token', 'demo-token', '--read-only', '--fail-on-skipped-spec');

    expect(run.code).toBe(2);
    expect(run.err).toContain('--fail-on-skipped-spec cannot pass with --read-only');
  });

  it('reads request examples from --examples, and refuses a file it cannot use with exit 2', async () => {
    const noDocument = await serveWith(async (method, path, body, headers) =>
      path === '/openapi.json'
        ? new Response('not here', { status: 404 })
        : fetch(mock.url + path, { method, headers, ...(body ? { body } : {}) }),
    );
    const examples = join(dir, 'examples.json');
    writeFileSync(
      examples,
      JSON.stringify({ '/api/v1/tools': { create: { name: 'kit_tool', type: 'function', url: 'https://example.com/t' } } }),
    );
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ '/api/v1/tool': { create: {} } }));
    try {
      const run = await verify('--base-url', noDocument.url, '--token', 'demo-token', '--examples', examples);
      const refused = await verify('--base-url', noDocument.url, '--token', 'demo-token', '--examples', broken);
      const missing = await verify('--base-url', noDocument.url, '--token', 'demo-token', '--examples', join(dir, 'none.json'));

      // The webhook round trip has no example: its spec checks are not judged (3), and the reason names --openapi.
      expect(run.code).toBe(3);
      expect(run.out).toMatch(/✓ \[assumed\] +tools\.create: /);
      expect(run.out).toMatch(
        /– \[assumed\] +webhooks\.create: .*none given by --examples, and GET \/openapi\.json answered 404.*give --openapi/,
      );
      expect([refused.code, refused.err]).toEqual([
        2,
        expect.stringContaining('"/api/v1/tool" is not a collection path the kit uses; those are /api/v1/sip-trunks, /api/v1/assistants'),
      ]);
      expect([missing.code, missing.err]).toEqual([2, expect.stringContaining('cannot read')]);
    } finally {
      noDocument.server.close();
    }
  });

  it('judges the mock with the same --fail-on-skipped-spec and --examples when comparing', async () => {
    const examples = join(dir, 'compare-examples.json');
    writeFileSync(examples, JSON.stringify({ '/api/v1/schemas': { create: { name: 'Compared' } } }));

    const run = await verify(
      '--base-url',
      mock.url,
      '--token',
      'demo-token',
      '--fail-on-skipped-spec',
      '--examples',
      examples,
      '--compare-with-mock',
    );

    expect(run.code).toBe(1);
    expect(run.out).toContain('Compared with the built-in mock: every check came out the same.');
  });

  it('exits 130 when interrupted during the comparison with the mock, listing no differences', async () => {
    let interrupted = false;
    let out = '';
    const io = {
      out: (text: string) => {
        out += text;
        // The target's run is over: the signal handler the command set now stands for Ctrl+C during the comparison.
        if (!interrupted && text.includes('The target conforms')) {
          interrupted = true;
          const handler = process.listeners('SIGTERM').at(-1) as (signal: NodeJS.Signals) => void;
          setImmediate(() => handler('SIGTERM'));
        }
      },
      err: () => {},
    };

    const code = await runVerifyCommand(['--base-url', mock.url, '--token', 'demo-token', '--read-only', '--compare-with-mock'], io);

    expect(interrupted).toBe(true);
    expect(code).toBe(130);
    expect(out).toContain('The comparison with the built-in mock was interrupted: no differences listed.');
  });

  it('lists no drift when the target is the mock itself', async () => {
    const run = await verify('--base-url', mock.url, '--token', 'demo-token', '--read-only', '--compare-with-mock');

    expect(run.code).toBe(0);
    expect(run.out).toContain('Compared with the built-in mock: every check came out the same.');
  });
});
