/**
 * Text a target sent, made safe to print: control characters (C0, DEL, C1: escape sequences, carriage returns,
 * bells), bidirectional overrides and isolates, invisible characters and line separators are written as escapes
 * (`\x1B`, `\u202E`), so an answer can neither drive the terminal nor fake or hide lines of the kit's output.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/g;
const HAS_UNSAFE = new RegExp(UNSAFE.source);
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escaped(char: string): string {
  const code = char.charCodeAt(0);
  return (
    NAMED[char] ??
    (code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`)
  );
}

/** `text` with every unsafe character escaped; with `keepLines`, line feeds stay (the kit's own line structure). */
export function visible(text: string, keepLines = false): string {
  return text.replace(UNSAFE, (char) => (keepLines && char === '\n' ? char : escaped(char)));
}

/**
 * `text` as one shell word that stands for it exactly: single-quoted, or where it holds an unsafe character, in
 * bash's ANSI-C quoting (`$'…'`) with that character as escapes bash reads back (`\x1B`, `\xE2\x80\xAE`). The file
 * holds no such character, and the word still means the text (an escape written inside plain single quotes would
 * be sent as a backslash and letters).
 */
export function shellWord(text: string): string {
  // A line feed is as it is inside single quotes, and the kit's files keep theirs.
  if (!HAS_UNSAFE.test(text.replaceAll('\n', ''))) return `'${text.replaceAll("'", `'\\''`)}'`;
  // Each byte of the character's UTF-8 as `\xHH`: bash reads those back in any locale.
  const bytes = (char: string) => [...Buffer.from(char, 'utf8')].map((byte) => `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`);
  return `$'${text.replace(/[\\']/g, '\\$&').replace(UNSAFE, (char) => bytes(char).join(''))}'`;
}

/**
 * UNSAFE but for C0: JSON.stringify writes every C0 character in a string as an escape, and none outside one but the
 * line feeds of its indentation (with spaces, as the reports are written; a tab indent would be one more).
 */
const UNSAFE_IN_JSON = /[\x7f-\x9f\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]/g;

/**
 * JSON text with the unsafe characters JSON.stringify leaves as they are (DEL, C1, bidi, invisible, line
 * separators) written as `\u` escapes: the same data, but no such character in the file.
 */
export function jsonEscaped(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `value` with every string in it (keys too) made visible on one line: for what a report shows of a target's answers. */
export function visibleStrings<T>(value: T): T {
  return visibleCopy(value) as T;
}

function visibleCopy(value: unknown): unknown {
  if (typeof value === 'string') return visible(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(visibleCopy);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [visible(key), visibleCopy(inner)]));
}
