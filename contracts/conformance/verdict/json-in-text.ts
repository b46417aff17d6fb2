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

/** A member with a string (up to its closing quote, or to the end of a line cut short) or a number as its value. */
const SCALAR_MEMBER = /"((?:[^"\\\n]|\\.)*)"\s*:\s*("(?:[^"\\\n]|\\.)*"?|-?\d[\d.eE+-]*)/g;
/** The same, in JSON that was itself written into a JSON string. */
const ESCAPED_SCALAR_MEMBER = /\\"((?:[^"\\\n]|\\[^"\n])*)\\"\s*:\s*(\\"(?:[^"\\\n]|\\[^"\n])*(?:\\")?|-?\d[\d.eE+-]*)/g;
/** A member whose value is an array or an object: the name and colon, the value's bracket next. */
const CONTAINER_MEMBER = /"((?:[^"\\\n]|\\.)*)"\s*:\s*(?=[[{])/g;
const ESCAPED_CONTAINER_MEMBER = /\\"((?:[^"\\\n]|\\[^"\n])*)\\"\s*:\s*(?=[[{])/g;

/** `text` with the value of every member `isSecret` names replaced by `mask`, written as a string of that JSON. */
export function maskSecretMembers(text: string, isSecret: (name: string) => boolean, mask: string): string {
  const scalar = (quote: string) => (whole: string, name: string, value: string) =>
    isSecret(name) ? `${whole.slice(0, whole.length - value.length)}${quote}${mask}${quote}` : whole;
  let result = maskContainers(text, isSecret, `"${mask}"`, false);
  result = maskContainers(result, isSecret, `\\"${mask}\\"`, true);
  return result.replace(SCALAR_MEMBER, scalar('"')).replace(ESCAPED_SCALAR_MEMBER, scalar('\\"'));
}

/** The strings in the values of the members `isSecret` names (not the names inside them), decoded where they can be. */
export function secretMemberStrings(text: string, isSecret: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const [pattern, escaped] of [
    [SCALAR_MEMBER, false],
    [ESCAPED_SCALAR_MEMBER, true],
  ] as const)
    for (const [, name = '', value = ''] of text.matchAll(pattern))
      if (isSecret(name) && !/^-?\d/.test(value)) found.push(decoded(unquoted(value, escaped), escaped));
  for (const [pattern, escaped] of [
    [CONTAINER_MEMBER, false],
    [ESCAPED_CONTAINER_MEMBER, true],
  ] as const)
    for (const match of text.matchAll(pattern))
      if (isSecret(match[1] ?? '')) found.push(...scanContainer(text, (match.index ?? 0) + match[0].length, escaped).strings);
  return found;
}

function maskContainers(text: string, isSecret: (name: string) => boolean, masked: string, escaped: boolean): string {
  const pattern = escaped ? ESCAPED_CONTAINER_MEMBER : CONTAINER_MEMBER;
  let result = '';
  let copied = 0;
  for (const match of text.matchAll(pattern)) {
    const start = (match.index ?? 0) + match[0].length;
    if (start < copied || !isSecret(match[1] ?? '')) continue;
    result += text.slice(copied, start) + masked;
    copied = scanContainer(text, start, escaped).end;
  }
  return result + text.slice(copied);
}

/**
 * The array or object opening at `from`: where it ends (after its closing bracket, or at the end of its line where the
 * text was cut short, or at the text's end), and the string values inside it. In JSON written into a JSON string each of its characters may
 * be written as an escape (`\"`, `\\`), which is read as the character it stands for.
 */
function scanContainer(text: string, from: number, escaped: boolean): { end: number; strings: string[] } {
  const strings: string[] = [];
  let depth = 0;
  let index = from;
  let string: string | undefined;
  /** The next character of the JSON, and where the one after it starts. */
  const next = (at: number): [string, number] => {
    const char = text[at] as string;
    return escaped && char === '\\' && at + 1 < text.length ? [unescapedChar(text[at + 1] as string), at + 2] : [char, at + 1];
  };
  let last = '';
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
      if (depth === 0) return { end: after, strings };
    }
    index = after;
  }
  if (string !== undefined) strings.push(decoded(string, false));
  return { end: index, strings };
}

const unescapedChar = (char: string): string => (char === 'n' ? '\n' : char === 't' ? '\t' : char === 'r' ? '\r' : char);

/** A string's content without its quotes (the closing one may be missing, where the text was cut short). */
function unquoted(value: string, escaped: boolean): string {
  const quote = escaped ? '\\"' : '"';
  const inner = value.slice(quote.length);
  return inner.endsWith(quote) ? inner.slice(0, -quote.length) : inner;
}

/** A JSON string's content as the string it stands for; as it is where it is not valid JSON (cut short). */
function decoded(content: string, escaped: boolean): string {
  const plain = escaped ? content.replace(/\\(.)/g, (_, char: string) => unescapedChar(char)) : content;
  try {
    return JSON.parse(`"${plain}"`) as string;
  } catch {
    return plain;
  }
}
