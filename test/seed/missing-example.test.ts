/**
 * A kind the written-down faker draws do not hold yet (a resource added since the
 * table was written): the app still builds, and the OpenAPI document shows
 * examples drawn from the resource's fake factory.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../../src/state/seed/faker-draws.generated.js', async (original) => {
  const { fakerDraws } = await original<typeof import('../../src/state/seed/faker-draws.generated.js')>();
  const { tools: _left, ...examples } = fakerDraws.examples;
  return { fakerDraws: { ...fakerDraws, examples } };
});

describe('a kind missing from the written-down faker draws', () => {
  it('leaves createApp working, with drawn request examples', async () => {
    const { createApp } = await import('../../src/http/app.js');
    const { drawRequestExamples } = await import('../../src/state/seed/examples.js');
    const { tools } = await import('../../src/domain/resources/index.js');
    const app = createApp();
    const document = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { example?: unknown }> } }>>;
    };
    const example = document.paths['/api/v1/tools']?.post?.requestBody?.content['application/json']?.example;
    expect(example).toEqual(drawRequestExamples(tools).create);
  });
});
