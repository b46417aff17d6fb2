/**
 * A key that aims at a prototype (`__proto__`, or `constructor` holding a
 * `prototype`), spelled plainly or with JSON escapes, put into an otherwise
 * valid create or update body at any object inside it: the answer is 400 in
 * the problem shape, nothing is stored or changed, and no built-in
 * prototype gains a property. The hostile fuzz of api-bodies.test.ts sends
 * such keys too, but only checks that nothing breaks; this checks they are
 * refused wherever they hide.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resources } from '../../src/domain/resources/index.js';
import { requestExamples } from '../../src/state/seed/examples.js';
import { freshMock, TOKEN } from '../helpers/client.js';
import { contentType } from './arbitraries/bodies.js';
import { expectNoPollution, expectProblem, snapshotOrganization } from './invariants.js';
import { orgIdOf } from './mock-state-ids.js';
import { jsonHeaders, send } from './send.js';
import { fuzzParameters, fuzzTimeout } from './settings.js';

/** The key as JSON text, and the value it carries. */
const prototypeKey = fc.oneof(
  fc.record({ key: fc.constantFrom('"__proto__"', '"\\u005f_proto__"', '"__pro\\u0074o__"'), value: fc.constant('{"polluted":"yes"}') }),
  fc.record({
    key: fc.constantFrom('"constructor"', '"\\u0063onstructor"'),
    value: fc.constantFrom('{"prototype":{"polluted":"yes"}}', '{"prototype":null}', '{"name":"x","prototype":[]}'),
  }),
);

/** Paths (lists of keys) to every object inside a JSON value, the value itself first. */
function objectPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return [path, ...Object.entries(value).flatMap(([key, inner]) => objectPaths(inner, [...path, key]))];
}

const MARK = '\u0000hostile key\u0000';

/** `body` as JSON text with `key: value` added to the object at `path`. */
function withKeyAt(body: Record<string, unknown>, path: string[], key: string, value: string): string {
  const copy = structuredClone(body);
  let node: Record<string, unknown> = copy;
  for (const step of path) node = node[step] as Record<string, unknown>;
  node[MARK] = null;
  return JSON.stringify(copy).replace(`${JSON.stringify(MARK)}:null`, `${key}:${value}`);
}

/** Only content types the mock reads as JSON, so the key, not the label, is what gets refused. */
const jsonType = contentType.filter((type) => type !== undefined && /^application\/json(\s*;|$)/i.test(type));

describe.each(resources)('prototype keys inside valid bodies on $path', (def) => {
  it(
    'are refused with 400 wherever they are, and change nothing',
    async () => {
      const { mockState, app, call } = freshMock();
      const mine = orgIdOf(mockState, TOKEN);
      const example = requestExamples(def).create;
      const target = await call('POST', `/api/v1/${def.path}`, { body: example });
      expect(target.status).toBe(201);
      const paths = objectPaths(example);

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('POST', 'PATCH'),
          fc.constantFrom(...paths),
          prototypeKey,
          jsonType,
          async (method, path, { key, value }, type) => {
            const before = snapshotOrganization(mockState, mine);
            const text = withKeyAt(example, path, key, value);
            const url = method === 'POST' ? `/api/v1/${def.path}` : `/api/v1/${def.path}/${target.body.id}`;

            const reply = await send(app, { method, path: url, headers: jsonHeaders(TOKEN, type), body: new TextEncoder().encode(text) });

            expectProblem(reply, 400, 'Validation Error');
            expect(reply.body.detail).toMatch(/__proto__|constructor/);
            expect(snapshotOrganization(mockState, mine)).toBe(before);
            expectNoPollution();
          },
        ),
        fuzzParameters(40),
      );
    },
    fuzzTimeout,
  );
});
