/**
 * Record timestamps as ISO 8601 text. V8 formats a date through snprintf,
 * about a microsecond each time; under load several writes fall in the same
 * millisecond, so the text of the last one is kept.
 */
let lastMs = Number.NaN;
let lastText = '';

export function isoTimestamp(date: Date): string {
  const ms = date.getTime();
  if (ms !== lastMs) {
    // An invalid date (NaN) never matches, so it throws here as toISOString always has.
    lastText = date.toISOString();
    lastMs = ms;
  }
  return lastText;
}
