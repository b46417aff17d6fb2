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
  if (typeof value === 'object' && value !== null && depthExceeds(value, maxDepth)) {
    return { ok: false, kind: 'validation', message: `${subject} is nested more than ${maxDepth} levels deep.` };
  }
  return { ok: true, value };
}

/** Iterative, so a hostile value cannot overflow the stack while being measured; only containers are stacked. */
function depthExceeds(root: object, limit: number): boolean {
  const values: object[] = [root];
  const depths: number[] = [1];
  while (values.length > 0) {
    const value = values.pop() as object;
    const depth = depths.pop() as number;
    for (const child of Object.values(value)) {
      // Any value counts for the depth, a number as much as an object.
      if (depth + 1 > limit) return true;
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
