/**
 * Members of JSON written out inside text: an answer shown as text, an error message that quotes a body, JSON
 * written into a JSON string (`\"password\":\"…\"`). The masker (mask.ts) masks the value of every member named like
 * a secret there, whatever its type (a string, a number, an array, an object), and learns the strings inside it, so
 * that the same value is masked wherever else it appears. A value cut short (the text shortened at `…`) ends with its
 * line: compact JSON holds no raw line break, so the next line (another result's) is never taken for the rest of it;
 * an array or object of a pretty-printed report is masked over its lines, whole.
 */

/** Where the kit shortened a text (show() in matchers.ts). */
const CUT = '…';

/** A member's quoted name and its colon; the value follows. */
const MEMBER_NAME = /"((?:[^"\\\n]|\\.)*)"\s*:\s*/g;
/** The same, in JSON that was itself written into a JSON string (`\"name\":`). */
const ESCAPED_MEMBER_NAME = /\\"((?:[^"\\\n]|\\[^"\n])*)\\"\s*:\s*/g;
const NUMBER = /-?\d[\d.eE+-]*/y;

/** What a pass over a text found: the text with the secret members' values masked (when a mask was given), and the strings in those values. */
export interface SecretMembers {
  text: string;
  strings: string[];
}

/**
 * The values of the members `isSecret` names, in JSON and in JSON written into a JSON string: with `mask`, replaced by
 * it (written as a string of that JSON); their strings, decoded where they can be, either way.
 */
export function secretMembers(text: string, isSecret: (name: string) => boolean, mask?: string): SecretMembers {
  const strings: string[] = [];
  const plain = pass(text, isSecret, false, strings, mask === undefined ? undefined : `"${mask}"`);
  const escaped = pass(plain, isSecret, true, strings, mask === undefined ? undefined : `\\"${mask}\\"`);
  return { text: escaped, strings };
}

function pass(text: string, isSecret: (name: string) => boolean, escaped: boolean, strings: string[], masked: string | undefined): string {
  const pattern = escaped ? ESCAPED_MEMBER_NAME : MEMBER_NAME;
  pattern.lastIndex = 0;
  let result = '';
  let copied = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    const start = match.index + match[0].length;
    if (!isSecret(match[1] ?? '')) continue;
    const end = valueEnd(text, start, escaped, strings);
    if (end === start) continue;
    if (masked !== undefined) result += text.slice(copied, start) + masked;
    copied = end;
    pattern.lastIndex = end;
  }
  return masked === undefined ? text : result + text.slice(copied);
}

/** Where the value starting at `from` ends (`from` itself where no string, number, array or object starts there); its strings go to `strings`. */
function valueEnd(text: string, from: number, escaped: boolean, strings: string[]): number {
  const quote = escaped ? '\\"' : '"';
  if (text.startsWith(quote, from)) {
    const { end, content } = stringEnd(text, from + quote.length, escaped);
    strings.push(decoded(content, escaped));
    return end;
  }
  const char = text[from];
  if (char === '[' || char === '{') return scanContainer(text, from, escaped, strings);
  NUMBER.lastIndex = from;
  return NUMBER.test(text) ? NUMBER.lastIndex : from;
}

/** A string whose content starts at `from`: where it ends (after its closing quote, or at the end of its line where it was cut short), and its content. */
function stringEnd(text: string, from: number, escaped: boolean): { end: number; content: string } {
  for (let index = from; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\n') return { end: index, content: text.slice(from, index) };
    if (escaped) {
      if (char === '\\' && text[index + 1] === '"') return { end: index + 2, content: text.slice(from, index) };
      if (char === '\\') index += 1;
    } else if (char === '\\') index += 1;
    else if (char === '"') return { end: index + 1, content: text.slice(from, index) };
  }
  return { end: text.length, content: text.slice(from) };
}

/**
 * The array or object opening at `from`: where it ends (after its closing bracket, at the end of its line where the
 * text was cut short, or at the text's end); the string values inside it (not member names) go to `strings`. In JSON
 * written into a JSON string each character may be written as an escape (`\"`, `\\`), read as the one it stands for.
 */
function scanContainer(text: string, from: number, escaped: boolean, strings: string[]): number {
  let depth = 0;
  let index = from;
  let string: string | undefined;
  let last = '';
  /** The next character of the JSON, and where the one after it starts. */
  const next = (at: number): [string, number] => {
    const char = text[at] as string;
    return escaped && char === '\\' && at + 1 < text.length ? [unescapedChar(text[at + 1] as string), at + 2] : [char, at + 1];
  };
  while (index < text.length) {
    // A value cut short (inside a string, where JSON has no raw line break, or just after the kit's `…`) ends with its
    // line; a pretty-printed one (a report's) goes on over its lines to its closing bracket.
    if (text[index] === '\n' && (string !== undefined || last === CUT)) break;
    const [char, after] = next(index);
    if (string === undefined && !/\s/.test(char)) last = char;
    if (string !== undefined) {
      if (char === '\\' && after < text.length) {
        const [escapedChar, afterEscape] = next(after);
        string += `\\${escapedChar}`;
        index = afterEscape;
        continue;
      }
      if (char === '"') {
        if (!/^\s*:/.test(text.slice(after, after + 8).replace(/\\[nrt]/g, ' '))) strings.push(decoded(string, false));
        string = undefined;
      } else string += char;
    } else if (char === '"') string = '';
    else if (char === '[' || char === '{') depth += 1;
    else if (char === ']' || char === '}') {
      depth -= 1;
      if (depth === 0) return after;
    }
    index = after;
  }
  if (string !== undefined) strings.push(decoded(string, false));
  return index;
}

const unescapedChar = (char: string): string => (char === 'n' ? '\n' : char === 't' ? '\t' : char === 'r' ? '\r' : char);

/** A JSON string's content as the string it stands for; as it is where it is not valid JSON (cut short). */
function decoded(content: string, escaped: boolean): string {
  const plain = escaped ? content.replace(/\\(.)/g, (_, char: string) => unescapedChar(char)) : content;
  try {
    return JSON.parse(`"${plain}"`) as string;
  } catch {
    return plain;
  }
}
