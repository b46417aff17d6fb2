/**
 * The path of one record: its collection's path and its id as one segment. An id is the target's own text, and
 * sent as it is, one holding `/`, `?`, `#` or `%` would name another address (`../sip-trunks/<id>` another
 * record, which a cleanup would then delete), so it is percent-encoded as a segment. Every request the kit sends
 * to a record takes its path from here, so that what it reads, changes and deletes is the record the id names.
 */

/** An id no URL can carry as a path segment (see `whyUnaddressable`). */
export class UnaddressableId extends Error {}

/** The ids no URL carries as a segment whatever their encoding (a lone surrogate aside: see whyUnaddressable). */
export const UNADDRESSABLE_IDS: readonly string[] = ['', '.', '..'];

/**
 * Why no URL can carry `id` as one path segment, or undefined when one can: `.` and `..` (and their encodings) are
 * resolved away by every URL parser, an empty one names the collection, and text with a lone surrogate has no
 * UTF-8 form to encode. `whose` names the id in the reason.
 */
export function whyUnaddressable(id: string, whose = "the target's id"): string | undefined {
  if (UNADDRESSABLE_IDS.includes(id))
    return `${whose} ${JSON.stringify(id)} cannot be sent as one segment of a path (a URL resolves "." and ".." to another path, and an empty one names the collection)`;
  try {
    encodeURIComponent(id);
  } catch {
    return `${whose} ${JSON.stringify(id)} holds a lone UTF-16 surrogate, which has no UTF-8 form to send in a path`;
  }
  return undefined;
}

/** Whether a path can carry `id` (a value of any type: a list's item may hold anything under its id). */
export const isAddressable = (id: unknown): id is string => typeof id === 'string' && whyUnaddressable(id) === undefined;

/** The path of the record `id` of `collection`; throws UnaddressableId for an id no path can carry. */
export function recordPath(collection: string, id: string): string {
  const why = whyUnaddressable(id);
  if (why !== undefined) throw new UnaddressableId(`${why}, so the record it names was not addressed`);
  return `${collection}/${encodeURIComponent(id)}`;
}

/** The id a path segment names (the inverse of recordPath's encoding); undefined where it is not valid percent-encoding. */
export function idOfSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
