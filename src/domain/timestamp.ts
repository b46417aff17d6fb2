/**
 * Record timestamps as ISO 8601 text. Under load several writes fall in the
 * same millisecond, so the text of the last one is kept instead of formatting
 * the date again; `npm run bench -- --variants no-timestamp-cache` weighs it
 * (docs/BENCHMARKS.md).
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
