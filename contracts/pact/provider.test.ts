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
      const result = await verifyPacts({ providerBaseUrl: server.url, states: controlApiStates(control) });
      expect(failed(result), result.output).toEqual([]);
      expect(result.ok).toBe(true);
      expect(result.interactions.length).toBeGreaterThanOrEqual(31);
      // Every interaction's organization is gone again: verification leaves the mock as it found it.
      expect(await control.listTenants()).toHaveLength(tenantsBefore);
    },
    VERIFY_TIMEOUT,
  );
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
      return await verifyPacts({ providerBaseUrl: broken.url, states: controlApiStates(control) });
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
        // A refusal the spec allows as well as the mock's 401, in plain JSON (the pact takes it as well as problem details).
        if (response.status === 401) return Response.json({ message: 'Forbidden' }, { status: 403 });
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
