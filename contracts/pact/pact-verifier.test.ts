/**
 * Pact's own Verifier against the running mock, given nothing but the
 * provider's URL, the pacts and the mock's state endpoint: the committed
 * pact (token and ids injected from the provider state) and a pact a
 * consumer writes the plain way (a fixed `Bearer demo-token`, the ids of the
 * states' params). Then the `pact-verify` command: what it hands the
 * Verifier for each flag (no broker runs here), and its --help as built.
 */
import './pact-env.js';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MatchersV3 as M, PactV4, Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/client/index.js';
import { resources } from '../../src/domain/resources/index.js';
import { type RunningServer, startServer } from '../../src/server/server.js';
import { readmeBlock } from '../../test/helpers/readme.js';
import { exampleIds } from './cases/example-ids.js';
import { freshConnectionFetch } from './fresh-connection-fetch.js';
import { PACT_LOG_LEVEL } from './pact-env.js';
import { PACT_FILE } from './pact-names.js';
import { PACT_VERIFY_USAGE, parsePactVerifyArgs as parseFlags, runPactVerifyCommand, UsageError, verifierOptions } from './pact-verify.js';

/** How many interactions the committed pact holds: read from it, so a table added to the consumer needs no count here. */
const shippedInteractions = (JSON.parse(readFileSync(PACT_FILE, 'utf8')) as { interactions: unknown[] }).interactions.length;
const VERIFY_TIMEOUT = 120_000;

interface Report {
  result: boolean;
  interactionResults: { description: string; result: string }[];
}

/** Pact's Verifier as a team would call it: URL, pacts, the mock's state endpoint, nothing else. */
async function verify(url: string, pactUrls: string[]): Promise<Report> {
  const verifier = new Verifier({
    providerBaseUrl: url,
    pactUrls,
    providerStatesSetupUrl: `${url}/__mock/provider-states`,
    logLevel: PACT_LOG_LEVEL,
  });
  const json = await verifier.verifyProvider().catch((error: Error) => error.message);
  return JSON.parse(json) as Report;
}

const failures = (report: Report) => report.interactionResults.filter(({ result }) => result !== 'OK');

/** A consumer's pact written the plain way, as docs/pact.md's example is: fixed token, ids from the states' params. */
async function writePlainPact(dir: string): Promise<string> {
  const pact = new PactV4({ consumer: 'plain-frontend', provider: 'voice-config-api', dir, logLevel: PACT_LOG_LEVEL });
  const auth = { Authorization: 'Bearer demo-token' };
  const api = (url: string) => createApiClient({ baseUrl: url, token: 'demo-token', fetch: freshConnectionFetch });
  const toolId = exampleIds.tool;
  await pact
    .addInteraction()
    .given('a tool with id {id} exists', { id: toolId })
    .uponReceiving('a plain request to list the tools')
    .withRequest('GET', '/api/v1/tools', (req) => req.headers(auth))
    .willRespondWith(200, (res) => res.jsonBody([{ id: toolId, name: M.string('lookup_order') }]))
    .executeTest(async (server) => {
      expect((await api(server.url).tools.list()).map(({ id }) => id)).toEqual([toolId]);
    });
  await pact
    .addInteraction()
    .given('a webhook with id {id} exists', { id: exampleIds.webhook })
    .uponReceiving('a plain request to disable a webhook')
    .withRequest('PATCH', `/api/v1/webhooks/${exampleIds.webhook}`, (req) => req.headers(auth).jsonBody({ enabled: false }))
    .willRespondWith(200, (res) => res.jsonBody({ id: exampleIds.webhook, enabled: false }))
    .executeTest(async (server) => {
      expect((await api(server.url).webhooks.update(exampleIds.webhook, { enabled: false })).enabled).toBe(false);
    });
  await pact
    .addInteraction()
    .given('a system SIP trunk with id {id} exists', { id: exampleIds.systemSipTrunk })
    .uponReceiving('a plain request to delete a system SIP trunk')
    .withRequest('DELETE', `/api/v1/sip-trunks/${exampleIds.systemSipTrunk}`, (req) =>
      req.headers({ ...auth, 'Content-Type': 'application/json' }).jsonBody({}),
    )
    // As docs/pact.md writes an error answer: problem details, matched by a content type that takes them.
    .willRespondWith(403, (res) =>
      res
        .headers({ 'Content-Type': M.regex('^application/(problem\\+)?json(;.*)?$', 'application/problem+json') })
        .jsonBody({ title: M.string('Forbidden Error'), status: 403 }),
    )
    .executeTest(async (server) => {
      await expect(api(server.url).sipTrunks.remove(exampleIds.systemSipTrunk)).rejects.toMatchObject({
        status: 403,
        problem: { title: 'Forbidden Error' },
      });
    });
  await pact
    .addInteraction()
    .uponReceiving('a plain request to create a tool')
    .withRequest('POST', '/api/v1/tools', (req) => req.headers(auth).jsonBody({ type: 'endCall', name: 'hang_up' }))
    .willRespondWith(201, (res) => res.jsonBody({ type: 'endCall', name: 'hang_up' }))
    .executeTest(async (server) => {
      expect((await api(server.url).tools.create({ type: 'endCall', name: 'hang_up' })).name).toBe('hang_up');
    });
  return join(dir, 'plain-frontend-voice-config-api.json');
}

// Once in a few fresh-clone runs on a loaded machine, Pact's own mock server, started for a consumer interaction of
// writePlainPact, did not receive the client's request ("expected but not received"): a second try runs the test
// whole again; a break of the mock fails both.
describe("Pact's own Verifier against the mock", { retry: 1 }, () => {
  let server: RunningServer;
  let dir: string;
  beforeAll(async () => {
    server = await startServer({ port: 0, seed: 1 });
    dir = await mkdtemp(join(tmpdir(), 'voice-config-plain-pact-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  const demoRecords = () => {
    const org = server.mockState.organizations.byToken('demo-token')?.id ?? '';
    return resources.map((def) => server.mockState.store.list(org, def.kind));
  };

  it(
    'verifies every interaction of the committed pact, whose token and ids come from the provider state, and leaves the data as it was',
    async () => {
      const before = demoRecords();
      const report = await verify(server.url, [PACT_FILE]);
      expect(failures(report)).toEqual([]);
      expect(report.result).toBe(true);
      expect(report.interactionResults).toHaveLength(shippedInteractions);
      expect(demoRecords()).toEqual(before);
    },
    VERIFY_TIMEOUT,
  );

  it(
    'verifies a pact written the plain way: a fixed demo-token and the ids of the states, run twice',
    async () => {
      const file = await writePlainPact(dir);
      const before = demoRecords();
      for (const run of [1, 2]) {
        const report = await verify(server.url, [file]);
        expect(failures(report), `run ${run}`).toEqual([]);
        expect(report.interactionResults).toHaveLength(4);
      }
      expect(demoRecords()).toEqual(before);
    },
    VERIFY_TIMEOUT,
  );

  it(
    'fails an interaction the mock does not honour, naming it (the verification can fail)',
    async () => {
      const file = await writePlainPact(dir);
      // The system trunk's delete refused with 403 is honoured; a demand for 404 instead is not.
      const pact = JSON.parse(await readFile(file, 'utf8')) as { interactions: { description: string; response: { status: number } }[] };
      for (const interaction of pact.interactions)
        if (interaction.description.includes('system SIP trunk')) interaction.response.status = 404;
      const broken = join(dir, 'broken.json');
      await writeFile(broken, JSON.stringify(pact));
      const report = await verify(server.url, [broken]);
      expect(failures(report).map(({ description }) => description)).toEqual(['a plain request to delete a system SIP trunk']);
    },
    VERIFY_TIMEOUT,
  );

  it(
    "runs docs/pact.md's Verifier example as written, with node, over a pact written the plain way",
    async () => {
      const block = readmeBlock('js', "import { Verifier } from '@pact-foundation/pact'", 'docs/pact.md') ?? '';
      expect(block).toContain('providerStatesSetupUrl');
      const file = await writePlainPact(dir);
      const source = block.replaceAll('http://127.0.0.1:4010', server.url).replace('pacts/my-frontend-voice-config-api.json', file);
      // Under node_modules, so that the example's import of @pact-foundation/pact resolves as in a project.
      const folder = await mkdtemp(join(process.cwd(), 'node_modules', '.voice-config-docs-'));
      try {
        await writeFile(join(folder, 'verify.mjs'), source);
        await promisify(execFile)(process.execPath, [join(folder, 'verify.mjs')], { timeout: 120_000 });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    VERIFY_TIMEOUT,
  );

  it(
    'runs through `voice-config-mock pact-verify`, which says how many interactions held',
    async () => {
      const lines: string[] = [];
      const code = await runPactVerifyCommand(['--provider-base-url', server.url, '--log-level', 'error'], (line) => lines.push(line));
      expect(code, lines.join('\n')).toBe(0);
      expect(lines).toEqual([`All ${shippedInteractions} interactions hold.`]);
    },
    VERIFY_TIMEOUT,
  );

  it('exits with 2 in one line when the provider cannot be reached, or the arguments cannot run', async () => {
    const gone = await startServer({ port: 0 });
    await gone.close();
    const lines: string[] = [];
    expect(await runPactVerifyCommand(['--provider-base-url', gone.url], (line) => lines.push(line))).toBe(2);
    expect(lines.at(-1)).toMatch(
      /^voice-config-mock pact-verify: cannot reach --provider-base-url http:\/\/\S+: .*ECONNREFUSED.*; is it running\?$/,
    );
    expect(await runPactVerifyCommand(['--publish', '--provider-base-url', server.url], (line) => lines.push(line))).toBe(2);
    expect(lines.at(-1)).toContain('--publish needs --broker-url');
    expect(await runPactVerifyCommand(['--provider-base-url', server.url, '--nope'], (line) => lines.push(line))).toBe(2);
    expect(lines.at(-1)).toContain("Unknown option '--nope'");
    // Pact's own answer to a missing pact file is a stack trace.
    expect(
      await runPactVerifyCommand(['--provider-base-url', server.url, '--pact', '/no/such/pact.json'], (line) => lines.push(line)),
    ).toBe(2);
    expect(lines.at(-1)).toBe('voice-config-mock pact-verify: --pact "/no/such/pact.json": no such file or folder.');
    // Pact's Verifier reports an empty folder, or a pact of no interactions, as a success of none.
    const empty = await mkdtemp(join(tmpdir(), 'voice-config-no-pacts-'));
    try {
      expect(await runPactVerifyCommand(['--provider-base-url', server.url, '--pact', empty], (line) => lines.push(line))).toBe(2);
      expect(lines.at(-1)).toMatch(/^voice-config-mock pact-verify: no interaction was verified/);
      await writeFile(join(empty, 'nothing.json'), '{}');
      expect(
        await runPactVerifyCommand(['--provider-base-url', server.url, '--pact', join(empty, 'nothing.json')], (line) => lines.push(line)),
      ).toBe(2);
      expect(lines.at(-1)).toMatch(/^voice-config-mock pact-verify: no interaction was verified/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('pact-verify hands the Verifier', () => {
  const base = ['--provider-base-url', 'http://127.0.0.1:4010'];
  const shipped = ['/pkg/contracts/pacts/a.json'];
  const options = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const { values } = parseFlags(args);
    return verifierOptions(values, env, shipped);
  };

  it('the shipped pacts and the mock state endpoint by default, and nothing of a broker', () => {
    expect(options(base)).toEqual({
      provider: 'voice-config-api',
      providerBaseUrl: 'http://127.0.0.1:4010',
      logLevel: 'warn',
      pactUrls: shipped,
      providerStatesSetupUrl: 'http://127.0.0.1:4010/__mock/provider-states',
    });
  });

  it('the broker flow: url, token from the environment, selectors, pending, WIP, provider version and branch, publishing', () => {
    const args = [
      ...base,
      '--broker-url',
      'https://broker.example.com',
      '--consumer-version-selector',
      '{"mainBranch":true}',
      '--consumer-version-selector',
      '{"deployedOrReleased":true}',
      '--enable-pending',
      '--include-wip-pacts-since',
      '2026-01-01',
      '--provider-version',
      '1.2.3+abc',
      '--provider-branch',
      'main',
      '--publish',
    ];
    const got = options(args, { PACT_BROKER_TOKEN: 'secret-token' });
    expect(got).toEqual({
      provider: 'voice-config-api',
      providerBaseUrl: 'http://127.0.0.1:4010',
      logLevel: 'warn',
      providerStatesSetupUrl: 'http://127.0.0.1:4010/__mock/provider-states',
      pactBrokerUrl: 'https://broker.example.com',
      pactBrokerToken: 'secret-token',
      consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }],
      enablePending: true,
      includeWipPactsSince: '2026-01-01',
      providerVersion: '1.2.3+abc',
      providerVersionBranch: 'main',
      publishVerificationResult: true,
    });
    // Only the broker's pacts: the shipped ones are not added to them.
    expect(got.pactUrls).toBeUndefined();
    expect(
      options([...base, '--broker-url', 'https://b.example.com'], { PACT_BROKER_USERNAME: 'u', PACT_BROKER_PASSWORD: 'p' }),
    ).toMatchObject({
      pactBrokerUsername: 'u',
      pactBrokerPassword: 'p',
    });
  });

  it('pacts, a state endpoint, headers and a provider name of your own, or no state endpoint', () => {
    const got = options([
      ...base,
      '--pact',
      'a.json',
      '--pact',
      'https://pacts.example.com/b.json',
      '--provider-states-url',
      'http://127.0.0.1:4010/_pact/states',
      '--header',
      'X-Env: test',
      '--provider',
      'config-api',
    ]);
    expect(got).toMatchObject({
      provider: 'config-api',
      pactUrls: ['a.json', 'https://pacts.example.com/b.json'],
      providerStatesSetupUrl: 'http://127.0.0.1:4010/_pact/states',
      customProviderHeaders: { 'X-Env': 'test' },
    });
    expect(options([...base, '--no-provider-states']).providerStatesSetupUrl).toBeUndefined();
  });

  it('with --token, a requestFilter that swaps only the pacts own token', () => {
    const filter = options([...base, '--token', 'real-token']).requestFilter as unknown as (
      req: { headers: Record<string, unknown> },
      res: unknown,
      next: () => void,
    ) => void;
    const headers = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } });
    const sent = (authorization?: string) => {
      const req = headers(authorization);
      let called = false;
      filter(req, {}, () => {
        called = true;
      });
      expect(called).toBe(true);
      return req.headers.authorization;
    };
    expect(sent('Bearer demo-token')).toBe('Bearer real-token');
    expect(sent('Bearer not-a-valid-token')).toBe('Bearer not-a-valid-token');
    expect(sent()).toBeUndefined();
  });

  it.each([
    [['--publish', '--broker-url', 'https://b.example.com'], '--publish needs --provider-version'],
    [['--enable-pending'], '--enable-pending needs --broker-url'],
    [['--consumer-version-selector', '{"mainBranch":true}'], '--consumer-version-selector needs --broker-url'],
    [['--broker-url', 'https://b.example.com', '--consumer-version-selector', 'main'], 'takes a JSON object'],
    [['--broker-url', 'https://b.example.com', '--include-wip-pacts-since', 'last week'], 'takes a date, YYYY-MM-DD'],
    [['--no-provider-states', '--provider-states-url', 'http://x.example.com'], 'not both'],
    [['--header', 'no colon'], '"Name: value"'],
    [['--log-level', 'loud'], '--log-level is one of'],
  ])('refuses %j: %s', (args, message) => {
    expect(() => options([...base, ...args])).toThrow(UsageError);
    expect(() => options([...base, ...args])).toThrow(message);
  });

  it('refuses a run without a provider, or without pacts', () => {
    expect(() => options([])).toThrow('--provider-base-url is required');
    expect(() => verifierOptions(parseFlags(base).values, {}, [])).toThrow('give --pact or --broker-url');
  });

  it('takes every key of its options from the Verifier', () => {
    // A typo in a key would be ignored by Pact without a word: the type says which keys there are.
    const keys: (keyof VerifierOptions)[] = Object.keys(
      options(
        [...base, '--broker-url', 'https://b.example.com', '--provider-version', '1', '--publish', '--token', 't', '--header', 'A: b'],
        {
          PACT_BROKER_TOKEN: 'x',
        },
      ),
    ) as (keyof VerifierOptions)[];
    expect(keys.sort()).toEqual(
      [
        'provider',
        'providerBaseUrl',
        'logLevel',
        'providerStatesSetupUrl',
        'customProviderHeaders',
        'requestFilter',
        'pactBrokerUrl',
        'pactBrokerToken',
        'providerVersion',
        'publishVerificationResult',
      ].sort(),
    );
  });
});

describe('voice-config-mock pact-verify --help, as built', () => {
  const cli = join(process.cwd(), 'dist', 'voice-config-mock.cjs');
  it('lists the broker options', async () => {
    expect(existsSync(cli), `${cli}: run npm run build:code first (npm test does)`).toBe(true);
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'pact-verify', '--help'], { timeout: 30_000 });
    expect(stdout.trim()).toBe(PACT_VERIFY_USAGE);
    for (const flag of [
      '--broker-url',
      'PACT_BROKER_TOKEN',
      '--consumer-version-selector',
      '--provider-version',
      '--provider-branch',
      '--publish',
      '--enable-pending',
      '--include-wip-pacts-since',
    ])
      expect(stdout).toContain(flag);
  });
});

describe('voice-config-mock pact-verify, as built', () => {
  const cli = join(process.cwd(), 'dist', 'voice-config-mock.cjs');
  let mock: RunningServer;
  beforeAll(async () => {
    mock = await startServer({ port: 0 });
  });
  afterAll(() => mock.close());

  it(
    'verifies the shipped pacts with no warning of Node or Pact, and in plain text under NO_COLOR',
    async () => {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [cli, 'pact-verify', '--provider-base-url', mock.url], {
        env: { ...process.env, NO_COLOR: '1' },
        timeout: VERIFY_TIMEOUT,
      });
      const output = stdout + stderr;
      expect(output).toContain(`All ${shippedInteractions} interactions hold.`);
      // Pact's own report is there, without its colours.
      expect(output).toMatch(/has status code 201 \(OK\)/);
      expect(output).not.toContain('\x1b[');
      expect(output).not.toMatch(/ExperimentalWarning|deprecated/);
    },
    VERIFY_TIMEOUT,
  );
});
