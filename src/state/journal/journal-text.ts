/**
 * How the journal keeps text: a long body, path or query as its start and
 * its length, copied out of the request's own string, and sizes in bytes of
 * UTF-8 counted without encoding. Plain JavaScript: the journal also runs in
 * the browser, where there is no Buffer.
 */

import type { JournalRecord } from './journal-entry.js';

/** Bytes of UTF-8, as the body came: a body of 64 KiB of `€` is 21,846 characters, but 64 KiB all the same. */
const KEPT_JSON_BYTES = 64 * 1024;
const KEPT_TEXT_BYTES = 4096;
/** A path or query string comes from the request line, which Node takes up to 16 KB of; one entry keeps 2,048 characters of each. */
const KEPT_TARGET_CHARS = 2048;
/** An entry's share of the journal's byte budget besides its text: its numbers, its slot in each column, the strings' headers. */
const ENTRY_BYTES = 256;

/**
 * The text an entry keeps, and the bytes it counts for: 2 per UTF-16 unit
 * (what V8 holds at most, known without reading the text) plus ENTRY_BYTES.
 */
export function keptText(entry: JournalRecord): { path: string; query: string; body: string | null; bodyIsJson: boolean; bytes: number } {
  const path = cut(entry.path, KEPT_TARGET_CHARS);
  const query = cut(entry.query, KEPT_TARGET_CHARS);
  const bodyIsJson = entry.bodyChecked && entry.bodyText !== undefined && fitsIn(entry.bodyText, KEPT_JSON_BYTES);
  const body = entry.bodyText === undefined ? null : bodyIsJson ? entry.bodyText : shortened(entry.bodyText);
  const units = path.length + query.length + (body?.length ?? 0) + entry.method.length + (entry.orgId?.length ?? 0);
  return { path, query, body, bodyIsJson, bytes: ENTRY_BYTES + 2 * units };
}

/**
 * A long body as its first 4 KiB (whole characters) and its length in bytes.
 * The slice is copied out: a slice of a string keeps the whole string alive,
 * and a thousand kept 1 MiB bodies would hold a gigabyte.
 */
function shortened(text: string): string {
  if (fitsIn(text, KEPT_TEXT_BYTES)) return text;
  const { read } = new TextEncoder().encodeInto(text, new Uint8Array(KEPT_TEXT_BYTES));
  return structuredClone(`${text.slice(0, read)}… (${utf8Length(text)} bytes)`);
}

/** A path or query as its first `max` characters and its length, copied out like a body. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : structuredClone(`${text.slice(0, max)}… (${text.length} characters)`);
}

/** Whether `text` takes at most `max` bytes in UTF-8; a short one is answered without counting (a character takes at most 3 bytes). */
function fitsIn(text: string, max: number): boolean {
  return text.length * 3 <= max || (text.length <= max && utf8Length(text) <= max);
}

/** Bytes of `text` in UTF-8, counted without encoding it; a lone surrogate counts 3, as TextEncoder writes U+FFFD for it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
