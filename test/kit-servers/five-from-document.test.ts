/**
 * The first five kit servers judged as a new user would judge them: the two tokens and the OpenAPI document each
 * publishes (its URL on the server), no --examples, no pointers. Each exits 0 with the whole spec judged and its
 * records as they were. Beta and gamma publish no document: beta's is a file beside it (given as a file, with the
 * version header it requires), and gamma has none at all, which its test shows.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ALPHA_TOKENS, startAlpha } from './alpha.js';
import { BETA_OPENAPI, BETA_TOKENS, BETA_VERSION, startBeta } from './beta.js';
import { DELTA_TOKENS, startDelta } from './delta.js';
import { EPSILON_TOKENS, startEpsilon } from './epsilon.js';
import { GAMMA_TOKENS, startGamma } from './gamma.js';
import { judgeServer, openapiAt } from './judge.js';
import type { Running } from './plumbing.js';
import { notPassed } from './run-kit.js';

const started: Running[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.close()));
});

/** One kit run against `server`; asserts a whole-spec pass that left the records as they were. */
async function judgedWhole(server: Running & { state(): string }, tokens: readonly string[], flags: (url: string) => string[]) {
  started.push(server);
  const before = server.state();
  const { run, json } = await judgeServer(server, tokens, flags);

  expect(run.code, notPassed(run).join('\n')).toBe(0);
  expect(json.summary).toMatchObject({ failed: 0, notJudged: 0, wholeSpecJudged: true });
  expect(json.leftovers).toEqual([]);
  expect(server.state()).toBe(before);
  return json;
}

describe('the first five servers, judged from the document each publishes alone', { timeout: 90_000 }, () => {
  it('alpha, from its /openapi.json', async () => {
    const json = await judgedWhole(await startAlpha(), ALPHA_TOKENS, openapiAt('/openapi.json'));
    expect(json.results.find((result) => result.id === 'tools.create')?.evidence.bodyFrom).toEqual(['POST /api/v1/tools: example']);
  });

  it('delta, from its /v1/spec.json', async () => {
    await judgedWhole(await startDelta(), DELTA_TOKENS, openapiAt('/v1/spec.json'));
  });

  it('epsilon, from its /.well-known/openapi.json', async () => {
    await judgedWhole(await startEpsilon(), EPSILON_TOKENS, openapiAt('/.well-known/openapi.json'));
  });

  it('beta publishes no document: judged from its document file, with only the version header it requires', async () => {
    const beta = await startBeta();
    expect((await fetch(`${beta.url}/openapi.json`, { headers: { 'x-api-version': BETA_VERSION } })).ok).toBe(false);
    await judgedWhole(beta, BETA_TOKENS, () => ['--openapi', BETA_OPENAPI, '--header', `X-Api-Version: ${BETA_VERSION}`]);
  });

  it('gamma publishes no document and has none: it cannot be judged from one (its examples file is judged in kit-on-servers)', async () => {
    const gamma = await startGamma();
    started.push(gamma);
    for (const path of ['/openapi.json', '/openapi.yaml', '/docs/openapi.json'])
      expect((await fetch(`${gamma.url}${path}`, { headers: { authorization: `Bearer ${GAMMA_TOKENS[0]}` } })).ok).toBe(false);
  });
});
