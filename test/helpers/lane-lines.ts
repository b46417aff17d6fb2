/**
 * Which request log lines the direct routes wrote: the lane (src/server/direct-lane.ts) writes a request's line in
 * the call that answers it, so its module is on the stack; the app writes its lines from a later turn of its own.
 * The answers of the two ways are the same bytes, so tests that compare them tell the ways apart by this.
 */
export interface LoggedLines {
  /** The request log's writer to give a server (`requestLog: { write }`). */
  write(line: string): void;
  lines: string[];
  /** Per line, whether the direct routes wrote it. */
  byLane: boolean[];
}

export function loggedLines(): LoggedLines {
  const lines: string[] = [];
  const byLane: boolean[] = [];
  return {
    lines,
    byLane,
    write(line) {
      lines.push(line);
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 30;
      byLane.push(/direct-lane\.[jt]s/.test(new Error().stack ?? ''));
      Error.stackTraceLimit = limit;
    },
  };
}
