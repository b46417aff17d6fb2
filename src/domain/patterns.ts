/**
 * The RegExps zod checks a string by, as OpenAPI patterns. zod-to-openapi
 * writes a format name instead (`ip`, `ipv4-cidr`: not standard; nothing at
 * all for E.164 or a hostname) and keeps only the first `.regex()`, so a
 * client reading the document would send values the server refuses. The
 * patterns are read from the schema itself: each rule stays written once.
 */
import type { z } from '@hono/zod-openapi';

type Patterns = { pattern: string; allOf?: { pattern: string }[] };

/** The schema's patterns: its format's own RegExp, then each `.regex()`; a second and later one go under allOf. */
export function patternsOf(schema: z.ZodString | z.ZodStringFormat): Patterns {
  const { pattern: own, checks = [] } = schema._zod.def as { pattern?: RegExp; checks?: z.core.$ZodCheck[] };
  const regexes = checks.map((check) => {
    const def = check._zod.def as { check: string; format?: string; pattern?: RegExp };
    // A length or other check would be lost: withPatterns replaces what zod-to-openapi derives.
    if (def.format !== 'regex' || !def.pattern)
      throw new Error(`patternsOf: a ${def.format ?? def.check} check has no pattern to document.`);
    return def.pattern;
  });
  const [first, ...rest] = [...(own ? [own] : []), ...regexes].map((regex) => {
    // A JSON Schema pattern has no flags: one would change what it matches.
    if (regex.flags) throw new Error(`patternsOf: /${regex.source}/${regex.flags} has flags a JSON Schema pattern cannot carry.`);
    return asciiDigits(regex.source);
  });
  if (first === undefined) throw new Error('patternsOf: the schema has no pattern.');
  return { pattern: first, ...(rest.length ? { allOf: rest.map((pattern) => ({ pattern })) } : {}) };
}

/**
 * The source with each `\d` written `[0-9]` (`0-9` inside a class): what a
 * JavaScript RegExp without the `u` flag reads it as, while other engines
 * (Python, .NET, ICU) take `\d` for any Unicode digit.
 */
export function asciiDigits(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') {
      const next = source[i + 1] ?? '';
      out += next === 'd' ? (inClass ? '0-9' : '[0-9]') : `${char}${next}`;
      i++;
    } else {
      if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      out += char;
    }
  }
  return out;
}

/** The schema, documented as a string with its patterns (and a standard format, if given) in place of what zod-to-openapi derives. */
export const withPatterns = <T extends z.ZodString | z.ZodStringFormat>(schema: T, format?: 'ipv4'): T =>
  // `type` in the metadata makes zod-to-openapi skip its own description of the string (the non-standard format).
  schema.openapi({ type: 'string', ...patternsOf(schema), ...(format ? { format } : {}) }) as T;
