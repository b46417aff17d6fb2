/**
 * Run-unique values: a create example sent as published would clash, on a
 * target that keeps names unique, with a record an earlier run (or a person
 * trying the example) left behind. So the fields that name a record get a
 * suffix unique to this run, written so that the value keeps its character set.
 */
/** Keys that name a record: `name`, `title`, `label`, or ending so (`toolName`, `displayLabel`), in any case. */
const NAME_LIKE = /(name|title|label)$/i;

/** A value made run-unique by `suffix`, kept to the characters it had (an identifier of letters, digits and _ stays one). */
export function withSuffix(value: string, suffix: string): string {
  if (/^[A-Za-z0-9_]*$/.test(value)) return value === '' ? suffix : `${value}_${suffix}`;
  if (/^[A-Za-z0-9._-]+$/.test(value)) return `${value}-${suffix}`;
  return `${value} ${suffix}`;
}

/**
 * A copy of `body` whose top-level name-like string fields, and those in `alsoKeys` (such as a field a 409 answer
 * named), end with `suffix`. Deeper keys are left alone: there a key is as often data (a map from a property name
 * such as "customerName" to its type) as a field that names the record.
 */
export function runUnique(
  body: Record<string, unknown>,
  suffix: string,
  alsoKeys: ReadonlySet<string> = new Set(),
): Record<string, unknown> {
  const varied = (key: string, value: unknown) => typeof value === 'string' && (NAME_LIKE.test(key) || alsoKeys.has(key));
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, varied(key, value) ? withSuffix(value as string, suffix) : value]),
  );
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

/** A source of suffixes unique to one run: a random run mark and a counter, letters and digits only. */
export function suffixSource(): () => string {
  const run = globalThis.crypto.randomUUID().replaceAll('-', '').slice(0, 8);
  let count = 0;
  return () => `kit${run}${(count++).toString(36)}`;
}
