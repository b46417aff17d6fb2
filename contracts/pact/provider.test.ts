import './pact-env.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createControlClient } from '../../src/client/control-client.js';
import { createApp } from '../../src/http/app.js';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { createMockState } from '../../src/state/mock-state.js';
import { pactFiles } from './pact-file.js';
import { controlApiStates } from './provider-states-clients.js';
import { serveFetch } from './serve-fetch.js';
import { verifyPacts } from './verify-pacts.js';
import { main } from './verify-real.js';

// Verification takes a few seconds per run: Pact replays every interaction with its states.
const VERIFY_TIMEOUT = 60_000;
const failed = (result: { interactions: { description: string; ok: boolean }[] }) =>
  result.interactions.filter(({ ok }) => !ok).map(({ description }) => description);

describe('provider verification of the mock', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, seed: 1 });
  });
  afterAll(() => server.close());

  it(
    'honours every interaction of the committed pacts, with states made through the control api',
    async () => {
      const files = await pactFiles();
      expect(files.length).toBeGreaterThan(0);
      const control = createControlClient({ baseUrl: server.url });
      const tenantsBefore = (await control.listTenants()).length;
      const result = await verifyPacts({ providerBaseUrl: server.url, token: 'demo-token', states: controlApiStates(control) });
      expect(failed(result), result.output).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.interactions.length).toBeGreaterThanOrEqual(31);
      // Every interaction's organization is gone again: verification leaves the mock as it found it.
      expect(await control.listTenants()).toHaveLength(tenantsBefore);
    },
    VERIFY_TIMEOUT,
  );

  it(
    'honours them through the verifier command, with states made by its own provider-state endpoint',
    async () => {
      const lines: string[] = [];
      const args = [
        '--provider-base-url',
        server.url,
        '--token',
        'demo-token',
        '--provider-states-url',
        `${server.url}/__mock/provider-states`,
      ];
      const code = await main(args, (line) => lines.push(line));
      expect(code, lines.join('\n')).toBe(0);
      expect(lines.at(-1)).toMatch(/^All \d+ interactions hold\.$/);
    },
    VERIFY_TIMEOUT,
  );

  it('the verifier command exits with 2 when the pacts have states and no endpoint is given for them', async () => {
    const lines: string[] = [];
    expect(await main(['--provider-base-url', server.url, '--token', 'demo-token'], (line) => lines.push(line))).toBe(2);
    expect(lines.join('\n')).toMatch(/The pacts need provider states \(\d+, such as "[^"]+"\): give .* --provider-states-url/);
    const both = ['--provider-base-url', server.url, '--token', 'demo-token', '--no-provider-states', '--provider-states-url', server.url];
    expect(await main(both, (line) => lines.push(line))).toBe(2);
    expect(lines.at(-1)).toContain('not both');
    expect(await main([...both.slice(0, 4), '--pact', '/nonexistent/pact.json'], (line) => lines.push(line))).toBe(2);
    expect(lines.at(-1)).toContain('Cannot read the pact files');
  });

  it('the verifier command exits with 2 in one line when the provider or its state endpoint cannot be reached', async () => {
    const gone = await startServer({ port: 0 });
    await gone.close();
    const lines: string[] = [];
    const base = ['--token', 'demo-token', '--provider-states-url', `${server.url}/__mock/provider-states`];
    expect(await main(['--provider-base-url', gone.url, ...base], (line) => lines.push(line))).toBe(2);
    expect(lines).toEqual([
      `Cannot verify: cannot reach ${gone.url}/api/v1/schemas: no answer (ECONNREFUSED); is the server running and --provider-base-url right?`,
    ]);
    lines.length = 0;
    const wrongStates = [
      '--provider-base-url',
      server.url,
      '--token',
      'demo-token',
      '--provider-states-url',
      `${server.url}/no-such-endpoint`,
    ];
    expect(await main(wrongStates, (line) => lines.push(line))).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The provider-state endpoint --provider-states-url \S+ does not work: .*404/);
  });

  it(
    'the verifier command first tears down what an interrupted run may have left set up',
    async () => {
      // The mock's own state endpoint, behind a recorder of the actions it is sent.
      const actions: string[] = [];
      const recorder = await serveFetch(async (request) => {
        const body = (await request.json()) as { action?: string };
        actions.push(body.action ?? 'setup');
        return fetch(`${server.url}/__mock/provider-states`, { method: 'POST', headers: request.headers, body: JSON.stringify(body) });
      });
      try {
        const lines: string[] = [];
        const args = ['--provider-base-url', server.url, '--token', 'demo-token', '--provider-states-url', recorder.url];
        const code = await main(args, (line) => lines.push(line));
        expect(code, lines.join('\n')).toBe(0);
        expect(actions[0]).toBe('teardown');
        expect(actions[1]).toBe('setup');
      } finally {
        await recorder.close();
      }
    },
    VERIFY_TIMEOUT,
  );

  it('the verifier command exits with 2 and its usage when the token is missing', async () => {
    const lines: string[] = [];
    expect(await main(['--provider-base-url', server.url], (line) => lines.push(line))).toBe(2);
    expect(lines.join('\n')).toContain('Usage: npm run pact:verify');
  });
});

describe('provider verification of a broken mock', () => {
  /** Verifies the pacts against the mock with `change` applied to its answers (undefined leaves one as it was). */
  async function verifyChanged(
    change: (request: Request, response: Response, pathname: string) => Response | undefined | Promise<Response | undefined>,
  ) {
    const app = createApp({ mockState: createMockState({ seed: 1 }) });
    const broken = await serveFetch(async (request) => {
      const response = await app.fetch(request);
      return (await change(request, response, new URL(request.url).pathname)) ?? response;
    });
    try {
      const control = createControlClient({ baseUrl: broken.url });
      return await verifyPacts({ providerBaseUrl: broken.url, token: 'demo-token', states: controlApiStates(control) });
    } finally {
      await broken.close();
    }
  }
  /** A list answer with each item changed by `item`. */
  const changedList = async (response: Response, item: (record: Record<string, unknown>) => Record<string, unknown>) =>
    Response.json(((await response.json()) as Record<string, unknown>[]).map(item));
  /** Whether this is a successful GET of the list at `path`. */
  const listOf = (request: Request, response: Response, pathname: string, path: string) =>
    request.method === 'GET' && pathname === path && response.ok;

  it(
    'fails and names the interactions a system-trunk delete that succeeds and a schema list without isLocked break',
    async () => {
      const result = await verifyChanged((request, response, pathname) => {
        if (request.method === 'DELETE' && pathname.startsWith('/api/v1/sip-trunks/') && response.status === 403) return Response.json({});
        if (listOf(request, response, pathname, '/api/v1/schemas')) return changedList(response, ({ isLocked: _dropped, ...rest }) => rest);
        return undefined;
      });
      expect(result.ok).toBe(false);
      expect(failed(result).sort()).toEqual(['a request to delete a system SIP trunk', 'a request to list the schemas']);
      expect(result.output).toContain('isLocked');
    },
    VERIFY_TIMEOUT,
  );

  it(
    'takes 403 for a missing or unknown token and ids in capitals, and fails ids that only hold a UUID somewhere inside',
    async () => {
      const result = await verifyChanged((request, response, pathname) => {
        // A refusal the spec allows as well as the mock's 401.
        if (response.status === 401) return new Response(null, { status: 403 });
        if (listOf(request, response, pathname, '/api/v1/schemas'))
          return changedList(response, (schema) => ({ ...schema, id: String(schema.id).toUpperCase() }));
        if (listOf(request, response, pathname, '/api/v1/sip-trunks'))
          return changedList(response, (trunk) => ({ ...trunk, id: `trunk-${String(trunk.id)}` }));
        return undefined;
      });
      expect(failed(result)).toEqual(['a request to list the SIP trunks']);
    },
    VERIFY_TIMEOUT,
  );
});
