/**
 * Hostile JSON text: any nesting, keys that aim at prototypes (`__proto__`,
 * `constructor`, `prototype`, also written with escapes), numbers JavaScript
 * cannot hold, lone surrogates, very deep nesting, and text that is not JSON.
 */
import fc from 'fast-check';
import { resources } from '../../../src/domain/resources/index.js';

const fieldNames = [...new Set(resources.flatMap((def) => def.writableKeys))];

/** A key as it appears in JSON text (quoted, escapes kept as written). */
export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }).map((key) => JSON.stringify(key)) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '"__proto__"',
      '"constructor"',
      '"prototype"',
      '"\\u005f_proto__"',
      '"__pro\\u0074o__"',
      '"\\u0063onstructor"',
      '"toString"',
      '"hasOwnProperty"',
      '"valueOf"',
      '"__defineGetter__"',
      '""',
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...fieldNames).map((key) => JSON.stringify(key)) },
);

/** A scalar as JSON text, including values that do not survive a round trip through JavaScript. */
export const hostileScalar: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    'false',
    '0',
    '-0',
    '1e400',
    '-1e400',
    '1e-400',
    '9007199254740993',
    '0.1',
    '"\\ud800"',
    '""',
    '"\\u0000"',
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => JSON.stringify(text)),
  fc.uuid().map((text) => JSON.stringify(text)),
);

/** Any JSON value as text, objects built from hostile keys. */
export const { node: hostileJson, object: hostileObject } = fc.letrec<{ node: string; array: string; object: string }>((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, hostileScalar, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(hostileKey, tie('node')), { maxLength: 6 })
    .map((entries) => `{${entries.map(([key, value]) => `${key}:${value}`).join(',')}}`),
}));

/** An object or array nested `depth` levels deep, alone or under a field. */
export const deepJson: fc.Arbitrary<string> = fc
  .record({ depth: fc.integer({ min: 20, max: 20_000 }), array: fc.boolean(), field: fc.constantFrom('', ...fieldNames) })
  .map(({ depth, array, field }) => {
    const inner = array ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    return field === '' ? inner : `{${JSON.stringify(field)}:${inner}}`;
  });

/** Text that is not JSON: random text, JSON cut short, JSON with something after it. */
export const notJson: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.tuple(hostileObject, fc.nat()).map(([text, cut]) => text.slice(0, cut % Math.max(1, text.length))),
  hostileObject.map((text) => `${text} trailing`),
  fc.constantFrom('{', '}', '{"a":}', "{'a':1}", '{"a":1,}', 'undefined', 'NaN', '{"a":NaN}', '\uFEFF{}', '\u0000'),
);
