/**
 * The change log beside the state file (`<state file>.log`): JSON lines,
 * appended and flushed to the disk before a write is answered. Its first
 * line names the snapshot it continues (the id the snapshot holds under
 * `changeLog`); each line after it is one batch of changes. A line counts
 * once its newline is on disk: a kill in the middle of an append leaves a
 * last line without one, which is dropped when the log is read.
 */
import { readFile } from 'node:fs/promises';
import { MAX_RECORD_DEPTH, parseUntrustedJson } from '../../domain/untrusted-json.js';
import { changeSchema, type LoggedChange } from './change-feed.js';
import { StateFileError } from './state-file-error.js';

export const CHANGE_LOG_FORMAT = 'voice-config-mock/changes';

/** The log's first line: which snapshot it continues. */
export function logHeader(snapshotId: string): string {
  return `${JSON.stringify({ format: CHANGE_LOG_FORMAT, version: 1, snapshot: snapshotId })}\n`;
}

/** A batch of changes (each already JSON) as one line. */
export function logLine(changes: readonly string[]): string {
  return `[${changes.join(',')}]\n`;
}

export interface ReadLog {
  changes: LoggedChange[];
  /** Whether the file held anything at all. */
  found: boolean;
  /** The snapshot id its header line names, if it has one. */
  header: string | undefined;
  /** Its last line was cut short (and dropped): nothing may be appended after it. */
  torn: boolean;
  /** Whole lines of changes after the header: a continued log keeps counting from here. */
  lines: number;
}

/**
 * The changes logged after the snapshot `snapshotId`, in order. A log
 * written for another snapshot is ignored (a fold that wrote the new
 * snapshot and was killed before it emptied the log: the snapshot already
 * holds those changes). A damaged line before the last stops the start.
 */
export async function readChangeLog(path: string, snapshotId: string | undefined, note: (message: string) => void): Promise<ReadLog> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { changes: [], found: false, header: undefined, torn: false, lines: 0 };
    throw new StateFileError(`Cannot read the change log ${path}: ${(error as Error).message}.`);
  }
  const lines = text.split('\n');
  const tail = lines.pop() ?? '';
  if (tail !== '') {
    note(
      `The change log ${path} ends in a line cut short (${Buffer.byteLength(tail)} bytes; the mock was stopped in the middle of a write, which was never answered). That line was dropped; everything before it was loaded.`,
    );
  }
  const torn = tail !== '';
  if (lines.length === 0) return { changes: [], found: text !== '', header: undefined, torn, lines: 0 };
  const header = parseLine(path, lines[0] ?? '', 1);
  if (typeof header !== 'object' || header === null || (header as { format?: unknown }).format !== CHANGE_LOG_FORMAT) {
    throw new StateFileError(
      `The change log ${path} does not start with its header line; it was left as it is. Move it away to start from ${path.replace(/\.log$/, '')} alone.`,
    );
  }
  const { version } = header as { version?: unknown };
  if (version !== 1) {
    throw new StateFileError(
      `The change log ${path} was written by another version of voice-config-mock (its format version is ${JSON.stringify(version)}; this one reads version 1). It was left as it is: start the version that wrote it, or move it away to start from ${path.replace(/\.log$/, '')} alone.`,
    );
  }
  const continues = (header as { snapshot?: unknown }).snapshot;
  if (continues !== snapshotId) {
    note(`The change log ${path} continues another version of the state file, which already holds its changes; it was ignored.`);
    return { changes: [], found: true, header: undefined, torn, lines: 0 };
  }
  const changes: LoggedChange[] = [];
  lines.slice(1).forEach((line, index) => {
    const batch = parseLine(path, line, index + 2);
    const parsed = changeSchema.array().safeParse(batch);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new StateFileError(
        `Line ${index + 2} of the change log ${path} is not a list of changes (${issue?.path.join('/') ?? ''}: ${issue?.message ?? 'not a list'}); the files were left as they are.`,
      );
    }
    changes.push(...parsed.data);
  });
  return { changes, found: true, header: snapshotId, torn, lines: lines.length - 1 };
}

/** A batch sits in a list, a record in a change: two levels above a record's own. */
const MAX_LINE_DEPTH = MAX_RECORD_DEPTH + 3;

function parseLine(path: string, line: string, number: number): unknown {
  const parsed = parseUntrustedJson(line, MAX_LINE_DEPTH, `Line ${number} of the change log ${path}`);
  if (!parsed.ok)
    throw new StateFileError(`${parsed.message} Only the last line can be cut short by a crash; the files were left as they are.`);
  return parsed.value;
}
