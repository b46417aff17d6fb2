/**
 * Secrets never leave the kit. One masker per run, applied where results become output (each result as it is
 * decided, the report at the end, and every line the command writes), so a field added later cannot escape it:
 *
 * - the tokens and `--header` values, wherever they appear (also in the kit's own words: a value that is a common
 *   word is masked there too), inside longer text the target echoes back, in every way a server writes them (see
 *   `writtenForms`: JSON-escaped once or more, with `\/` or `\u002B`-style escapes, percent-encoded in either case
 *   of hex, with or without `~ + / =` encoded, `+` for a space, HTML character references, any mix of these), and
 *   cut short at a `…` where an answer was shortened for the report; a `--header` value with a scheme
 *   (`Basic dXNlcjpwYXNz`) also as its credentials alone, and a Basic one also decoded (`user:pass`, `pass`);
 * - the values of members named like secrets (`password`, `token`, `apiKey`, `authorization`…, and the names of
 *   the `--header`s) at any depth, and in JSON written out inside text (`{"password":"…"}` in an error message,
 *   whatever the value's type: json-in-text.ts);
 * - the string values of such members seen anywhere (eight characters or more), wherever they appear again.
 *
 * Values nested deeper than DEEPEST_SHOWN levels are not shown at all: no report needs them, and writing them
 * could exhaust the stack.
 */
import type { Target } from '../types.js';
import { secretMembers } from './json-in-text.js';

export const MASK = '<masked>';
const SECRET_KEY = /token|secret|passw|api[-_]?key|authorization|credential|private[-_]?key|cookie/i;
/** Whether a member's name is a secret's (`password`, `apiKey`, `signingSecret`…): its value is masked wherever it is shown. */
export const isSecretName = (name: string): boolean => SECRET_KEY.test(name);
/** Shorter values would mask ordinary words wherever they appear. */
const SHORTEST_SECRET = 3;
/** The shortest value of a secret-named member that is searched for elsewhere (shorter ones are often kinds, not secrets). */
const SHORTEST_HARVESTED = 8;
/** The shortest start of a secret that is masked where a shortened text ends with it. */
const SHORTEST_CUT = 3;
export const DEEPEST_SHOWN = 256;
const TRUNCATION = '…';
/** How far back a text cut short is searched for the start of a secret: so many characters for each of its characters. */
const LONGEST_FORM = 16;
/** A header name as HTTP allows it (RFC 9110's token). */
const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

export class Masker {
  /** Each secret, with the ways each of its characters may be written (`writtenForms`). */
  private readonly secrets = new Map<string, CharForms[]>();
  /** Per secret, its first SHORTEST_CUT characters in any form: where a cut start of it can begin (see maskSecretStart). */
  private readonly starts = new Map<string, RegExp>();
  private readonly headerNames: Set<string>;
  /** Whether every header name is of HTTP token characters (ASCII): then the text is searched for them (mayHoldSecretMember). */
  private readonly plainHeaderNames: boolean;
  private pattern: RegExp | undefined;

  /** `secrets`: values to find wherever they appear; `headerNames`: member names whose values are secret too. */
  constructor(secrets: Iterable<string | undefined>, headerNames: Iterable<string> = []) {
    this.headerNames = new Set([...headerNames].map((name) => name.toLowerCase()));
    this.plainHeaderNames = [...this.headerNames].every((name) => HTTP_TOKEN.test(name));
    for (const secret of secrets) if (secret !== undefined) this.add(secret, SHORTEST_SECRET);
  }

  /**
   * `value` with every secret masked, at most DEEPEST_SHOWN levels deep: a copy of each object or array in it that
   * holds something masked, the same object where nothing in it is (do not change it after). Learns the secret
   * members' values first.
   */
  value<T>(value: T): T {
    this.harvest(value, 0);
    return this.masked(value, 0, false) as T;
  }

  /**
   * `text` with every known secret masked (see the module comment), each replaced with `mask`: MASK, or MASK as the
   * format of the text writes it (in XML, `&lt;masked&gt;`: a secret found written as `&amp;` is in XML text).
   */
  text(text: string, mask = MASK): string {
    let result = text;
    if (this.mayHoldSecretMember(text)) {
      // What the text's secret members hold is learnt before the secrets are sought, so that it is masked wherever
      // else the text shows it.
      const members = secretMembers(text, this.isSecret, mask);
      for (const found of members.strings) this.add(found, SHORTEST_HARVESTED);
      result = members.text;
    }
    if (this.pattern) result = result.replace(this.pattern, mask);
    return result.includes(TRUNCATION) ? this.maskCutSecrets(result, mask) : result;
  }

  private isSecretKey(key: string): boolean {
    return isSecretName(key) || (this.headerNames.size > 0 && this.headerNames.has(key.toLowerCase()));
  }

  private readonly isSecret = (key: string): boolean => this.isSecretKey(key);

  /**
   * False only where no JSON member in `text` can have a secret name, so the member passes would change nothing:
   * a member needs a quote, and its name is a part of the text, so a name SECRET_KEY finds is found in the whole
   * text too, and a header's name (HTTP token characters, which lower-case one by one) in the lower-cased text.
   * Most strings of a run (ids, names, an answer's list) are skipped this way at the cost of a scan or two.
   */
  private mayHoldSecretMember(text: string): boolean {
    if (!text.includes('"')) return false;
    if (SECRET_KEY.test(text)) return true;
    if (this.headerNames.size === 0) return false;
    if (!this.plainHeaderNames) return true;
    const lower = text.toLowerCase();
    for (const name of this.headerNames) if (lower.includes(name)) return true;
    return false;
  }

  private add(secret: string, shortest: number): void {
    // The mask itself is no secret: harvested from a report masked already, it would be sought in every form.
    if (secret.length < shortest || secret === MASK || this.secrets.has(secret)) return;
    const chars = [...secret].map(writtenForms);
    this.secrets.set(secret, chars);
    const start = chars.slice(0, SHORTEST_CUT).map(({ source }) => source);
    this.starts.set(secret, new RegExp(start.join(''), 'g'));
    // Longest first, so a secret that holds another is masked whole.
    const sorted = [...this.secrets].sort(([a], [b]) => b.length - a.length);
    this.pattern = new RegExp(sorted.map(([, chars]) => chars.map(({ source }) => source).join('')).join('|'), 'g');
  }

  /** Adds the string values of secret-named members to the values searched for. */
  private harvest(value: unknown, depth: number, secretMember = false): void {
    if (typeof value === 'string') {
      if (secretMember) this.add(value, SHORTEST_HARVESTED);
      else if (this.mayHoldSecretMember(value))
        for (const found of secretMembers(value, this.isSecret).strings) this.add(found, SHORTEST_HARVESTED);
      return;
    }
    if (typeof value !== 'object' || value === null || depth >= DEEPEST_SHOWN) return;
    if (Array.isArray(value)) {
      for (const inner of value) this.harvest(inner, depth + 1, secretMember);
      return;
    }
    for (const [key, inner] of Object.entries(value)) this.harvest(inner, depth + 1, secretMember || this.isSecretKey(key));
  }

  private masked(value: unknown, depth: number, secretMember: boolean): unknown {
    if (typeof value === 'string') return secretMember ? MASK : this.text(value);
    if (typeof value === 'number' || typeof value === 'bigint') return secretMember ? MASK : value;
    if (typeof value !== 'object' || value === null) return value;
    if (depth >= DEEPEST_SHOWN) return `${TRUNCATION} (nested deeper than ${DEEPEST_SHOWN} levels: not shown)`;
    if (Array.isArray(value)) {
      const items = value.map((inner) => this.masked(inner, depth + 1, secretMember));
      return items.every((item, index) => item === value[index]) ? value : items;
    }
    const entries = Object.entries(value);
    const members = entries.map(([key, inner]) => [this.text(key), this.masked(inner, depth + 1, secretMember || this.isSecretKey(key))]);
    // Only a plain object is kept as it is: a class's instance (a Date, a Map) is written as a plain copy, as before.
    const plain = Object.getPrototypeOf(value) === Object.prototype;
    if (plain && members.every(([key, inner], index) => key === entries[index]?.[0] && inner === entries[index]?.[1])) return value;
    // fromEntries defines own members, so a key such as "__proto__" stays a plain member.
    return Object.fromEntries(members);
  }

  /** A text cut short (at `…`) may end with the start of a secret: that start is masked too. */
  private maskCutSecrets(text: string, mask: string): string {
    return text
      .split(TRUNCATION)
      .map((part, index, parts) => (index === parts.length - 1 ? part : this.maskSecretStart(part, mask)))
      .join(TRUNCATION);
  }

  /** `part` with its end masked where it is the start (SHORTEST_CUT characters or more) of a secret, in any form. */
  private maskSecretStart(part: string, mask: string): string {
    for (const [secret, chars] of this.secrets) {
      // Only the end of the part a start of the secret can fill is searched (see LONGEST_FORM), and in it only where
      // its first characters are (any start that counts has them whole): one native search, not a test at each place.
      const start = this.starts.get(secret) as RegExp;
      start.lastIndex = Math.max(0, part.length - chars.length * LONGEST_FORM);
      for (let found = start.exec(part); found !== null; found = start.exec(part)) {
        if (startOfSecretAt(part, found.index, chars)) return part.slice(0, found.index) + mask;
        start.lastIndex = found.index + 1;
      }
    }
    return part;
  }
}

/** The ways a text may write one character of a secret: a pattern matching any one of them, also sticky. */
interface CharForms {
  source: string;
  /** The pattern, sticky: whether one of the forms is at `lastIndex`. */
  sticky: RegExp;
}

/** The end of a text cut within an escape (`\\u00`, `%2`, `%25`, `&#4`): a character's form cut short. */
const CUT_ESCAPE = /^(?:\\+(?:u[0-9a-fA-F]{0,3})?|%(?:25)*[0-9a-fA-F]?|&(?:amp;)*#?[xX]?[0-9a-zA-Z]*)$/;

/** Whether `part` from `from` to its end is the start of the secret whose characters are `chars`, in any form. */
function startOfSecretAt(part: string, from: number, chars: CharForms[]): boolean {
  let at = from;
  for (const [index, char] of chars.entries()) {
    if (at === part.length) return index >= SHORTEST_CUT;
    char.sticky.lastIndex = at;
    // Cut within the form of this character: what came before is the start of the secret.
    if (!char.sticky.test(part)) return index >= SHORTEST_CUT && CUT_ESCAPE.test(part.slice(at));
    at = char.sticky.lastIndex;
  }
  return at === part.length;
}

/** A hex number's digits, each in either case, as a pattern. */
const hexPattern = (code: number, width: number): string =>
  [...code.toString(16).padStart(width, '0')].map((digit) => (/[a-f]/.test(digit) ? `[${digit}${digit.toUpperCase()}]` : digit)).join('');
/**
 * How many times over an escape is searched for: JSON inside JSON four levels deep (15 backslashes before a quote),
 * a URL or an HTML text encoded four times over. Bounded, so a long run of backslashes or `%25` costs linear time.
 */
const ENCODED_AGAIN = 4;
const BACKSLASHES = 2 ** ENCODED_AGAIN - 1;
const NAMED_REFERENCES: Record<string, string> = { '"': 'quot', '&': 'amp', '<': 'lt', '>': 'gt', "'": 'apos' };
const escapedForPattern = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * Every way a server plausibly writes `char` when it echoes a secret, as one pattern, so that the masker derives
 * it once per secret and finds the secret written in any mix of these forms:
 * - as it is (a space also as `+`, as HTML forms write it);
 * - percent-encoded, its UTF-8 bytes in either case of hex, and encoded again (`%252F`);
 * - as an HTML character reference, decimal or hex (`&#47;`, `&#x2F;`, `&quot;`), and escaped again (`&amp;#47;`);
 * - JSON-escaped, once or again (JSON written inside a JSON string): its short escape (`\"`, `\\\"`), a slash
 *   as `\/`, or any character as `\u002f` / `\u002F`.
 * Letters and digits are written as they are: no encoder escapes them.
 */
export function writtenForms(char: string): CharForms {
  const forms: string[] = [];
  if (/^[A-Za-z0-9]$/.test(char)) forms.push(char);
  else {
    // Tried in this order: a form that is the start of another (`%` of `%25`) must come after it.
    forms.push([...new TextEncoder().encode(char)].map((byte) => `%(?:25){0,${ENCODED_AGAIN}}${hexPattern(byte, 2)}`).join(''));
    const code = char.codePointAt(0) ?? 0;
    const named = NAMED_REFERENCES[char];
    const reference = [`#0*${code}`, `#[xX]0*${hexPattern(code, 1)}`, ...(named !== undefined ? [named] : [])];
    forms.push(`&(?:amp;){0,${ENCODED_AGAIN}}(?:${reference.join('|')});`);
    // JSON's escapes (`\u002F`, `\n`, `\/`), or the character as it is, behind the backslashes of JSON escaping it
    // again and again (`\\\"`). One run of backslashes for them all, so a long run costs one pass, not one a form.
    const units = Array.from({ length: char.length }, (_, index) => char.charCodeAt(index));
    const escapes = [units.map((unit, index) => `${index === 0 ? '' : `\\\\{1,${BACKSLASHES}}`}u${hexPattern(unit, 4)}`).join('')];
    const short = JSON.stringify(char).slice(1, -1);
    if (short.length === 2 && short[1] !== char) escapes.push(escapedForPattern(short.slice(1)));
    escapes.push(escapedForPattern(char));
    forms.push(`\\\\{0,${BACKSLASHES}}(?:${escapes.join('|')})`);
    if (char === ' ') forms.push('\\+');
  }
  const source = forms.length === 1 ? (forms[0] as string) : `(?:${forms.join('|')})`;
  return { source, sticky: new RegExp(source, 'y') };
}

/** The masker of a run against `target`: its tokens, `--header` values and any password in the base URL, and the headers' names. */
export function maskerFor(target: Target): Masker {
  const headers = target.headers ?? {};
  const values = Object.values(headers).flatMap(headerSecrets);
  return new Masker([target.token, target.token2, ...values, ...userInfo(target.baseUrl)], Object.keys(headers));
}

/**
 * A `--header` value, and where it is credentials after a scheme (`Basic dXNlcjpwYXNz`, `Token abc`), those alone
 * (a server may echo them without the scheme); Basic credentials also decoded (`user:pass`) and their password.
 */
function headerSecrets(value: string): string[] {
  const scheme = /^\s*([A-Za-z][\w.+-]*)\s+(\S+)\s*$/.exec(value);
  if (scheme === null) return [value];
  const [, name = '', credentials = ''] = scheme;
  if (name.toLowerCase() !== 'basic' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(credentials)) return [value, credentials];
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return [value, credentials, decoded, ...(colon === -1 ? [] : [decoded.slice(colon + 1)])];
}

/** The user name and password written into a URL (`https://user:password@host`), as written and decoded. */
function userInfo(url: string): string[] {
  try {
    const { username, password } = new URL(url);
    return [username, password].filter((part) => part !== '').flatMap((part) => [part, decodeURIComponent(part)]);
  } catch {
    return [];
  }
}
