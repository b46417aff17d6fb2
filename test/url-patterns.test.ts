/**
 * The URL rules are JSON Schema patterns, so a validator or a generator
 * working from /openapi.json applies them as the mock does. Each pattern
 * must be stricter than a URL parser: every string it passes parses as a
 * URL, and a webhook's plain http URL is always one of this machine.
 */
import { createGenerator } from 'json-schema-faker';
import { describe, expect, it } from 'vitest';
import { httpUrl, isThisMachine, secureOrLoopbackUrl } from '../src/domain/fields.js';
import { freshMock } from './helpers/client.js';

const patternOf = (schema: typeof httpUrl): string =>
  (schema._zod.def.checks ?? []).map((check) => (check._zod.def as { pattern?: RegExp }).pattern).find(Boolean)?.source ?? '';

describe.each([
  { what: 'tool url', schema: httpUrl, loopbackOnlyOverHttp: false },
  { what: 'webhook url', schema: secureOrLoopbackUrl, loopbackOnlyOverHttp: true },
])('the $what pattern', ({ schema, loopbackOnlyOverHttp }) => {
  const pattern = patternOf(schema);

  it('has no lookaround, which RE2-based validators refuse', () => {
    expect(pattern).not.toBe('');
    expect(pattern).not.toMatch(/\(\?<?[=!]/);
  });

  it('passes only strings that parse as URLs (2,000 drawn from the pattern)', async () => {
    const generator = createGenerator({ seed: 27 });
    const wrong: string[] = [];
    let matched = 0;
    for (let draw = 0; draw < 2000; draw++) {
      const url = (await generator.generate({ type: 'string', pattern, maxLength: 2048 })) as string;
      if (!new RegExp(pattern).test(url)) continue;
      matched++;
      if (!URL.canParse(url)) wrong.push(url);
      else if (loopbackOnlyOverHttp && new URL(url).protocol === 'http:' && !isThisMachine(new URL(url).hostname)) wrong.push(url);
    }
    expect(matched).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  });
});

describe('url rules as the api applies them', () => {
  const hook = (url: string) => ({ url, events: ['call.ended'] });
  it.each([
    ['https://hooks.example.com/calls', 201],
    ['http://localhost:3000/hook', 201],
    ['HTTP://LOCALHOST:3000/hook', 201],
    ['http://127.0.0.2:8080/hook', 201],
    ['http://[::1]:8080/hook', 201],
    ['http://hooks.example.com/calls', 400],
    ['http://127.1/hook', 400],
    ['https://user:secret@hooks.example.com/calls', 400],
    ['https://hooks.example.com:99999/calls', 400],
    ['https://999.1.1.1/calls', 400],
    // Path, query and fragment hold only what RFC 3986 allows; anything else comes percent-encoded.
    ["https://hooks.example.com/a/b;c=d?e=f&g=h:i@j/k?l#m/n?o!$'()*+,~", 201],
    ['https://hooks.example.com/a%20b%C3%A9', 201],
    ['https://hooks.example.com/a\u0001b', 400],
    ['https://hooks.example.com/a<>{}|^', 400],
    ['https://hooks.example.com/caf\u00e9', 400],
    ['https://hooks.example.com/a b', 400],
    ['https://hooks.example.com/100%', 400],
    ['https://hooks.example.com/a#b#c', 400],
  ])('a webhook url %s answers %i', async (url, status) => {
    expect((await freshMock().call('POST', '/api/v1/webhooks', { body: hook(url) })).status).toBe(status);
  });
});
