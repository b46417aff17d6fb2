/**
 * Request shapes around the API: methods right and wrong, paths with ids of
 * every kind (the caller's, another organization's, non-UUIDs, encoded
 * slashes, `..`, very long), and Authorization and other headers, missing,
 * odd or repeated.
 */
import fc from 'fast-check';
import { resources } from '../../../src/domain/resources/index.js';

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));
/** A header value `Headers` accepts (printable ASCII). */
export const headerValue = fc.string({ unit: printable, maxLength: 60 });

/** Methods, standard or not; `Request` refuses CONNECT, TRACE and TRACK, so they are left out. */
export const method: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE') },
  { weight: 2, arbitrary: fc.constantFrom('PUT', 'HEAD', 'OPTIONS', 'get', 'Patch', 'PROPFIND', 'QUERY') },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,10}$/).filter((name) => !['CONNECT', 'TRACE', 'TRACK'].includes(name)) },
);

/** A path segment where an id goes. */
export function idSegment(ids: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: ids.length > 0 ? fc.constantFrom(...ids) : fc.uuid() },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '%2F',
        '..',
        '%2e%2e',
        '.',
        '%2F..%2F..%2Fetc%2Fpasswd',
        '%00',
        '%ff',
        '%',
        '%E0%A4%A',
        '%25',
        '__proto__',
        'constructor',
        '00000000-0000-0000-0000-000000000000',
        '%20',
      ),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 100_000 }).map((length) => 'a'.repeat(length)) },
  );
}

const resourceSegment = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...resources.map((def) => def.path)) },
  { weight: 1, arbitrary: fc.constantFrom('SIP-TRUNKS', 'sip_trunks', 'tool', '') },
  { weight: 1, arbitrary: fc.webSegment() },
);

/** A path under /api (and a few around it), built from resources and ids. */
export function apiPath(ids: readonly string[]): fc.Arbitrary<string> {
  const id = idSegment(ids);
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(resourceSegment, id).map(([resource, one]) => `/api/v1/${resource}/${one}`) },
    { weight: 3, arbitrary: resourceSegment.map((resource) => `/api/v1/${resource}`) },
    {
      weight: 1,
      arbitrary: fc.tuple(resourceSegment, id, fc.webSegment()).map(([resource, one, extra]) => `/api/v1/${resource}/${one}/${extra}`),
    },
    { weight: 1, arbitrary: fc.tuple(resourceSegment, fc.webQueryParameters()).map(([resource, query]) => `/api/v1/${resource}?${query}`) },
    { weight: 1, arbitrary: fc.webPath().map((path) => `/api/v1${path}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '/api/v1',
        '/api/v1/',
        '/api/v2/tools',
        '//api/v1/tools',
        '/api/v1//tools',
        '/API/V1/tools',
        '/api/v1/tools/',
        '/api/v1/sip-trunks/..',
        '/api/v1/%2e%2e/tools',
        '/api/v1/tools%2F',
        '/',
        '/openapi.json',
      ),
    },
  );
}

/** Authorization as sent: the right token mostly, else missing, malformed, foreign schemes, repeated. */
export const authorization: fc.Arbitrary<[string, string][]> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<[string, string][]>([['authorization', 'Bearer demo-token']]) },
  { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(
        'Bearer',
        'Bearer ',
        'bearer demo-token',
        'BEARER demo-token',
        'Bearer  demo-token',
        'Bearer "demo-token"',
        'Basic ZGVtbzp0b2tlbg==',
        'Token demo-token',
        'demo-token',
        'Bearer demo-token-2x',
        'Bearer\tdemo-token',
        'Bearer demo-token, Bearer demo-token-2',
        `Bearer ${'a'.repeat(10_000)}`,
      )
      .map((value): [string, string][] => [['authorization', value]]),
  },
  {
    weight: 1,
    arbitrary: fc.constant<[string, string][]>([
      ['authorization', 'Bearer demo-token'],
      ['authorization', 'Bearer demo-token-2'],
    ]),
  },
  { weight: 1, arbitrary: headerValue.map((value): [string, string][] => [['authorization', value]]) },
);

/** Other headers a client or proxy might add, with any printable value. */
export const otherHeaders: fc.Arbitrary<[string, string][]> = fc.array(
  fc.tuple(
    fc.constantFrom(
      'content-type',
      'origin',
      'accept',
      'x-forwarded-for',
      'x-http-method-override',
      'cookie',
      'x-control-token',
      'content-length',
      'accept-encoding',
    ),
    headerValue,
  ),
  { maxLength: 3 },
);
