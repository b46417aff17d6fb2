/**
 * Bodies for create and update: raw bytes with a content type. Either close
 * to valid (a resource's example with fields dropped or replaced by hostile
 * values, including ids of the other organization), or hostile JSON text,
 * deep nesting, non-JSON, invalid UTF-8, or nothing at all.
 */
import fc from 'fast-check';
import type { Resource } from '../../../src/domain/resource.js';
import { requestExamples } from '../../../src/state/seed/examples.js';
import { withDistinctUniques } from '../../helpers/unique-fields.js';
import { deepJson, hostileJson, hostileObject, notJson } from './json-text.js';

/** What a fuzzed request carries: bytes, and the content type, if any, they are labelled with. */
export interface RawBody {
  contentType: string | undefined;
  bytes: Uint8Array;
}

const encode = (text: string) => new TextEncoder().encode(text);

/** Content types a client might send, right, odd or wrong. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json;charset="utf-8"; foo=bar',
      'application/merge-patch+json',
      'application/vnd.api+json',
      'application/json;',
      'application/json, text/plain',
      'application/jsonp',
      'text/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      '*/*',
      '',
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 }),
  },
);

/** JS values a field should never trust: wrong types, huge strings and arrays, ids from anywhere. */
export function hostileValue(ids: readonly string[]): fc.Arbitrary<unknown> {
  const someId = ids.length > 0 ? fc.constantFrom(...ids) : fc.uuid();
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    someId,
    fc.array(someId, { maxLength: 6 }),
    fc.uuid(),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.integer({ min: 100, max: 300_000 }).map((length) => 'x'.repeat(length)),
    fc
      .integer({ min: 50, max: 20_000 })
      .map((length) => Array.from({ length }, (_, i) => `+1415555${String(i % 10_000).padStart(4, '0')}`)),
    fc.constantFrom(-1, 0, 1, 65_536, 1.5, Number.MAX_SAFE_INTEGER, -0, 1e308, -1e308),
    fc.constantFrom(
      'https://example.com/hook',
      'http://localhost:3000/x',
      'http://example.com/x',
      'javascript:alert(1)',
      'sip:desk@pbx.example.com',
      '+14155550123',
      'tls',
      'function',
      'transferCall',
      'call.ended',
      'Free',
      'en-US',
      '10.0.0.0/8',
      `whsec_${'a'.repeat(30)}`,
    ),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  );
}

const examples = new Map<string, Record<string, unknown>>();
/** Examples are drawn from a fresh faker each time: worth keeping, as arbitraries are built per run. */
const exampleOf = (def: Resource) => {
  const known = examples.get(def.kind) ?? requestExamples(def).create;
  examples.set(def.kind, known);
  return known;
};

/** A resource's example body with some fields dropped and some replaced (keys server-owned and unknown too). */
export function nearlyValidBody(def: Resource, ids: readonly string[]): fc.Arbitrary<string> {
  const example = exampleOf(def);
  const keys = [...def.writableKeys, ...def.serverOwnedKeys, 'unknownField', 'isSystem'];
  return fc
    .record({
      drop: fc.subarray(def.writableKeys),
      change: fc.dictionary(fc.constantFrom(...keys), hostileValue(ids), { maxKeys: 3 }),
      uniqueIndex: fc.option(fc.nat()),
    })
    .map(({ drop, change, uniqueIndex }) => {
      // Unique fields (a tool's name) differ per organization; fresh values let creates succeed and reach the store.
      const body: Record<string, unknown> = uniqueIndex === null ? { ...example } : withDistinctUniques(def, example, uniqueIndex);
      for (const key of drop) delete body[key];
      return JSON.stringify(Object.assign(body, change));
    });
}

/** Invalid UTF-8: a JSON text with stray continuation or truncated multi-byte sequences spliced in. */
const invalidUtf8: fc.Arbitrary<Uint8Array> = fc
  .tuple(
    hostileObject,
    fc.array(fc.tuple(fc.nat(), fc.constantFrom([0x80], [0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf8, 0x88])), {
      minLength: 1,
      maxLength: 4,
    }),
  )
  .map(([text, splices]) => {
    const bytes = [...encode(text)];
    for (const [at, insert] of splices) bytes.splice(at % (bytes.length + 1), 0, ...insert);
    return Uint8Array.from(bytes);
  });

/** Counterexamples print the body as text, cut short, instead of a megabyte of byte values. */
function rawBody(contentType: string | undefined, bytes: Uint8Array): RawBody {
  const body: RawBody & fc.WithToStringMethod = {
    contentType,
    bytes,
    [fc.toStringMethod]: () => {
      const text = new TextDecoder().decode(bytes);
      const shown = text.length > 300 ? `${text.slice(0, 300)}… (${bytes.length} bytes)` : text;
      return `{ contentType: ${JSON.stringify(contentType)}, text: ${JSON.stringify(shown)} }`;
    },
  };
  return body;
}

/** Any body a create or update of `def` might receive. */
export function hostileBody(def: Resource, ids: readonly string[]): fc.Arbitrary<RawBody> {
  const bytes = fc.oneof(
    { weight: 8, arbitrary: nearlyValidBody(def, ids).map(encode) },
    { weight: 4, arbitrary: hostileObject.map(encode) },
    { weight: 2, arbitrary: hostileJson.map(encode) },
    { weight: 1, arbitrary: deepJson.map(encode) },
    { weight: 2, arbitrary: notJson.map(encode) },
    { weight: 1, arbitrary: invalidUtf8 },
    { weight: 1, arbitrary: fc.constant(new Uint8Array()) },
  );
  return fc.tuple(contentType, bytes).map(([type, raw]) => rawBody(type, raw));
}
