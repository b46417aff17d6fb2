/**
 * Parses JSON text that nobody vouches for: request bodies of the API and
 * of the control API, and the state file. Refused: keys that would reach
 * an object's prototype (`__proto__`, `constructor.prototype`), and nesting
 * deeper than a limit, which would overflow the stack of whatever walks the
 * value later (validation, serializing, copying).
 */
import secureJson from 'secure-json-parse';

/** How deep a record may nest, the record itself counting as one level. */
export const MAX_RECORD_DEPTH = 32;

export type UntrustedJson = { ok: true; value: unknown } | { ok: false; kind: 'validation' | 'malformed-json'; message: string };

/**
 * `maxDepth` counts the top level as one; a record inside an envelope needs
 * the envelope's levels on top of MAX_RECORD_DEPTH. `subject` names the text
 * in messages ("The body", "The state file x.json").
 */
export function parseUntrustedJson(text: string, maxDepth: number, subject = 'The body'): UntrustedJson {
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/prototype property/.test(reason)) {
      return { ok: false, kind: 'validation', message: `${subject} may not contain the keys "__proto__" or "constructor.prototype".` };
    }
    return { ok: false, kind: 'malformed-json', message: `${subject} is not valid JSON (${reason}). Check quotes, commas and brackets.` };
  }
  if (typeof value === 'object' && value !== null && depthExceeds(text, maxDepth)) {
    return { ok: false, kind: 'validation', message: `${subject} is nested more than ${maxDepth} levels deep.` };
  }
  return { ok: true, value };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isOpener = (code: number) => code === 0x7b || code === 0x5b; // { [
const isCloser = (code: number) => code === 0x7d || code === 0x5d; // } ]
const isWhitespace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * Read from the text JSON.parse has just accepted, in one pass without
 * allocating: walking the parsed value instead costs a visit per value,
 * which a body of many keys makes slow. Any value counts for the depth, a number as much as an
 * object: a container at depth d that holds anything puts it at d + 1.
 */
function depthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let opened = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isWhitespace(code)) continue;
    // The first thing inside a container that is not its end is a value one level down.
    if (opened && !isCloser(code) && depth + 1 > limit) return true;
    opened = false;
    if (code === QUOTE) index = endOfString(text, index);
    else if (isOpener(code)) {
      depth += 1;
      opened = true;
    } else if (isCloser(code)) depth -= 1;
  }
  return false;
}

/** The index of the quote that ends the string opening at `start`. */
function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index += 1;
    else if (code === QUOTE) return index;
  }
  return text.length;
}
