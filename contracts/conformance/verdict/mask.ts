/**
 * Secrets never leave the kit. One masker per run, applied where results become output (each result as it is
 * decided, the report at the end, and every line the command writes), so a field added later cannot escape it:
 *
 * - the tokens and `--header` values, wherever they appear (also in the kit's own words: a value that is a common
 *   word is masked there too), inside longer text the target echoes back, JSON-escaped or percent-encoded, and cut
 *   short at a `…` where an answer was shortened for the report;
 * - the values of members named like secrets (`password`, `token`, `apiKey`, `authorization`…, and the names of
 *   the `--header`s) at any depth, and in JSON written out inside text (`{"password":"…"}` in an error message);
 * - the string values of such members seen anywhere (eight characters or more), wherever they appear again.
 *
 * Values nested deeper than DEEPEST_SHOWN levels are not shown at all: no report needs them, and writing them
 * could exhaust the stack.
 */
import type { Target } from '../types.js';

export const MASK = '<masked>';
const SECRET_KEY = /token|secret|passw|api[-_]?key|authorization|credential|private[-_]?key|cookie/i;
/** Shorter values would mask ordinary words wherever they appear. */
const SHORTEST_SECRET = 3;
/** The shortest value of a secret-named member that is searched for elsewhere (shorter ones are often kinds, not secrets). */
const SHORTEST_HARVESTED = 8;
/** The shortest start of a secret that is masked where a shortened text ends with it. */
const SHORTEST_CUT = 3;
export const DEEPEST_SHOWN = 256;
const TRUNCATION = '…';
/** A header name as HTTP allows it (RFC 9110's token). */
const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

export class Masker {
  private readonly secrets = new Set<string>();
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

  /** `value` with every secret masked: a copy, at most DEEPEST_SHOWN levels deep. Learns the secret members' values first. */
  value<T>(value: T): T {
    this.harvest(value, 0);
    return this.masked(value, 0, false) as T;
  }

  /** `text` with every known secret masked (see the module comment). */
  text(text: string): string {
    const member = (quote: string) => (whole: string, key: string, value: string) =>
      this.isSecretKey(key) ? `${whole.slice(0, whole.length - value.length)}${quote}${MASK}${quote}` : whole;
    let result = this.mayHoldSecretMember(text) ? text.replace(JSON_MEMBER, member('"')).replace(ESCAPED_JSON_MEMBER, member('\\"')) : text;
    if (this.pattern) result = result.replace(this.pattern, MASK);
    return result.includes(TRUNCATION) ? this.maskCutSecrets(result) : result;
  }

  private isSecretKey(key: string): boolean {
    return SECRET_KEY.test(key) || this.headerNames.has(key.toLowerCase());
  }

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
    const escaped = JSON.stringify(secret).slice(1, -1);
    // As written, as JSON writes it (once, and again when that JSON is shown inside a string), as a URL writes it.
    const forms = [secret, escaped, JSON.stringify(escaped).slice(1, -1), encodeURIComponent(secret)];
    const before = this.secrets.size;
    for (const form of forms) if (form.length >= shortest) this.secrets.add(form);
    if (this.secrets.size === before) return;
    // Longest first, so a secret that holds another is masked whole.
    const sorted = [...this.secrets].sort((a, b) => b.length - a.length);
    this.pattern = new RegExp(sorted.map((form) => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  }

  /** Adds the string values of secret-named members to the values searched for. */
  private harvest(value: unknown, depth: number, secretMember = false): void {
    if (typeof value === 'string') {
      if (secretMember) this.add(value, SHORTEST_HARVESTED);
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
    if (Array.isArray(value)) return value.map((inner) => this.masked(inner, depth + 1, secretMember));
    // fromEntries defines own members, so a key such as "__proto__" stays a plain member.
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [this.text(key), this.masked(inner, depth + 1, secretMember || this.isSecretKey(key))]),
    );
  }

  /** A text cut short (at `…`) may end with the start of a secret: that start is masked too. */
  private maskCutSecrets(text: string): string {
    return text
      .split(TRUNCATION)
      .map((part, index, parts) => (index === parts.length - 1 ? part : this.maskSecretStart(part)))
      .join(TRUNCATION);
  }

  private maskSecretStart(part: string): string {
    for (const secret of this.secrets) {
      for (let length = secret.length - 1; length >= SHORTEST_CUT; length--) {
        if (part.endsWith(secret.slice(0, length))) return part.slice(0, part.length - length) + MASK;
      }
    }
    return part;
  }
}

/**
 * A member of JSON written out inside text: a quoted name, a colon, and a string (up to its closing quote, or to
 * the end of a text cut short) or a number.
 */
const JSON_MEMBER = /"((?:[^"\\]|\\.)*)"\s*:\s*("(?:[^"\\]|\\.)*"?|-?\d[\d.eE+-]*)/g;
/** The same, in JSON that was itself written into a JSON string (`\"password\":\"…\"`). */
const ESCAPED_JSON_MEMBER = /\\"((?:[^"\\]|\\[^"])*)\\"\s*:\s*(\\"(?:[^"\\]|\\[^"])*(?:\\")?|-?\d[\d.eE+-]*)/g;

/** The masker of a run against `target`: its tokens, `--header` values and any password in the base URL, and the headers' names. */
export function maskerFor(target: Target): Masker {
  const headers = target.headers ?? {};
  return new Masker([target.token, target.token2, ...Object.values(headers), ...userInfo(target.baseUrl)], Object.keys(headers));
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
