/**
 * The path of one record: its collection's path and its id as one segment. An id is the target's own text, and
 * sent as it is, one holding `/`, `?`, `#` or `%` would name another address (`../sip-trunks/<id>` another
 * record, which a cleanup would then delete), so it is percent-encoded as a segment. Every request the kit sends
 * to a record takes its path from here, so that what it reads, changes and deletes is the record the id names.
 */

/** An id no URL can carry as a path segment: `.` and `..` (and their encodings) are resolved away, an empty one names the collection. */
export class UnaddressableId extends Error {}

export function recordPath(collection: string, id: string): string {
  if (id === '' || id === '.' || id === '..') {
    throw new UnaddressableId(
      `the target's id ${JSON.stringify(id)} cannot be sent as one segment of a path (a URL resolves "." and ".." away, and an empty one names the collection), so the record it names was not addressed`,
    );
  }
  return `${collection}/${encodeURIComponent(id)}`;
}
