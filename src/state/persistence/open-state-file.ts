/**
 * A state file as the server uses it: locked against a second process,
 * loaded with its change log, and written to before each write is answered.
 */
import type { MockState } from '../mock-state.js';
import { lockStateFile } from './lock-file.js';
import { loadStateFile } from './state-file.js';
import { StateFileWriter, type StateFileWriterOptions } from './state-file-writer.js';

export interface OpenStateFile {
  /** The state came from the file (which existed), not from the seed and scenario. */
  loaded: boolean;
  /** Resolves once every change made so far is on disk. */
  committed(): Promise<void>;
  /** Folds the log into the snapshot and lets go of the lock; rejects (after saying why on stderr) when the state could not be saved. */
  close(): Promise<void>;
}

export async function openStateFile(
  mockState: MockState,
  path: string,
  options: StateFileWriterOptions & { note?: (message: string) => void } = {},
): Promise<OpenStateFile> {
  const release = await lockStateFile(path, options.note);
  let writer: StateFileWriter | undefined;
  try {
    const state = await loadStateFile(mockState, path, options.note);
    writer = new StateFileWriter(mockState, path, options);
    await writer.start(state.logContinues, state.logLines);
    const open = writer;
    let closing: Promise<void> | undefined;
    return {
      loaded: state.loaded,
      committed: () => open.commit(),
      close: () => {
        closing ??= open.close().finally(release);
        return closing;
      },
    };
  } catch (error) {
    await writer?.close().catch(() => {});
    await release();
    throw error;
  }
}
