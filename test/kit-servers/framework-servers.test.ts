import { afterAll, describe, expect, it } from 'vitest';
import { AFTER_BREAKS, AFTER_TOKENS, startAfterId } from './after-id.js';
import { FRAMEWORK_TOKENS, startFramework } from './framework-default.js';
import { judgeServer, openapiAt } from './judge.js';
import { NESTED_TOKENS, startNested } from './nested-envelope.js';
import type { Running } from './plumbing.js';
import { notPassed } from './run-kit.js';
import { STATELESS_TOKENS, startStateless } from './stateless.js';

const started: Running[] = [];
afterAll(async () => {
  await Promise.all(started.map((server) => server.close()));
});

/** Runs the kit once against `server` (closed after the file); the console output and the JSON report. */
async function judge<T extends Running>(server: Promise<T>, tokens: readonly string[], flags?: (url: string) => string[]) {
  const running = await server;
  started.push(running);
  return judgeServer(running, tokens, flags);
}

describe('framework-default (a FastAPI-shaped service)', { timeout: 90_000 }, () => {
  it('is judged whole from its own document, bodies generated from its schemas, and left as it was', async () => {
    const server = startFramework();
    const before = (await server).state();
    const { run, json, running } = await judge(server, FRAMEWORK_TOKENS, openapiAt('/openapi.json'));

    expect(run.code, notPassed(run).join('\n')).toBe(0);
    expect(json.summary).toMatchObject({ failed: 0, notJudged: 0, wholeSpecJudged: true });
    expect(running.state()).toBe(before);
    expect(json.leftovers).toEqual([]);
    // The round trips rest on bodies the kit built, and say so; tools came back with a nested default filled in.
    const tools = json.results.find((result) => result.id === 'tools.update');
    expect(tools?.evidence.bodyFrom).toEqual(['POST /api/v1/tools: generated from schema', 'PATCH /api/v1/tools: generated from schema']);
    expect(json.target.lists).toMatchObject({
      '/api/v1/sip-trunks': expect.stringContaining('?page='),
      '/api/v1/tools': expect.stringContaining('?offset='),
    });
    // The schema list ignores the page parameters its document declares: the kit finds that out and reads it whole.
    expect(json.results.find((result) => result.id === 'schemas.list.field.id')?.outcome).toBe('passed');
    expect(json.notes.filter((note) => note.includes('/api/v1/schemas') && note.includes('could not be read whole'))).toEqual([]);
  });

  it('takes per-property examples first when the document gives them', async () => {
    const { run, json } = await judge(startFramework({ propertyExamples: true }), FRAMEWORK_TOKENS, openapiAt('/openapi.json'));

    expect(run.code, notPassed(run).join('\n')).toBe(0);
    expect(json.results.find((result) => result.id === 'tools.create')?.evidence.bodyFrom).toContain(
      'POST /api/v1/tools: property examples',
    );
  });

  it('creates the assistant a tool requires first, and deletes both again', async () => {
    const server = startFramework({ toolNeedsAssistant: true });
    const before = (await server).state();
    const { run, running, outcome } = await judge(server, FRAMEWORK_TOKENS, openapiAt('/openapi.json'));

    expect(run.code, notPassed(run).join('\n')).toBe(0);
    expect([outcome('tools.create'), outcome('tools.list-after-delete'), outcome('tenancy.tools.list')]).toEqual([
      'passed',
      'passed',
      'passed',
    ]);
    expect(running.state()).toBe(before);
  });
});

describe('nested-envelope (paging under meta.pagination)', { timeout: 90_000 }, () => {
  it('is judged whole with its document and left as it was', async () => {
    const server = startNested({ document: true });
    const before = (await server).state();
    const { run, json, running } = await judge(server, NESTED_TOKENS);

    expect(run.code, notPassed(run).join('\n')).toBe(0);
    expect(json.summary).toMatchObject({ failed: 0, wholeSpecJudged: true });
    expect(running.state()).toBe(before);
    expect(json.target.lists['/api/v1/assistants']).toContain('/meta/pagination/next_page');
  });

  it('without a document, never exits 0 when the other organization’s records are on page 2', async () => {
    const { run, outcome, withOutcome } = await judge(startNested({ breaks: new Set(['other-org-on-page-2']) }), NESTED_TOKENS, () => []);

    // Without request examples the kit creates nothing, so a record both lists hold cannot be told from one the
    // platform shares: not judged (exit status 3), never passed.
    expect(run.code).toBe(3);
    for (const name of ['sip-trunks', 'assistants', 'tools', 'webhooks']) expect(outcome(`tenancy.${name}.apart`)).toBe('not judged');
    expect(withOutcome('passed').filter((id) => /^tenancy\.(?!schemas).*\.(apart|list)$/.test(id))).toEqual([]);
  });
});

describe('after-id (Stripe-style lists, a YAML document)', { timeout: 90_000 }, () => {
  it('is judged whole from its YAML document and left as it was', async () => {
    const server = startAfterId();
    const before = (await server).state();
    const { run, json, running } = await judge(server, AFTER_TOKENS, openapiAt('/openapi.yaml'));

    expect(run.code, notPassed(run).join('\n')).toBe(0);
    expect(json.summary).toMatchObject({ failed: 0, wholeSpecJudged: true });
    expect(running.state()).toBe(before);
    expect(json.target.lists['/api/v1/tools']).toContain('?starting_after=');
  });

  it('never passes tenancy when the list drops the organization after page 1, with or without --read-only and --allow-unjudged', async () => {
    const leaky = new Set(['list-drops-org-after-page-1']);
    const full = await judge(startAfterId({ breaks: leaky }), AFTER_TOKENS, openapiAt('/openapi.yaml'));
    const readOnly = await judge(startAfterId({ breaks: leaky }), AFTER_TOKENS, (url) => [
      ...openapiAt('/openapi.yaml')(url),
      '--read-only',
      '--allow-unjudged',
    ]);

    expect(full.run.code).toBe(1);
    expect((AFTER_BREAKS['list-drops-org-after-page-1'] ?? []).filter((id) => full.outcome(id) !== 'failed')).toEqual([]);
    // --read-only creates no record to tell a leak by: not judged, never passed (and accepted by --allow-unjudged).
    expect((AFTER_BREAKS['list-drops-org-after-page-1'] ?? []).filter((id) => readOnly.outcome(id) !== 'not judged')).toEqual([]);
  });
});

describe('a stateless stand-in answering its document’s examples', { timeout: 90_000 }, () => {
  it('fails, and passes neither tenancy.*.apart nor system-survives', async () => {
    const { run, outcome, withOutcome } = await judge(startStateless(), STATELESS_TOKENS);

    expect(run.code).toBe(1);
    expect(withOutcome('passed').filter((id) => /^tenancy\..*\.apart$/.test(id))).toEqual([]);
    expect(outcome('sip-trunks.delete.system-refused')).toBe('failed');
    expect(outcome('sip-trunks.delete.system-survives')).toBe('not judged');
  });
});
