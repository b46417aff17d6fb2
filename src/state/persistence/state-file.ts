/**
 * Keeps a frontend developer's data across restarts, kills included: the
 * state is a snapshot (the state file) and a log of the changes made since
 * (`<state file>.log`, src/state/persistence/change-log.ts). At start the snapshot
 * is read, the log's changes are applied to it, and the result is loaded
 * with every check a snapshot gets; a file that cannot be read or parsed is
 * reported and left untouched.
 */
import { readFile } from 'node:fs/promises';
import { DomainError } from '../../domain/errors.js';
import { parseUntrustedJson } from '../../domain/untrusted-json.js';
import type { MockState } from '../mock-state.js';
import { importState, MAX_SNAPSHOT_DEPTH } from '../snapshot/snapshot.js';
import { readChangeLog } from './change-log.js';
import { ReplayedState } from './replay.js';
import { StateFileError } from './state-file-error.js';

export { StateFileError } from './state-file-error.js';

/** Where a state file's change log is. */
export const changeLogPath = (path: string): string => `${path}.log`;

export interface LoadedState {
  /** The state came from the file (which existed), not from the seed and scenario. */
  loaded: boolean;
  /** The log can take more lines as it is (it continues this snapshot and ends whole); otherwise the writer folds at once. */
  logContinues: boolean;
  /** Lines of changes the continued log holds already, toward the writer's bound on lines. */
  logLines: number;
}

/** Loads the file and its log into the mock state; `loaded` is false when there is no file yet (the scenario stays). */
export async function loadStateFile(
  mockState: MockState,
  path: string,
  note: (message: string) => void = (message) => console.error(`voice-config-mock: ${message}`),
): Promise<LoadedState> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new StateFileError(`Cannot read the state file ${path}: ${(error as Error).message}.`);
    // No snapshot: a log beside it (from a snapshot since removed) continues nothing.
    const log = await readChangeLog(changeLogPath(path), undefined, () => {});
    if (log.found) note(`The change log ${changeLogPath(path)} has no state file beside it; it was ignored.`);
    return { loaded: false, logContinues: false, logLines: 0 };
  }
  const parsed = parseUntrustedJson(text, MAX_SNAPSHOT_DEPTH, `The state file ${path}`);
  if (!parsed.ok) {
    throw new StateFileError(`${parsed.message} It was left as it is; fix it, move it away, or pick another --state-file.`);
  }
  const snapshot = parsed.value as Record<string, unknown> | null;
  const snapshotId = typeof snapshot?.changeLog === 'string' ? snapshot.changeLog : undefined;
  const log = await readChangeLog(changeLogPath(path), snapshotId, note);
  try {
    const state = log.changes.length === 0 ? snapshot : replayed(snapshot, log.changes);
    importState(mockState, state);
  } catch (error) {
    const problems =
      error instanceof DomainError
        ? error.problems
            .slice(0, 5)
            .map((p) => `\n  /${p.path.join('/')}: ${p.message}`)
            .join('')
        : '';
    throw new StateFileError(
      `The state file ${path} is not a state this mock can load: ${(error as Error).message}${problems}\nIt was left as it is.`,
    );
  }
  const logContinues = snapshotId !== undefined && log.found && !log.torn && log.header === snapshotId;
  return { loaded: true, logContinues, logLines: logContinues ? log.lines : 0 };
}

function replayed(snapshot: Record<string, unknown> | null, changes: Parameters<ReplayedState['apply']>[0][]): unknown {
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) return snapshot;
  const state = new ReplayedState(snapshot);
  for (const change of changes) state.apply(change);
  return state.toState();
}
