/**
 * Run-unique values: a create example sent as published would clash, on a
 * target that keeps a field unique, with a record an earlier run (or a person
 * trying the example), or the run's own earlier create of the same example,
 * left behind. So every value that may be kept unique is made unique to the
 * run in a way that keeps its format: a URL gets a path segment, an email a
 * +tag, a phone number other digits of the same length, a name a suffix of its
 * own characters. Other strings (kinds, prompts, enum values) are left as they
 * are, unless a 409 answer names their field.
 */

/** Keys that name a record: `name`, `title`, `label`, or ending so (`toolName`, `displayLabel`), in any case; not `username`. */
const NAME_LIKE = /(name|title|label)$/i;
const NOT_A_NAME = /^user_?name$/i;

/** One fresh run-unique mark: letters and digits, and a number unique within the run (for digit-only formats). */
export interface Suffix {
  text: string;
  number: number;
}

const EMAIL = /^([^@\s]+)@([^@\s]+\.[^@\s]+)$/;
// No dots: "203.0.113.5" is an address, not a number to vary.
const PHONE = /^\+?[\d\s()-]+$/;

/** What kind of value `value` is, for varying it without breaking its format. */
export function formatOf(value: string): 'url' | 'email' | 'phone' | 'text' {
  if (/^https?:\/\/[^/\s]/i.test(value) && URL.canParse(value)) return 'url';
  if (EMAIL.test(value)) return 'email';
  if (PHONE.test(value) && (value.match(/\d/g) ?? []).length >= 7) return 'phone';
  return 'text';
}

/** `value` made unique to the run by `suffix`, in its own format (see the module comment). */
export function vary(value: string, suffix: Suffix): string {
  switch (formatOf(value)) {
    case 'url': {
      const url = new URL(value);
      url.pathname = `${url.pathname.replace(/\/$/, '')}/${suffix.text}`;
      // A URL written without a path ("https://x.test") keeps its other parts as written.
      return url.href;
    }
    case 'email': {
      const [, local, domain] = EMAIL.exec(value) as RegExpExecArray;
      return `${local}${local!.includes('+') ? '-' : '+'}${suffix.text}@${domain}`;
    }
    case 'phone':
      return otherDigits(value, suffix.number);
    default:
      return withSuffix(value, suffix.text);
  }
}

/** The same phone number with its last digits (up to six, never the first four) replaced by `number`'s, same length and punctuation. */
function otherDigits(value: string, number: number): string {
  const digits = (value.match(/\d/g) ?? []).length;
  const width = Math.max(1, Math.min(6, digits - 4));
  const replacement = String(number % 10 ** width).padStart(width, '0');
  let left = width;
  let out = '';
  for (const char of [...value].reverse()) {
    if (/\d/.test(char) && left > 0) {
      left -= 1;
      out = replacement[left] + out;
    } else out = char + out;
  }
  return out;
}

/** A name made run-unique by `suffix`, kept to the characters it had (an identifier of letters, digits and _ stays one). */
export function withSuffix(value: string, suffix: string): string {
  const mark = /[a-z]/.test(value) || !/[A-Z]/.test(value) ? suffix : suffix.toUpperCase();
  if (/^[A-Za-z0-9_]*$/.test(value)) return value === '' ? mark : `${value}_${mark}`;
  if (/^[A-Za-z0-9._-]+$/.test(value)) return `${value}-${mark}`;
  return `${value} ${mark}`;
}

/**
 * A copy of `body` made run-unique: top-level name-like string fields and those in `alsoKeys` (such as a field a
 * 409 answer named) varied by their format, and every URL, email or phone number at any depth too. Deeper keys are
 * not taken for names: there a key is as often data (a map from a property name such as "customerName" to its type)
 * as a field that names the record.
 */
export function runUnique(
  body: Record<string, unknown>,
  suffix: Suffix | string,
  alsoKeys: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const mark = typeof suffix === 'string' ? { text: suffix, number: numberOf(suffix) } : suffix;
  const named = (key: string) => (NAME_LIKE.test(key) && !NOT_A_NAME.test(key)) || alsoKeys.has(key);
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'string' && named(key) ? vary(value, mark) : formatsVaried(value, mark, 0),
    ]),
  );
}

/** `value` with every URL, email and phone number inside it varied (a few levels deep). */
function formatsVaried(value: unknown, suffix: Suffix, depth: number): unknown {
  if (typeof value === 'string') return formatOf(value) === 'text' ? value : vary(value, suffix);
  if (depth > 4) return value;
  // Each item its own value: a list of phone numbers or URLs that must not repeat one stays so.
  if (Array.isArray(value)) return value.map((inner, index) => formatsVaried(inner, itemSuffix(suffix, index), depth + 1));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, formatsVaried(inner, suffix, depth + 1)]));
  return value;
}

/** The mark of a list's item `index`: distinct from every other item's and every other create's (up to 16 items). */
function itemSuffix(suffix: Suffix, index: number): Suffix {
  return { text: index === 0 ? suffix.text : `${suffix.text}i${index}`, number: suffix.number * 16 + (index % 16) };
}

/** The top-level string fields of `body` that a conflict answer's text names (e.g. `"email" is taken`). */
export function fieldsNamedIn(answerText: string, body: Record<string, unknown>): Set<string> {
  const named = Object.keys(body).filter(
    (key) => typeof body[key] === 'string' && new RegExp(`\\b${escapeRegExp(key)}\\b`).test(answerText),
  );
  return new Set(named);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A number for a suffix given as text only (tests, callers of the library). */
function numberOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000_007;
  return hash;
}

/** A source of marks unique to one run: a random run mark and a counter; the numbers differ within the run. */
export function suffixSource(): () => Suffix {
  const run = globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 8);
  const start = Number.parseInt(run.slice(0, 5), 16) % 1_000_000;
  let count = 0;
  return () => {
    const made = { text: `kit${run}${count.toString(36)}`, number: start + count };
    count += 1;
    return made;
  };
}
