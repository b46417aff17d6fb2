/**
 * Specmatic's contract tests, generated from /openapi.json as a team would run
 * them against its service, send no `Prefer` header: the document lists the
 * mock's preferences in an `x-mock-prefer` extension, which Specmatic does not
 * turn into a request parameter. The same run against a copy of the document
 * that declares `Prefer` as a header parameter, as a document mixing the mock's
 * controls into the API would, shows the check can fail: Specmatic then sends
 * it.
 *
 * Specmatic runs from the `specmatic` package's jar on the local Java (the test
 * skips, saying so, without one), against a recording proxy in front of a mock
 * on 127.0.0.1: every request it sent is seen with its headers. Its usage
 * reports are turned off (SPECMATIC_DISABLE_TELEMETRY and the matching system
 * property), and it is given loopback addresses only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../src/server/server.js';

const JAVA = process.env.JAVA_PATH ?? 'java';
const hasJava = spawnSync(JAVA, ['-version'], { stdio: 'ignore' }).status === 0;
if (!hasJava) {
  console.log(
    `Specmatic test skipped: no Java at "${JAVA}"; install it with "apt-get install -y openjdk-17-jre-headless" or set JAVA_PATH.`,
  );
}

const SPECMATIC_JAR = join(dirname(createRequire(import.meta.url).resolve('specmatic/package.json')), 'specmatic.jar');
const TOKEN = 'demo-token';

interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
}

/** Forwards every request to the mock unchanged and keeps its method, path and headers. */
async function recordingProxy(target: URL, seen: SeenRequest[]): Promise<{ server: Server; url: string }> {
  const server = createServer((incoming, answer) => {
    seen.push({ method: incoming.method ?? '', path: incoming.url ?? '', headers: incoming.headers });
    const forwarded = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (response) => {
        answer.writeHead(response.statusCode ?? 502, response.headers);
        response.pipe(answer);
      },
    );
    forwarded.on('error', () => answer.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Runs `specmatic test` on the document against the base url, for the paths the filter names; resolves with its exit
 * code and output. One request combination per operation and response (MAX_TEST_REQUEST_COMBINATIONS): Specmatic's
 * default tries every combination of optional fields, over a thousand requests for one create alone.
 */
function specmaticTest(
  documentPath: string,
  baseUrl: string,
  workDir: string,
  pathFilter: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    JAVA,
    [
      // The client compiler alone: a short run spends less of its time compiling.
      '-XX:TieredStopAtLevel=1',
      '-Dspecmatic.disable.telemetry=true',
      '-jar',
      SPECMATIC_JAR,
      'test',
      documentPath,
      `--testBaseURL=${baseUrl}`,
      '--timeout-in-ms=5000',
      `--filter=PATH='${pathFilter}'`,
    ],
    {
      cwd: workDir,
      // Specmatic reads a bearer token from the variable named after the document's security scheme.
      env: {
        PATH: process.env.PATH,
        HOME: workDir,
        bearerAuth: TOKEN,
        SPECMATIC_DISABLE_TELEMETRY: 'true',
        MAX_TEST_REQUEST_COMBINATIONS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A JVM's start and Specmatic's run take 10–20 s on two idle cores, and over 40 s when other work holds them.
      timeout: 80_000,
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** The document as it was when every /api/v1 operation declared the mock's Prefer header as a parameter. */
function withPreferParameters(document: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(document);
  for (const [path, item] of Object.entries(copy.paths)) {
    if (!path.startsWith('/api/v1')) continue;
    for (const operation of Object.values(item)) {
      const prefer = operation['x-mock-prefer'];
      if (!prefer) continue;
      operation.parameters = [
        ...(operation.parameters ?? []),
        {
          name: 'Prefer',
          in: 'header',
          required: false,
          description: prefer.description,
          schema: { type: 'string', examples: [`code=${prefer.codes[0]}`] },
        },
      ];
    }
  }
  return copy;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: unknown[]; 'x-mock-prefer'?: { codes: number[]; description: string } }>>;
}

/** Every /api/v1 operation of the document, as `METHOD /path` with `{id}` for a path parameter. */
const apiOperations = (document: OpenApiDocument) =>
  Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/v1'))
    .flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'post', 'put', 'patch', 'delete'].includes(key))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{id}')}`),
    );
const apiRequests = (seen: SeenRequest[]) => seen.filter((request) => request.path.startsWith('/api/v1'));
const operationsOf = (requests: SeenRequest[]) =>
  new Set(
    requests.map((request) => `${request.method} ${new URL(request.path, 'http://mock').pathname.replace(/[0-9a-f-]{36}/g, '{id}')}`),
  );

describe.skipIf(!hasJava)("Specmatic's contract tests generated from /openapi.json", () => {
  let mock: RunningServer;
  let workDir: string;
  let document: OpenApiDocument;
  const proxies: Server[] = [];

  beforeAll(async () => {
    mock = await startServer({ port: 0 });
    document = (await (await fetch(`${mock.url}/openapi.json`)).json()) as OpenApiDocument;
    workDir = mkdtempSync(join(tmpdir(), 'specmatic-'));
  });
  afterAll(async () => {
    for (const proxy of proxies) proxy.close();
    await mock?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  async function run(name: string, served: OpenApiDocument, pathFilter: string) {
    const documentPath = join(workDir, `${name}.json`);
    writeFileSync(documentPath, JSON.stringify(served));
    const seen: SeenRequest[] = [];
    const proxy = await recordingProxy(new URL(mock.url), seen);
    proxies.push(proxy.server);
    const outcome = await specmaticTest(documentPath, proxy.url, workDir, pathFilter);
    return { ...outcome, requests: apiRequests(seen) };
  }

  it('send requests to the /api/v1 operations, none with a Prefer header; a document declaring Prefer makes them send it', async () => {
    // One after the other (two JVMs at once only compete for the cores): the run against the served document covers
    // every /api/v1 operation, the other one resource's.
    const served = await run('served', document, '/api/v1/*');
    const declaring = await run('declaring-prefer', withPreferParameters(document), '/api/v1/sip-trunks*');

    // The run ended by itself and reached the API with the token: every operation, each authenticated.
    expect([0, 1], served.output.slice(-3000)).toContain(served.code);
    expect(operationsOf(served.requests)).toEqual(new Set(apiOperations(document)));
    expect(served.requests.length).toBeGreaterThanOrEqual(25);
    expect(served.requests.filter((request) => request.headers.authorization !== `Bearer ${TOKEN}`)).toEqual([]);
    expect(served.requests.filter((request) => 'prefer' in request.headers)).toEqual([]);

    // Against the document that declares it, the same tool sends Prefer, on several operations.
    expect([0, 1], declaring.output.slice(-3000)).toContain(declaring.code);
    const preferring = declaring.requests.filter((request) => 'prefer' in request.headers);
    expect(operationsOf(preferring).size).toBeGreaterThanOrEqual(3);
  }, 180_000);
});
