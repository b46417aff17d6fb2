/**
 * Field types shared by several resources. Each is declared once here so a
 * rule (what a phone number or a hostname is) means the same everywhere.
 */
import { z } from '@hono/zod-openapi';
import { withPatterns } from './patterns.js';

/** Server-generated identifier (the spec: every id is a UUID string). */
export const id = z
  .uuid()
  .openapi({ description: 'Identifier (UUID), set by the server.', example: '3f1c2a9e-5b7d-4c1e-9a2b-6d8e0f1a2b3c' });

/** A reference to another record of the caller's organization, or null. */
export const optionalRef = (what: string) =>
  z
    .uuid()
    .nullable()
    // Described before the default: a record's schema shows the field without its default (it is always there).
    .openapi({ description: `Id of ${what} of your organization, or null.` })
    .default(null);

/** ISO 8601 UTC timestamp with milliseconds, as `Date.prototype.toISOString` writes it. */
export const timestamp = z.iso.datetime({ precision: 3 }).openapi({ example: '2026-01-05T09:30:00.000Z' });

/** Read-only timestamps every record carries. */
export const timestamps = {
  createdAt: timestamp.openapi({ description: 'When the record was created (ISO 8601, UTC).' }),
  updatedAt: timestamp.openapi({ description: 'When the record last changed (ISO 8601, UTC).' }),
};

/** A name people read: trimmed, so it must hold something besides white space (the pattern says so in the document). */
export const displayName = z.string().trim().min(1).max(100).openapi({ pattern: '\\S' });

/** An organization id, as every control route takes one and a snapshot holds one. */
export const organizationId = z.string().min(1).max(100);

/** A phone number in E.164 form, such as +14155550123. */
export const e164 = withPatterns(z.e164()).openapi({ example: '+14155550123' });

/**
 * `schema`, refused with one problem before any of its entries is parsed
 * when `size` of the value is over `max`. zod parses every entry of an array
 * or a record before its bound is asked (and a bound written as a refine
 * runs after that): a map of 50,000 bad entries cost 50,000 issues, where
 * counting costs one native call. The input type stays the schema's.
 */
function countedFirst<S extends z.ZodType>(schema: S, max: number, size: (value: unknown) => number | undefined, message: string) {
  return z.preprocess<unknown, S, z.input<S>>((value, ctx) => {
    const found = size(value);
    if (found !== undefined && found > max) ctx.addIssue({ code: 'custom', message: `${message} (got ${found}).`, input: value });
    return value;
  }, schema);
}

const itemCount = (value: unknown) => (Array.isArray(value) ? value.length : undefined);
const entryCount = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value).length : undefined;

/** A list of at most `max` items, counted before any item is parsed; `max` is also its documented `maxItems`. */
export const boundedList = <T extends z.ZodType>(item: T, max: number, message = `At most ${max} items`) =>
  countedFirst(z.array(item).max(max), max, itemCount, message);

/** A list whose items must not repeat, counted first; OpenAPI shows it as `uniqueItems`. `least`: the fewest it takes, and what fewer is told. */
export const uniqueList = <T extends z.ZodType>(item: T, max: number, least?: { min: number; message: string }) => {
  const list = z.array(item).max(max);
  return countedFirst(
    (least ? list.min(least.min, least.message) : list).refine(
      (items) => new Set(items.map((value) => JSON.stringify(value))).size === items.length,
      {
        message: 'Items must be unique',
      },
    ),
    max,
    itemCount,
    `At most ${max} items`,
  ).openapi({ uniqueItems: true });
};

/**
 * A map of at most `max` entries whose keys follow `key`, counted before any
 * entry is parsed. zod-to-openapi documents only a record's values, so the
 * key rules and the bound are written into the document here, read from the
 * same schemas that check them.
 */
export const boundedMap = <K extends z.ZodString, V extends z.ZodType>(key: K, value: V, max: number, message: string) => {
  const { $schema: _, ...propertyNames } = z.toJSONSchema(key) as Record<string, unknown>;
  return (
    countedFirst(z.record(key, value), max, entryCount, message)
      // Its metadata type holds what OpenAPI 3.0 allows too; this 3.1 document takes propertyNames.
      .openapi({ maxProperties: max, ...({ propertyNames } as object) })
  );
};

/** Counts a map's entries the way `boundedMap` does, for a map whose key rules are documented apart. */
export const countedMap = <S extends z.ZodType>(map: S, max: number, message: string) => countedFirst(map, max, entryCount, message);

const URL_MAX_LENGTH = 2048;
// Pieces of the URL patterns: each is stricter than a browser's URL parser, so every URL they pass parses.
// No lookaheads, so RE2-based validators (Go, Rust, some gateways) take them too.
const octet = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const label = '[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*';
// The last label starts with a letter: one of digits would be read as (part of) an IPv4 address.
const domain = `(?:${label}\\.)*[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*`;
// Scheme and host are case-insensitive in a URL (HTTP://LOCALHOST is this machine too); a pattern has no flags.
const loopback = `(?:[Ll][Oo][Cc][Aa][Ll][Hh][Oo][Ss][Tt]|127\\.${octet}\\.${octet}\\.${octet}|\\[::1\\])`;
const anyHost = `(?:${domain}|(?:${octet}\\.){3}${octet}|\\[::1\\])`;
const port = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3}|0))?';
// Path, query and fragment as RFC 3986 writes them: its unreserved and sub-delim characters, `:` and `@`, `/` and `?`
// after the path, and `%` only to start a percent-encoded octet. A space, a control character, non-ASCII text and
// `<>{}|^` must come percent-encoded, as a browser's URL parser sends them.
const pchar = "(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})";
const rest = `(?:/(?:${pchar}|/)*)?(?:\\?(?:${pchar}|[/?])*)?(?:#(?:${pchar}|[/?])*)?`;

/** A URL string that matches `pattern`, documented with that pattern (and so checked the same way by any validator). `missing`: what a body without it is told. */
const urlMatching = (pattern: string, message: string, missing?: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : undefined) })
    .max(URL_MAX_LENGTH)
    .regex(new RegExp(pattern), message)
    .openapi({ type: 'string', format: 'uri', maxLength: URL_MAX_LENGTH, pattern });

const http = '[Hh][Tt][Tt][Pp]';
const httpPattern = `^${http}[Ss]?://${anyHost}${port}${rest}$`;
const httpMessage = 'Use an http or https URL such as https://api.example.com/orders (a hostname or IPv4 address, no user:password@).';

/** An http or https URL of a hostname or an IPv4 address (no user or password part). */
export const httpUrl = urlMatching(httpPattern, httpMessage);

/** The same, for a field a body must have: `missing` says why. */
export const neededHttpUrl = (missing: string) => urlMatching(httpPattern, httpMessage, missing);

/** Where something is delivered: https, or plain http only for this machine (a local receiver during development). */
export const secureOrLoopbackUrl = urlMatching(
  `^(?:${http}[Ss]://${anyHost}|${http}://${loopback})${port}${rest}$`,
  'Use an https URL (plain http is allowed only for this machine: localhost, 127.0.0.0/8, [::1]).',
);

/** This machine only: `localhost`, 127.0.0.0/8, ::1 (also as [::1], as a URL's hostname writes it, or as an IPv4-mapped 127 address). */
export function isThisMachine(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}
