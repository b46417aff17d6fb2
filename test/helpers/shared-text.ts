/**
 * What two servers on the same seed can share of their answers: the ids
 * each made, numbered in the order it first showed them, and timestamps
 * left out. Used where a test compares one server's answers with another's
 * (the direct routes against the app).
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g;

/** A text's ids numbered (`id-0`, `id-1`, … in the order this function first met them) and its timestamps as `T`. */
export function idsNumbered(): (text: string) => string {
  const ids = new Map<string, string>();
  return (text) =>
    text
      .replace(UUID, (id) => {
        if (!ids.has(id)) ids.set(id, `id-${ids.size}`);
        return ids.get(id) as string;
      })
      .replace(TIMESTAMP, 'T');
}

/** A server's journal (its first 1,000 entries), without what differs by the moment (ids of entries, times, durations), ids numbered. */
export async function journalText(url: string, numbered: (text: string) => string = idsNumbered()): Promise<string> {
  const page = (await (await fetch(`${url}/__mock/journal?limit=1000`)).json()) as { entries: Record<string, unknown>[] };
  return numbered(JSON.stringify(page.entries.map(({ id: _id, time: _time, timeMs: _ms, durationMs: _duration, ...rest }) => rest)));
}
